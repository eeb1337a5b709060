/// How `JSONValue` is written out.
public enum JSONWriteStyle: Sendable, Equatable {
    /// No insignificant whitespace: request bodies, stored documents.
    case compact
    /// Two-space indentation, `"key": value`, one member or element per line: for people.
    case pretty
}

/// Writes `JSONValue` as UTF-8: numbers by their original lexeme, keys in their kept order,
/// strings escaped minimally (`"`, `\`, and control characters; `/` and non-ASCII as is).
struct JSONWriter {
    private(set) var output: [UInt8] = []
    private let pretty: Bool

    init(style: JSONWriteStyle) {
        pretty = style == .pretty
    }

    mutating func write(_ value: JSONValue, indent: Int = 0) {
        switch value {
        case .null: append("null")
        case .bool(let bool): append(bool ? "true" : "false")
        case .number(let number): output.append(contentsOf: number.lexeme.utf8)
        case .string(let string): writeString(string)
        case .array(let elements):
            guard !elements.isEmpty else {
                append("[]")
                return
            }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent: indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent: indent)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                append("{}")
                return
            }
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent: indent + 1)
                writeString(member.key)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                write(member.value, indent: indent + 1)
            }
            newline(indent: indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(indent: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        // Copied from a line of spaces (appending a `repeatElement` went byte by byte: 2% of
        // writing 100,000 ONUs as JSON); deeper than it reaches, in several copies.
        var remaining = indent * 2
        while remaining > 0 {
            let count = min(remaining, Self.spaces.utf8CodeUnitCount)
            output.append(contentsOf: UnsafeBufferPointer(start: Self.spaces.utf8Start, count: count))
            remaining -= count
        }
    }

    private static let spaces: StaticString = "                                                                "

    private mutating func append(_ text: StaticString) {
        Self.append(text, to: &output)
    }

    static func append<Sink: ByteSink>(_ text: StaticString, to output: inout Sink) {
        output.append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func writeString(_ string: String) {
        Self.appendString(string, to: &output)
    }

    /// `string` as a JSON string literal, quotes included.
    static func appendString<Sink: ByteSink>(_ string: String, to output: inout Sink) {
        // From the string's own storage: a copy to call `withUTF8` on is a retain and a release.
        if string.utf8.withContiguousStorageIfAvailable({ appendString(utf8: $0, to: &output) }) != nil { return }
        var string = string
        string.withUTF8 { appendString(utf8: $0, to: &output) }
    }

    /// Runs that need no escaping (nearly all of a text: a document of many lines has one escape
    /// per line) are copied whole; only `"`, `\\` and control characters are written one by one.
    static func appendString<Sink: ByteSink>(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout Sink) {
        output.reserve(more: bytes.count + 2)
        output.append(UInt8(ascii: "\""))
        var run = 0
        var cursor = 0
        while cursor < bytes.count {
            cursor = plainRunEnd(bytes, from: cursor)
            guard cursor < bytes.count else { break }
            if run < cursor { output.append(bytes: UnsafeBufferPointer(rebasing: bytes[run..<cursor])) }
            let byte = bytes[cursor]
            switch byte {
            case UInt8(ascii: "\""): append("\\\"", to: &output)
            case UInt8(ascii: "\\"): append("\\\\", to: &output)
            case 0x0A: append("\\n", to: &output)
            case 0x0D: append("\\r", to: &output)
            case 0x09: append("\\t", to: &output)
            case 0x08: append("\\b", to: &output)
            case 0x0C: append("\\f", to: &output)
            default:
                append("\\u00", to: &output)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
            cursor += 1
            run = cursor
        }
        if run < bytes.count { output.append(bytes: UnsafeBufferPointer(rebasing: bytes[run...])) }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The first index at or after `start` of a byte that must be escaped (a quote, a backslash
    /// or a control character), or the end.
    @inline(__always)
    private static func plainRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        ByteScan.firstStop(in: bytes, from: start, mayStop: mayNeedEscape, stops: needsEscape)
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether any byte of `word` may need escaping: never false when one does (the zero-byte
    /// tricks for a quote and a backslash, a borrow below 0x20); bytes of 0x80 and above are
    /// masked out first, so UTF-8 text does not fall back to the byte-by-byte check.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ 0x2222_2222_2222_2222
        let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
        let control = (word & ~high) &- 0x2020_2020_2020_2020
        let hits = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (control & ~word)
        return hits & high != 0
    }
}
