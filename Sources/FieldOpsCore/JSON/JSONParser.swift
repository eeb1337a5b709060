/// A strict RFC 8259 parser over UTF-8 bytes producing `JSONValue`.
///
/// Strict on purpose: fieldops writes back what it reads, so anything it cannot reproduce
/// faithfully (comments, trailing commas, repeated keys, invalid UTF-8, lone surrogates) is
/// refused with a located error instead of being guessed at. A leading UTF-8 byte-order mark
/// is skipped, as RFC 8259 §8.1 permits.
struct JSONParser {
    /// A failure before it is located; turned into `JSONParseError` at the top.
    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    // Internal rather than private so the string scanner in JSONParser+Strings.swift can use them.
    let input: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0
    private let maximumDepth: Int

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.input = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one complete document.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, source: String?, maximumDepth: Int
    ) -> Result<JSONValue, JSONParseError> {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        do throws(Failure) {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.position = 3 }
            let value = try parser.parseValue()
            parser.skipWhitespace()
            if parser.position < bytes.count {
                throw Failure(offset: parser.position, reason: "expected end of input after the document, found \(parser.describeFound())")
            }
            return .success(value)
        } catch {
            return .failure(JSONParseError(reason: error.reason, offset: error.offset, in: bytes, source: source))
        }
    }

    // MARK: Values

    mutating func parseValue() throws(Failure) -> JSONValue {
        skipWhitespace()
        guard position < input.count else { throw failure("expected a value") }
        switch input[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("expected a value")
        }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enterContainer()
        position += 1
        var members: [JSONObject.Member] = []
        members.reserveCapacity(8)
        // Repeated keys are found by a scan while the object is small, by the object's own
        // key index once it grows (built here once, so JSONObject need not rebuild it).
        var keyIndex: [String: Int]?
        // Below that size, a 64-bit filter of the keys so far: a key whose bit is clear cannot
        // be among them, so most members skip the comparison with every earlier key.
        var keyFilter: UInt64 = 0
        skipWhitespace()
        if position < input.count, input[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(JSONObject())
        }
        while true {
            skipWhitespace()
            guard position < input.count, input[position] == UInt8(ascii: "\"") else {
                throw failure(members.isEmpty ? "expected a string key or '}'" : "expected a string key after ','")
            }
            let keyOffset = position
            let key = try parseString()
            if keyIndex == nil, members.count >= JSONObject.indexThreshold {
                var built = [String: Int](minimumCapacity: members.count * 2)
                for (offset, member) in members.enumerated() { built[member.key] = offset }
                keyIndex = built
            }
            let isRepeated: Bool
            if keyIndex != nil {
                isRepeated = keyIndex?.updateValue(members.count, forKey: key) != nil
            } else {
                // The bit comes from the key's bytes in the input; a key written with escapes
                // has other bytes there than its text, so an object with one is scanned in full.
                let rawCount = position - keyOffset - 2
                if rawCount == key.utf8.count {
                    let bit = filterBit(from: keyOffset + 1, count: rawCount)
                    isRepeated = keyFilter & bit != 0 && members.contains { $0.key == key }
                    keyFilter |= bit
                } else {
                    isRepeated = members.contains { $0.key == key }
                    keyFilter = ~0
                }
            }
            if isRepeated {
                throw Failure(offset: keyOffset, reason: "repeated key \"\(key)\" in an object (fieldops refuses to drop either value)")
            }
            skipWhitespace()
            guard position < input.count, input[position] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the key \"\(key)\"")
            }
            position += 1
            let value = try parseValue()
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            guard position < input.count else { throw failure("expected ',' or '}' after an object member") }
            if input[position] == UInt8(ascii: ",") {
                position += 1
            } else if input[position] == UInt8(ascii: "}") {
                position += 1
                break
            } else {
                throw failure("expected ',' or '}' after an object member")
            }
        }
        depth -= 1
        return .object(JSONObject(uniqueMembers: members, index: keyIndex))
    }

    /// One of 64 bits for the key whose `count` bytes start at `start`: from its length and its
    /// first and last bytes.
    @inline(__always)
    private func filterBit(from start: Int, count: Int) -> UInt64 {
        guard count > 0 else { return 1 }
        let mixed = UInt64(count) &* 31 &+ UInt64(input[start]) &* 7 &+ UInt64(input[start + count - 1])
        return 1 << (mixed & 63)
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < input.count, input[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if position < input.count, input[position] == UInt8(ascii: "]") {
                throw failure("expected a value after ',' (trailing commas are not JSON)")
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard position < input.count else { throw failure("expected ',' or ']' after an array element") }
            if input[position] == UInt8(ascii: ",") {
                position += 1
            } else if input[position] == UInt8(ascii: "]") {
                position += 1
                break
            } else {
                throw failure("expected ',' or ']' after an array element")
            }
        }
        depth -= 1
        return .array(elements)
    }

    mutating func enterContainer() throws(Failure) {
        depth += 1
        if depth > maximumDepth {
            throw failure("nesting deeper than \(maximumDepth) levels", found: false)
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let start = position
        let count = literal.utf8CodeUnitCount
        let literalBytes = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count {
            guard start + offset < input.count, input[start + offset] == literalBytes[offset] else {
                position = start
                throw failure("expected a value")
            }
        }
        position += count
    }

    // MARK: Whitespace and messages

    @inline(__always)
    mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }

    func failure(_ expectation: String, found: Bool = true) -> Failure {
        Failure(offset: position, reason: found ? "\(expectation), found \(describeFound())" : expectation)
    }

    /// What sits at the current position, for "expected X, found Y".
    func describeFound() -> String {
        guard position < input.count else { return "end of input" }
        let byte = input[position]
        switch byte {
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0..<0x20, 0x7F: return "control character 0x\(hex2(byte))"
        default: return "byte 0x\(hex2(byte))"
        }
    }

    func hex2(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
