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
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them in one go.
        let copied: Bool? = string.utf8.withContiguousStorageIfAvailable { buffer in
            guard !buffer.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return false
            }
            output.append(contentsOf: buffer)
            return true
        }
        if copied == true {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
