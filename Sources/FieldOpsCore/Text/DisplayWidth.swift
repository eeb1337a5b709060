internal import CGlibcExtras

#if canImport(Glibc)
    import Glibc
#endif

/// How many terminal columns text takes, by the C library's `wcwidth` under the UTF-8 character
/// type (`TextLocale`): the rules terminals follow, kept current with the system's Unicode
/// tables instead of a hand-written list. A wide CJK character or emoji counts two, a combining
/// mark or a zero-width character none, and each scalar is counted as the terminal draws it
/// (`👩‍🔧` is two emoji and a joiner: four columns, as xterm and pyte lay it out).
///
/// Control characters count one: a table writes them as a space. A code point the C library
/// does not know yet (an emoji newer than its tables) falls back to the ranges below.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        let ready = TextLocale.ensureUTF8()
        var width = 0
        for scalar in text.unicodeScalars { width += of(scalar, wcwidthReady: ready) }
        return width
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        of(scalar, wcwidthReady: TextLocale.ensureUTF8())
    }

    static func of(_ scalar: Unicode.Scalar, wcwidthReady: Bool) -> Int {
        let value = scalar.value
        // ASCII, controls (written as a space) and Latin-1 to Latin Extended and IPA (Sjøgata,
        // Ålesundsvegen, Øvrebø): one column each, without a call per letter. Combining marks
        // start at U+0300.
        if value < 0x300 { return 1 }
        if wcwidthReady {
            let width = wcwidth(wchar_t(bitPattern: value))
            if width >= 0 { return Int(width) }
        }
        return fallback(value)
    }

    /// The widths of scalars `wcwidth` does not know.
    static func fallback(_ value: UInt32) -> Int {
        switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }
}

extension String {
    /// The longest prefix of whole characters (a base letter keeps its combining marks, an
    /// emoji sequence stays whole) that fits in `width` columns, ending in `…` when something
    /// was cut; the text itself when it fits. A wide character that would straddle the edge is
    /// left out rather than split, so the result may be a column narrower than `width`.
    public func truncated(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return self }
        var kept = ""
        var used = 0
        for character in self {
            let characterWidth = String(character).displayWidth
            if used + characterWidth > width - 1 { break }
            kept.append(character)
            used += characterWidth
        }
        return kept + "…"
    }
}
