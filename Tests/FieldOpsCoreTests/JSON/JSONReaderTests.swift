import FieldOpsCore
import Foundation
import Testing

/// `JSONReader` against the tree parser: whatever it reads is what the parser reads, and it
/// declines everything the parser refuses (so a caller's fallback to the parser reports it).
@Suite struct JSONReaderTests {
    static func read(_ text: String) -> JSONValue? {
        JSONReader.read(Data(text.utf8)) { (reader) throws(JSONReader.Declined) in try reader.walkedValue() }
    }

    /// A deterministic generator of awkward values.
    struct Values {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func string(keyLike: Bool = false) -> String {
            let pieces = ["a", "ONU", "Time", " ", "é", "日本", "🎉", "x y", "0", "_id", "-18.20"]
            let escaped = ["\"", "\\", "\n", "\t", "\u{1}", "\u{7F}", "/"]
            var text = ""
            for _ in 0..<next(4) {
                text += !keyLike && next(5) == 0 ? escaped[next(escaped.count)] : pieces[next(pieces.count)]
            }
            return text
        }

        mutating func value(depth: Int = 0) -> JSONValue {
            let numbers = ["0", "-0", "1", "-18.20", "1e3", "1.5E-3", "18446744073709551615", "-9223372036854775809", "65535"]
            switch depth > 3 ? next(4) : next(7) {
            case 0: return .string(string())
            case 1: return .number(JSONNumber(lexeme: numbers[next(numbers.count)])!)
            case 2: return [JSONValue.bool(true), .bool(false), .null][next(3)]
            case 3: return .string("")
            case 4:
                var members: [(String, JSONValue)] = []
                for _ in 0..<next(6) {
                    let key = string(keyLike: true) + String(members.count)
                    members.append((key, value(depth: depth + 1)))
                }
                return .object(JSONObject(members))
            default:
                return .array((0..<next(5)).map { _ in value(depth: depth + 1) })
            }
        }
    }

    // MARK: Agreement

    @Test func everyValueIsReadAsTheParserReadsIt() throws {
        var values = Values(state: 20_261_205)
        for _ in 0..<600 {
            let value = values.value()
            for style in [JSONWriteStyle.compact, .pretty] {
                let text = String(decoding: value.jsonBytes(style), as: UTF8.self)
                #expect(try Self.read(text) == JSONValue(parsing: text), "\(text)")
            }
        }
    }

    @Test func whitespaceAndAByteOrderMarkAreAcceptedWhereTheParserAcceptsThem() throws {
        for text in [" \n\t{ \"a\" : [ 1 , \"b\" ] , \"c\" : { } }\r\n", "\u{FEFF}[1]", "[]", "{}", "\"\"", "-0"] {
            #expect(try Self.read(text) == JSONValue(parsing: text), "\(text)")
        }
    }

    // MARK: Declining

    @Test func everyTextTheParserRefusesIsDeclined() {
        let refused = [
            "[1,2,]", #"{"a":1,}"#, "// c\n1", "01", "1.", "\"a\tb\"", #""\ud83d""#, #""\x""#, "'a'", "tru",
            "{\"a\" 1}", #"{"a":1,"a":2}"#, "1 2", "", "   ", "\"abc", "NaN", "[", "{", #"{"a""#, "[1 2]", "{,}", "[,1]",
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600), "\u{FEFF}",
        ]
        for text in refused {
            #expect((try? JSONValue(parsing: text)) == nil, "the parser refuses \(text)")
            #expect(Self.read(text) == nil, "the reader declines \(text)")
        }
        #expect(JSONReader.read(Data([0x22, 0xC3, 0x28, 0x22])) { (reader) throws(JSONReader.Declined) in try reader.string() } == nil)
    }

    @Test func aValueTheCallerLeavesUnreadIsStillChecked() {
        func ignoringMembers(_ text: String) -> Bool? {
            JSONReader.read(Data(text.utf8)) { (reader) throws(JSONReader.Declined) in
                try reader.object { _, _ in }
            }
        }
        #expect(ignoringMembers(#"{"a":[1,{"b":"c"}],"d":null}"#) == true)
        #expect(ignoringMembers(#"{"a":[1,2,]}"#) == nil)
        #expect(ignoringMembers(#"{"a":{"b":1,"b":2}}"#) == nil, "a repeated key deep in a skipped value")
        #expect(ignoringMembers(#"{"a":"\ud800"}"#) == nil)
        #expect(ignoringMembers("[1]") == nil, "not an object, and the caller read nothing else: no value was read")
    }

    @Test func shapesLeftToTheTreeAreDeclinedThoughTheParserReadsThem() throws {
        let escapedKey = #"{"st\u0061tus":1}"#
        let wide = "{" + (0...JSONReader.membersChecked).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        for text in [escapedKey, wide] {
            _ = try JSONValue(parsing: text)
            #expect(Self.read(text) == nil)
        }
        let widest = "{" + (1...JSONReader.membersChecked).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        #expect(try Self.read(widest) == JSONValue(parsing: widest))
    }

    @Test func aCallerCannotReadTwoValuesWhereTheTextHasOne() {
        let twice = JSONReader.read(Data(#"["a" "b"]"#.utf8)) { (reader) throws(JSONReader.Declined) in
            try reader.array { (element) throws(JSONReader.Declined) in
                _ = try element.string()
                _ = try element.string()
            }
        }
        #expect(twice == nil)
        let nothing: Int? = JSONReader.read(Data("1".utf8)) { _ in 1 }
        #expect(nothing == nil, "reading no value at all is not reading the text")
    }

    // MARK: Values

    @Test func stringsAreHandedOverDecoded() {
        let bytes = JSONReader.read(Data(#"["plain é", "a\nb\u00e9\ud83c\udf89"]"#.utf8)) { (reader) throws(JSONReader.Declined) in
            var texts: [[UInt8]] = []
            _ = try reader.array { (element) throws(JSONReader.Declined) in
                if let text = try element.string({ Array($0) }) { texts.append(text) }
            }
            return texts
        }
        #expect(bytes == [Array("plain é".utf8), Array("a\nbé🎉".utf8)])
    }

    @Test func numbersKeepTheirTextAndOtherKindsAreNotTaken() {
        let read = JSONReader.read(Data(#"[-18.20, "1", 18446744073709551615, null]"#.utf8)) { (reader) throws(JSONReader.Declined) in
            var numbers: [String?] = []
            _ = try reader.array { (element) throws(JSONReader.Declined) in numbers.append(try element.number()?.lexeme) }
            return numbers
        }
        #expect(read == ["-18.20", nil, "18446744073709551615", nil])
    }

    @Test func keysCompareByTheirBytes() {
        let matched = JSONReader.read(Data(#"{"_id":1,"ONU":2,"Online Time":3,"é":4,"":5}"#.utf8)) { (reader) throws(JSONReader.Declined) in
            var names: [String] = []
            _ = try reader.object { (member, key) throws(JSONReader.Declined) in
                if key == "_id" { names.append("id") }
                if key == "ONU" { names.append("onu") }
                if key == "ONU " || key == "Online" { names.append("wrong") }
                if key == "Online Time" { names.append("online") }
                if key.matches("é") { names.append("e") }
                if key == "" { names.append("empty") }
            }
            return names
        }
        #expect(matched == ["id", "onu", "online", "e", "empty"])
    }
}
