import FieldOpsCore
import Testing

@Suite struct JSONParseErrorTests {
    private func error(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONValue(parsing: text, source: "test input")
            return nil
        } catch {
            return error
        }
    }

    // MARK: Strictness

    @Test func rejectsWhatRFC8259Forbids() {
        let cases: [(String, String)] = [
            ("[1,2,]", "trailing commas"),
            (#"{"a":1,}"#, "expected a string key after ','"),
            ("// c\n1", "expected a value"),
            ("[1 /* c */]", "expected ',' or ']'"),
            ("01", "leading zeros"),
            ("[-012]", "leading zeros"),
            ("1.", "after the decimal point"),
            ("\"a\tb\"", "control characters must be escaped"),
            (#""\ud83d""#, "lone surrogate"),
            (#""\ude80x""#, "lone surrogate"),
            (#""\ud83d\u0041""#, "expected a low surrogate"),
            (#""\x""#, "after '\\'"),
            (#""\u12G4""#, "4 hex digits"),
            ("'a'", "expected a value"),
            ("tru", "expected a value"),
            ("{\"a\" 1}", "expected ':'"),
            (#"{"a":1,"a":2}"#, "repeated key \"a\""),
            ("1 2", "expected end of input"),
            ("", "expected a value, found end of input"),
            ("\"abc", "never closed"),
            ("NaN", "expected a value"),
        ]
        for (text, expected) in cases {
            let found = error(text)
            #expect(found?.reason.contains(expected) == true, "\(text): \(found?.reason ?? "accepted")")
        }
    }

    /// Small objects filter keys by their bytes before comparing them: a key spelt with an
    /// escape, a repeat far from the first and keys that share length and ends are still caught.
    @Test func repeatedKeysAreFoundHoweverTheyAreWritten() {
        let cases = [
            #"{"a":1,"\u0061":2}"#, #"{"\u0061":1,"a":2}"#, #"{"ab":1,"x":0,"y":0,"z":0,"ab":2}"#, #"{"":1,"":2}"#,
            #"{"axb":1,"ayb":2,"axb":3}"#,
        ]
        for text in cases {
            #expect(error(text)?.reason.contains("repeated key") == true, "\(text)")
        }
        #expect(error(#"{"axb":1,"ayb":2,"azb":3,"a":4,"b":5}"#) == nil)
    }

    @Test func repeatedKeysAreFoundInLargeObjectsToo() {
        let keys = (0..<40).map { "\"k\($0)\":\($0)" } + ["\"k3\":0"]
        #expect(error("{" + keys.joined(separator: ",") + "}")?.reason.contains("repeated key \"k3\"") == true)
    }

    @Test func rejectsInvalidUTF8() throws {
        for bytes: [UInt8] in [
            [0x22, 0xC3, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],
            [0x22, 0xFF, 0x22],
        ] {
            #expect(throws: JSONParseError.self) { try JSONValue(parsing: bytes) }
        }
    }

    @Test func refusesNestingDeeperThanTheLimit() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(error(deep)?.reason == "nesting deeper than 512 levels")
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONValue(parsing: fine).arrayValue?.count == 1)
    }

    // MARK: Location

    @Test func saysLineColumnAndShowsTheLineWithACaret() throws {
        let found = try #require(error("{\n  \"name\": \"é\",\n  \"count\": 12,\n}"))
        #expect(found.line == 4)
        #expect(found.column == 1)
        #expect(found.summary == "invalid JSON in test input at line 4, column 1: expected a string key after ',', found '}'")
        #expect(found.details == ["}", "^"])

        let unicode = try #require(error("{\"é🚀\": tru}"))
        #expect(unicode.line == 1)
        #expect(unicode.column == 8)
        #expect(unicode.details == ["{\"é🚀\": tru}", "       ^"])
    }

    @Test func longLinesAreShortenedAroundTheProblem() throws {
        let text = "[" + String(repeating: "1,", count: 5000) + "x]"
        let found = try #require(error(text))
        #expect(found.column == 10_002)
        #expect(found.excerpt.count < 200)
        let caretLine = try #require(found.details.last)
        let excerptScalars = Array(found.excerpt)
        #expect(excerptScalars[caretLine.count - 1] == "x")
    }
}
