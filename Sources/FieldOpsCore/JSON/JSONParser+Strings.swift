extension JSONParser {
    /// Parses the string starting at the opening quote.
    ///
    /// Most strings in device documents have no escapes, so the fast path only validates
    /// UTF-8 and makes one `String` from the input bytes; the first backslash switches to a
    /// copying path that decodes escapes.
    mutating func parseString() throws(Failure) -> String {
        switch try scanString() {
        case .plain(let range):
            return String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
        case .escaped(let start, let backslash):
            var decoded = Array(input[start..<backslash])
            position = backslash
            return try parseEscapedRemainder(into: &decoded)
        }
    }

    /// What `scanString` found.
    enum ScannedString {
        /// The string's bytes, between its quotes, valid UTF-8 with no escapes; the position is
        /// past the closing quote.
        case plain(Range<Int>)
        /// The string has an escape: its bytes start at `start` and are plain up to the
        /// backslash at `backslash`; the position has not moved.
        case escaped(start: Int, backslash: Int)
    }

    /// Validates the string at the opening quote up to its end or its first escape.
    mutating func scanString() throws(Failure) -> ScannedString {
        let bytes = input
        let start = position + 1
        var cursor = start
        while cursor < bytes.count {
            cursor = plainRunEnd(from: cursor)
            guard cursor < bytes.count else { break }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                position = cursor + 1
                return .plain(start..<cursor)
            } else if byte == UInt8(ascii: "\\") {
                return .escaped(start: start, backslash: cursor)
            } else if byte < 0x20 {
                position = cursor
                throw failure("expected a character in the string (control characters must be escaped)")
            } else {
                cursor = try validatedUTF8End(at: cursor)
            }
        }
        position = start - 1
        throw Failure(offset: start - 1, reason: "string is never closed: expected '\"' before the end of input")
    }

    /// The first index at or after `start` holding a byte that ends a run of plain ASCII: a
    /// quote, a backslash, a control character or the start of a multi-byte sequence (or the
    /// end of the input).
    @inline(__always)
    func plainRunEnd(from start: Int) -> Int {
        ByteScan.firstStop(in: input, from: start, stopMask: Self.runEnds, stops: Self.endsRun)
    }

    @inline(__always)
    static func endsRun(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80
    }

    /// The high bit of each byte of `word` that ends a run, exact at the lowest one: the usual
    /// bit tricks for a zero byte (a quote or backslash XORed away) and a byte below 0x20, whose
    /// borrows only ever set bits above a byte that does end the run; and the byte's own high bit.
    @inline(__always)
    static func runEnds(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ 0x2222_2222_2222_2222
        let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
        let hits = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- 0x2020_2020_2020_2020) | word
        return hits & high
    }

    /// The rest of a string that has escapes: plain runs (ASCII and validated UTF-8) are copied
    /// whole, so a document of many lines costs one copy per line, not one append per byte.
    private mutating func parseEscapedRemainder(into decoded: inout [UInt8]) throws(Failure) -> String {
        let bytes = input
        var cursor = position
        var run = cursor
        while cursor < bytes.count {
            cursor = plainRunEnd(from: cursor)
            guard cursor < bytes.count else { break }
            let byte = bytes[cursor]
            if byte >= 0x80 {
                cursor = try validatedUTF8End(at: cursor)
                continue
            }
            if run < cursor { decoded.append(contentsOf: bytes[run..<cursor]) }
            if byte == UInt8(ascii: "\"") {
                position = cursor + 1
                return String(decoding: decoded, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                cursor += 1
                guard cursor < bytes.count else { break }
                switch bytes[cursor] {
                case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try parseUnicodeEscape(backslashAt: cursor - 1)
                    appendUTF8(scalar, to: &decoded)
                    cursor = position
                    run = cursor
                    continue
                default:
                    position = cursor
                    throw failure("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u after '\\'")
                }
                cursor += 1
                run = cursor
            } else {
                position = cursor
                throw failure("expected a character in the string (control characters must be escaped)")
            }
        }
        position = cursor
        throw failure("string is never closed: expected '\"'")
    }

    /// Decodes a `\u` escape (four hex digits) at `backslashAt`, combining a surrogate pair; leaves `position` after it.
    private mutating func parseUnicodeEscape(backslashAt start: Int) throws(Failure) -> Unicode.Scalar {
        let high = try hexQuad(at: start + 2)
        var end = start + 6
        var value = high
        if (0xD800...0xDBFF).contains(high) {
            let bytes = input
            guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\\"), bytes[end + 1] == UInt8(ascii: "u") else {
                throw Failure(offset: start, reason: "lone surrogate \\u\(hex4(high)): expected a low surrogate \\uDC00–\\uDFFF to follow")
            }
            let low = try hexQuad(at: end + 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw Failure(offset: end, reason: "expected a low surrogate \\uDC00–\\uDFFF after \\u\(hex4(high)), found \\u\(hex4(low))")
            }
            value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            end += 6
        } else if (0xDC00...0xDFFF).contains(high) {
            throw Failure(offset: start, reason: "lone surrogate \\u\(hex4(high)) without a high surrogate before it")
        }
        position = end
        guard let scalar = Unicode.Scalar(value) else {
            throw Failure(offset: start, reason: "\\u escape is not a Unicode scalar")
        }
        return scalar
    }

    private func hexQuad(at start: Int) throws(Failure) -> UInt32 {
        let bytes = input
        var value: UInt32 = 0
        for offset in 0..<4 {
            let at = start + offset
            guard at < bytes.count else {
                throw Failure(offset: at, reason: "expected 4 hex digits after \\u, found end of input")
            }
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                var here = self
                here.position = at
                throw here.failure("expected 4 hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func hex4(_ value: UInt32) -> String {
        hex2(UInt8(value >> 8)) + hex2(UInt8(value & 0xFF))
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        UTF8.encode(scalar) { buffer.append($0) }
    }

    /// The index after the valid UTF-8 sequence starting at `start` (a byte ≥ 0x80); rejects
    /// overlong forms, encoded surrogates and values past U+10FFFF.
    private func validatedUTF8End(at start: Int) throws(Failure) -> Int {
        let bytes = input
        let lead = bytes[start]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default:
            throw Failure(offset: start, reason: "invalid UTF-8 byte 0x\(hex2(lead)) in a string")
        }
        guard start + length <= bytes.count else {
            throw Failure(offset: start, reason: "truncated UTF-8 sequence in a string")
        }
        guard secondRange.contains(bytes[start + 1]) else {
            throw Failure(offset: start, reason: "invalid UTF-8 sequence in a string")
        }
        for offset in 2..<length where bytes[start + offset] & 0xC0 != 0x80 {
            throw Failure(offset: start, reason: "invalid UTF-8 sequence in a string")
        }
        return start + length
    }
}
