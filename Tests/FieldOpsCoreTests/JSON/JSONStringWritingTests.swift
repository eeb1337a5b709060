import FieldOpsCore
import Testing

/// Strings are written run by run, eight bytes tested at a time; these tests hold that to the
/// plain rule, one byte at a time: `"`, `\` and control characters escaped, everything else
/// (`/`, DEL, every non-ASCII byte) as it is.
@Suite struct JSONStringWritingTests {
    /// The rule, byte by byte, as the writer used to apply it.
    static func reference(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        let hex = Array("0123456789abcdef".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0..<0x20: out += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: out.append(byte)
            }
        }
        return out + [UInt8(ascii: "\"")]
    }

    @Test func everyByteThatNeedsEscapingIsFoundAtEveryOffsetOfAWord() throws {
        // Each special character (every control byte, the quote, the backslash) and each
        // character that must not be escaped though the word test looks at it (space, `/`, DEL,
        // two- to four-byte UTF-8) at every position of runs of several lengths, with plain
        // ASCII and non-ASCII around it.
        var specials = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        specials += ["\"", "\\", " ", "/", "\u{7F}", "é", "世", "🚀", "\u{85}", "!", "#", "[", "]"]
        for special in specials {
            for length in [0, 1, 7, 8, 9, 15, 16, 17, 31] {
                for offset in 0...length {
                    for filler in ["a", "ø"] {
                        let text = String(repeating: filler, count: offset) + special + String(repeating: filler, count: length - offset)
                        let written = JSONValue.string(text).jsonBytes()
                        #expect(written == Self.reference(text), "\(special.unicodeScalars.map(\.value)) at \(offset) of \(length)")
                        #expect(try JSONValue(parsing: written) == .string(text))
                    }
                }
            }
        }
    }

    @Test func documentsOfManyLinesAndKeysAreWrittenAsTheRuleSays() throws {
        let lines = (0..<200).map { "line \($0): \"quoted\" \\ path/to\tcell — ünïcødé 🚀\r" }.joined(separator: "\n")
        #expect(JSONValue.string(lines).jsonBytes() == Self.reference(lines))
        let object = JSONValue.object(JSONObject([("ke\"y\n", .string(lines)), ("plain", .string("no escapes at all, only text"))]))
        let expected =
            [UInt8(ascii: "{")] + Self.reference("ke\"y\n") + [UInt8(ascii: ":")] + Self.reference(lines) + [UInt8(ascii: ",")]
            + Self.reference("plain") + [UInt8(ascii: ":")] + Self.reference("no escapes at all, only text") + [UInt8(ascii: "}")]
        #expect(object.jsonBytes() == expected)
        #expect(JSONValue.string("").jsonBytes() == Array(#""""#.utf8))
    }
}
