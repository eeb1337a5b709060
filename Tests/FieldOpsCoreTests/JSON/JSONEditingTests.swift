import FieldOpsCore
import Testing

@Suite struct JSONEditingTests {
    static let config =
        #"{"Reset Count":41,"ONU":{"FW Bank Ptr":0,"FW Bank Files":["a.bin","b.bin"],"FW Bank Versions":["1.0","1.1"]},"Big":18446744073709551615,"Temp":-18.20}"#

    @Test func replacingAValueKeepsEveryOtherByte() throws {
        var document = try JSONValue(parsing: Self.config)
        try document.set("c.bin", at: ["ONU", "FW Bank Files", 1])
        try document.set("2.0", at: ["ONU", "FW Bank Versions", 1])
        try document.set(1, at: ["ONU", "FW Bank Ptr"])
        let count = try #require(document["Reset Count"]?.int64Value)
        try document.set(.number(JSONNumber(count + 1)), at: ["Reset Count"])
        #expect(
            document.jsonString()
                == #"{"Reset Count":42,"ONU":{"FW Bank Ptr":1,"FW Bank Files":["a.bin","c.bin"],"FW Bank Versions":["1.0","2.0"]},"Big":18446744073709551615,"Temp":-18.20}"#
        )
    }

    @Test func newKeysAreAppendedAtTheEnd() throws {
        let document = try JSONValue(parsing: Self.config).setting(["ONU", "Note"], to: "x")
        #expect(document["ONU"]?.objectValue?.keys == ["FW Bank Ptr", "FW Bank Files", "FW Bank Versions", "Note"])
    }

    @Test func indexOnePastTheEndAppends() throws {
        let document = try JSONValue(parsing: Self.config).setting(["ONU", "FW Bank Files", 2], to: "c.bin")
        #expect(document.value(at: ["ONU", "FW Bank Files"]) == ["a.bin", "b.bin", "c.bin"])
    }

    @Test func pathsThatDoNotFitAreErrorsAndLeaveTheDocumentUnchanged() throws {
        let original = try JSONValue(parsing: Self.config)
        var document = original
        #expect(throws: JSONPathError.self) { try document.set(1, at: ["Missing", "x"]) }
        #expect(throws: JSONPathError.self) { try document.set(1, at: ["ONU", "FW Bank Files", 5]) }
        #expect(throws: JSONPathError.self) { try document.set(1, at: ["Temp", "x"]) }
        do {
            try document.set(1, at: ["ONU", "FW Bank Ptr", 0])
            Issue.record("expected a path error")
        } catch {
            #expect(error.summary == #"cannot set $.ONU."FW Bank Ptr"[0]: expected an array, found a number at $.ONU."FW Bank Ptr""#)
        }
        #expect(document == original)
    }

    @Test func readingByKeyIndexAndPath() throws {
        let document = try JSONValue(parsing: Self.config)
        #expect(document["ONU"]?["FW Bank Files"]?[0]?.stringValue == "a.bin")
        #expect(document["ONU"]?["FW Bank Files"]?[9] == nil)
        #expect(document.value(at: ["ONU", "FW Bank Versions", 1]) == "1.1")
        #expect(document.value(at: ["Temp", 0]) == nil)
        #expect(document.value(at: []) == document)
    }

    @Test func objectSubscriptRemovesAndKeepsPositions() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = nil
        object["a"] = "one"
        object["d"] = 4
        #expect(object.keys == ["a", "c", "d"])
        #expect(object["a"] == "one")
        #expect(JSONValue.object(object).jsonString() == #"{"a":"one","c":3,"d":4}"#)
    }
}

extension JSONEditingTests {
    @Test func largeObjectsStayConsistentThroughEdits() throws {
        var object = JSONObject((0..<40).map { ("k\($0)", JSONValue.number(JSONNumber($0))) })
        object["k3"] = nil
        object["k39"] = "changed"
        object["new"] = true
        #expect(object.count == 40)
        #expect(object["k3"] == nil)
        #expect(object["k4"]?.int64Value == 4)
        #expect(object.position(of: "k4") == 3)
        #expect(object.keys.last == "new")
        #expect(object["k39"] == "changed")

        var document = JSONValue.object(object)
        try document.set(1, at: ["k20"])
        #expect(document.objectValue?.position(of: "k20") == 19)
    }
}
