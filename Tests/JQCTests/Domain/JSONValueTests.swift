import Foundation
import Testing
@testable import JQC

@Suite("JSON values")
struct JSONValueTests {
    // MARK: - Parsing

    @Test func numbersKeepTheirExactLexeme() throws {
        let v = try JSONValue.parse(#"[12.50, 5, 5.0, -0, 1e-7, 123456789012345678901234567890]"#)
        #expect(v == .array(["12.50", "5", "5.0", "-0", "1e-7", "123456789012345678901234567890"].map { .number(JSONNumber(lexeme: $0)!) }))
    }

    @Test func booleansAreNotNumbers() throws {
        let v = try JSONValue.parse(#"{"a": true, "b": 1, "c": null, "d": "x\u00e9\ud83d\ude00\n"}"#)
        #expect(v["a"] == .bool(true))
        #expect(v["b"] == .number(JSONNumber(1)))
        #expect(v["c"] == .null)
        #expect(v["d"] == .string("xé😀\n"))
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(throws: JSONSyntaxError(message: "expected ',' or '}' in an object", line: 2, column: 9, source: "answers.json")) {
            _ = try JSONValue.parse("{\"a\": 1,\n \"b\": 2 \"c\": 3}", source: "answers.json")
        }
        #expect(throws: JSONSyntaxError.self) { _ = try JSONValue.parse("[01]") }
        #expect(throws: JSONSyntaxError.self) { _ = try JSONValue.parse("[1,]") }
        #expect(throws: JSONSyntaxError.self) { _ = try JSONValue.parse("\"open") }
        #expect(throws: JSONSyntaxError.self) { _ = try JSONValue.parse("[] []") }
        #expect(throws: JSONSyntaxError.self) { _ = try JSONValue.parse(String(repeating: "[", count: 600)) }
    }

    // MARK: - Writing

    @Test func serialisingIsCompactSortedAndExact() throws {
        let text = #"{"b": [1.50, "t\"ab\t"], "a": {"z": null, "y": false}}"#
        #expect(try JSONValue.parse(text).jsonText == #"{"a":{"y":false,"z":null},"b":[1.50,"t\"ab\t"]}"#)
    }

    @Test func foundationObjectsKeepBooleansApartFromOnes() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"[true, 1, 1.5, "s", null, {"k": [false]}]"#.utf8))
        let v = try #require(JSONValue(foundationObject: object))
        #expect(v == .array([.bool(true), .number(JSONNumber(1)), .number(JSONNumber(lexeme: "1.5")!), .string("s"), .null, .object(["k": .array([.bool(false)])])]))
    }

    // MARK: - Typed numbers

    @Test func typedNumbersAreNormalisedToJSONLexemes() {
        #expect(JSONNumber(typed: " +12.50 ")?.lexeme == "12.50")
        #expect(JSONNumber(typed: ".5")?.lexeme == "0.5")
        #expect(JSONNumber(typed: "5.")?.lexeme == "5")
        #expect(JSONNumber(typed: "007")?.lexeme == "7")
        #expect(JSONNumber(typed: "-3E2")?.lexeme == "-3e2")
        for bad in ["", "abc", "nan", "inf", "0x1F", "1,5", "1.2.3", "--1", "e5", "."] {
            #expect(JSONNumber(typed: bad) == nil, "\(bad) should not be a number")
        }
    }
}
