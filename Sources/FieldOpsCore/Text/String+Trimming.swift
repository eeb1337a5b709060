extension StringProtocol {
    /// The text without the spaces and tabs around it: what Foundation's
    /// `trimmingSpaces()` returns (tab, the Unicode space separators (Zs) and
    /// U+200B ZERO WIDTH SPACE, which Foundation's set still holds from older Unicode),
    /// without bridging to `NSString`, which cost 0.8M instructions on its first call (the
    /// character set tables) and several times this function's on every later one.
    public func trimmingSpaces() -> String {
        // Nothing to trim when both ends are ASCII and neither is a space or a tab: every cell
        // of a tidy file, and most paths and header lines.
        let text = Substring(self)
        if let first = text.utf8.first, let last = text.utf8.last, first < 0x80, last < 0x80,
            first != UInt8(ascii: " "), first != UInt8(ascii: "\t"), last != UInt8(ascii: " "), last != UInt8(ascii: "\t")
        {
            return String(text)
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpaceOrTab }),
            let last = scalars.lastIndex(where: { !$0.isSpaceOrTab })
        else { return "" }
        return String(scalars[first...last])
    }
}
