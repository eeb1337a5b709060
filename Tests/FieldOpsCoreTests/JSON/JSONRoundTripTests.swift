import FieldOpsCore
import Foundation
import Testing

@Suite struct JSONRoundTripTests {
    // MARK: Byte-for-byte

    /// A compact ONU-CFG-like document without escapes: every byte must come back.
    static let deviceDocument =
        #"{"Reset Count":41,"Serial":"ÆBCD-12345","Counters":{"rx":18446744073709551615,"tx":9223372036854775807,"min":-9223372036854775808},"Optics":{"rx_power":-18.20,"tx_power":2.50,"bias":0.000001,"scale":1e3,"tiny":-1.5E-10,"zero":-0,"plus":2E+5},"FW Bank Files":["a.bin","b.bin"],"FW Bank Versions":["1.0.0",""],"FW Bank Ptr":0,"Nested":[[1,[2,[3,{}]]],[],{"k":[true,false,null]}],"Unicode":"héllo 世界 🚀 👩‍👩‍👧","z":"last","a":"first-after-z"}"#

    @Test func compactDocumentRoundTripsByteForByte() throws {
        let bytes = Array(Self.deviceDocument.utf8)
        let value = try JSONValue(parsing: bytes)
        #expect(value.jsonBytes() == bytes)
    }

    @Test func keyOrderIsKeptAsRead() throws {
        let value = try JSONValue(parsing: Self.deviceDocument)
        #expect(
            value.objectValue?.keys == [
                "Reset Count", "Serial", "Counters", "Optics", "FW Bank Files", "FW Bank Versions",
                "FW Bank Ptr", "Nested", "Unicode", "z", "a",
            ])
    }

    @Test func largeObjectsKeepOrderAndLookUpByKey() throws {
        let keys = (0..<200).map { "k\(199 - $0)" }
        let text = "{" + keys.map { "\"\($0)\":\($0.dropFirst())" }.joined(separator: ",") + "}"
        let value = try JSONValue(parsing: text)
        #expect(value.objectValue?.keys == keys)
        #expect(value["k7"]?.int64Value == 7)
        #expect(value.jsonString() == text)
    }

    @Test func whitespaceIsDroppedOnCompactWrite() throws {
        let value = try JSONValue(parsing: " {\n  \"a\" : [ 1 , 2 ] ,\t\"b\" : { }\r\n} ")
        #expect(value.jsonString() == #"{"a":[1,2],"b":{}}"#)
    }

    // MARK: Escapes

    @Test func escapesAreDecodedAndReWrittenMinimally() throws {
        let input =
            #"{"q":"say \"hi\"","b":"back\\slash","s":"a\/b","c":"\b\f\n\r\t\u0001\u001f","u":"\u00e9\u4e16","pair":"\ud83d\ude80"}"#
        let value = try JSONValue(parsing: input)
        #expect(value["s"]?.stringValue == "a/b")
        #expect(value["u"]?.stringValue == "é世")
        #expect(value["pair"]?.stringValue == "🚀")
        #expect(value["c"]?.stringValue == "\u{8}\u{C}\n\r\t\u{1}\u{1F}")
        let written = value.jsonString()
        #expect(written == #"{"q":"say \"hi\"","b":"back\\slash","s":"a/b","c":"\b\f\n\r\t\u0001\u001f","u":"é世","pair":"🚀"}"#)
        #expect(try JSONValue(parsing: written) == value)
    }

    @Test func nulAndDeleteCharactersSurviveARoundTrip() throws {
        let value = JSONValue.string("a\u{0}b\u{7F}c")
        #expect(value.jsonString() == "\"a\\u0000b\u{7F}c\"")
        #expect(try JSONValue(parsing: value.jsonString()) == value)
    }

    // MARK: Pretty

    @Test func prettyUsesTwoSpacesAndKeepsEmptyContainersInline() throws {
        let value = try JSONValue(parsing: #"{"a":1,"b":[true,{"c":null}],"d":{},"e":[]}"#)
        let expected = """
            {
              "a": 1,
              "b": [
                true,
                {
                  "c": null
                }
              ],
              "d": {},
              "e": []
            }
            """
        #expect(value.jsonString(.pretty) == expected)
        #expect(try JSONValue(parsing: expected) == value)
    }

    // MARK: Foundation bridges

    struct Reading: Codable, Equatable {
        var counter: UInt64
        var name: String
    }

    @Test func encodableAndDecodableBridgesKeepExactIntegers() throws {
        let reading = Reading(counter: .max, name: "olt/1")
        let value = try JSONValue(encoding: reading)
        #expect(value["counter"]?.numberValue?.uint64 == .max)
        #expect(value.jsonString() == #"{"counter":18446744073709551615,"name":"olt/1"}"#)
        #expect(try value.decode(Reading.self) == reading)
    }
}
