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
        if value < 0xA0 { return 1 }  // ASCII, and controls (written as a space)
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
