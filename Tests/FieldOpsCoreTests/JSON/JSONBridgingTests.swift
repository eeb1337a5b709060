import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@Suite struct JSONBridgingTests {
    // MARK: - Sorted keys

    @Test func sortedKeysGiveTheSameBytesWhateverTheBuildOrder() throws {
        let text = #"{"b": [1.50, "t\"ab\t"], "a": {"z": null, "y": false}}"#
        #expect(try JSONValue(parsing: text).withSortedKeys().jsonString() == #"{"a":{"y":false,"z":null},"b":[1.50,"t\"ab\t"]}"#)
        let built: JSONValue = ["y": 1, "x": [["d": true, "c": nil]]]
        let reversed: JSONValue = ["x": [["c": nil, "d": true]], "y": 1]
        #expect(built != reversed)
        #expect(built.withSortedKeys() == reversed.withSortedKeys())
        #expect(built.withSortedKeys().jsonString() == #"{"x":[{"c":null,"d":true}],"y":1}"#)
    }

    // MARK: - Foundation objects

    @Test func foundationObjectsKeepBooleansApartFromOnes() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"[true, 1, 1.5, "s", null, {"k": [false]}]"#.utf8))
        let value = try #require(JSONValue(foundationObject: object))
        #expect(value == [true, 1, .number(try #require(JSONNumber(lexeme: "1.5"))), "s", nil, ["k": [false]]])
        #expect(JSONValue(foundationObject: NSObject()) == nil)
    }

    // MARK: - Codable

    @Test func codableKeepsKindsAndIntegersExactly() throws {
        let value = try JSONValue(parsing: #"{"b":[1,true,"x",null],"a":{"n":9007199254740993,"f":1.50}}"#)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        #expect(decoded["b"] == [1, true, "x", nil])
        #expect(decoded["a"]?["n"] == 9_007_199_254_740_993)
        #expect(decoded["a"]?["f"]?.numberValue?.lexeme == "1.5")
        // A decoder gives no member order, so members come back sorted.
        #expect(decoded["a"]?.objectValue?.keys == ["f", "n"])
    }

    // MARK: - Hashing

    @Test func equalValuesHashEqually() throws {
        let one = try JSONValue(parsing: #"{"a":[1,{"b":"c"}]}"#)
        let two = try JSONValue(parsing: #"{ "a" : [ 1 , { "b" : "c" } ] }"#)
        #expect(Set([one, two]).count == 1)
        #expect(Set([one, try JSONValue(parsing: #"{"a":[1.0,{"b":"c"}]}"#)]).count == 2)
    }
}
