import Foundation

extension JSONValue {
    /// Parses JSON text (RFC 8259), keeping every number's exact lexeme.
    ///
    /// Duplicate object keys keep the last value, as Python's `json` module does.
    public static func parse(_ data: Data, source: String? = nil) throws -> JSONValue {
        var reader = JSONReader(bytes: Array(data), source: source)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.atEnd else { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    /// Parses JSON held in a string.
    public static func parse(_ text: String, source: String? = nil) throws -> JSONValue {
        try parse(Data(text.utf8), source: source)
    }
}

/// A one-pass reader over UTF-8 bytes; recursion depth is capped so hostile input cannot
/// exhaust the stack.
private struct JSONReader {
    let bytes: [UInt8]
    let source: String?
    var index = 0
    static let maxDepth = 512

    init(bytes: [UInt8], source: String?) {
        self.bytes = bytes
        self.source = source
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    var atEnd: Bool { index >= bytes.count }

    func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        for i in 0..<min(index, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return JSONSyntaxError(message: message, line: line, column: index - lineStart + 1, source: source)
    }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func readValue(depth: Int) throws -> JSONValue {
        guard depth < JSONReader.maxDepth else { throw error("nesting deeper than \(JSONReader.maxDepth) levels") }
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw error("unexpected character, expected a value")
        }
    }

    mutating func expectWord(_ word: String) throws {
        let w = Array(word.utf8)
        guard bytes.count - index >= w.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("unexpected character, expected a value")
        }
        index += w.count
    }

    mutating func readNumber() throws -> JSONNumber {
        let start = index
        let numberBytes: Set<UInt8> = Set("+-.eE0123456789".utf8)
        while index < bytes.count, numberBytes.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let n = JSONNumber(lexeme: text) else {
            index = start
            throw error("malformed number '\(text)'")
        }
        return n
    }

    mutating func readString() throws -> String {
        index += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw error("control character inside a string") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by \uDC00–\uDFFF; a lone one becomes U+FFFD.
                    if index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try readHex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            out.append(contentsOf: Array("\u{FFFD}".utf8))
                            scalar = low
                        }
                    }
                }
                let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                index -= 1
                throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
            }
        }
    }

    mutating func readHex4() throws -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let d = hexDigit(bytes[index]) else { throw error("invalid \\u escape") }
            v = v << 4 | d
            index += 1
        }
        return v
    }

    func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - 0x30)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - 0x61 + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - 0x41 + 10)
        default: return nil
        }
    }

    mutating func readArray(depth: Int) throws -> JSONValue {
        index += 1
        var out: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(out)
        }
        while true {
            skipWhitespace()
            out.append(try readValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside a list") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(out) }
            throw error("expected ',' or ']' in a list")
        }
    }

    mutating func readObject(depth: Int) throws -> JSONValue {
        index += 1
        var out: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(out)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a quoted member name")
            }
            let key = try readString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            out[key] = try readValue(depth: depth + 1)
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(out) }
            throw error("expected ',' or '}' in an object")
        }
    }
}
