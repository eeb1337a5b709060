/// The few string edits fieldops makes, on Unicode scalars as Foundation's methods they replace
/// did: a line end inside "\r\n" is found, which `Character`-based matching would miss because
/// Swift reads "\r\n" as one character.
extension StringProtocol {
    /// Without the white space and line ends at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` removed (the spaces `trimmingSpaces()`
    /// removes, and U+000A–U+000D, U+0085, U+2028, U+2029).
    public func trimmingWhitespace() -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isWhitespaceOrLineEnd }),
            let last = scalars.lastIndex(where: { !$0.isWhitespaceOrLineEnd })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Without the white space and line ends at its end.
    public func trimmingTrailingWhitespace() -> String {
        let scalars = Substring(self).unicodeScalars
        guard let last = scalars.lastIndex(where: { !$0.isWhitespaceOrLineEnd }) else { return "" }
        return String(scalars[...last])
    }

    /// Every occurrence of `target`, left to right and not overlapping, replaced by `replacement`.
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        let text = Array(utf8)
        let pattern = Array(target.utf8)
        guard !pattern.isEmpty, text.count >= pattern.count else { return String(self) }
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            if index + pattern.count <= text.count && text[index] == pattern[0]
                && text[index..<index + pattern.count].elementsEqual(pattern)
            {
                result.append(contentsOf: replacement.utf8)
                index += pattern.count
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension Unicode.Scalar {
    /// A space or tab as `trimmingSpaces()` counts them.
    var isSpaceOrTab: Bool {
        isASCII ? self == " " || self == "\t" : self == "\u{200B}" || properties.generalCategory == .spaceSeparator
    }

    var isWhitespaceOrLineEnd: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return isSpaceOrTab
        }
    }
}
