/// The bytes of one configuration file, kept so errors can quote the offending line.
struct ConfigSource: Sendable {
    var path: String
    var bytes: [UInt8]

    /// The text of 1-based `line`, without its line break; nil past the end of the file.
    func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = 0
        var index = 0
        while index < bytes.count {
            if current == number { break }
            if bytes[index] == UInt8(ascii: "\n") {
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == number, start <= bytes.count else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Byte offsets where each line starts (index 0 is line 1); used only when editing.
    func lineStarts() -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        return starts
    }

    /// The byte offset of a mark, walking UTF-8 so that columns (counted in characters) land right.
    func offset(of mark: YAMLMark, lineStarts: [Int]) -> Int {
        guard mark.line - 1 < lineStarts.count else { return bytes.count }
        var offset = lineStarts[mark.line - 1]
        var characters = 1
        while characters < mark.column, offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") {
            offset += 1
            // Continuation bytes (10xxxxxx) belong to the character already counted.
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            characters += 1
        }
        return offset
    }
}
