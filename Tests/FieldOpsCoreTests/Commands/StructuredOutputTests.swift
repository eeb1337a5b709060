import FieldOpsTestSupport
import Foundation
import Testing

@testable import FieldOpsCore

/// `-o csv`, `-o ndjson` and `--fields`, rendered from a listing's lossless JSON.
@Suite struct StructuredOutputTests {
    private let listing = try! JSONValue(
        parsing: #"""
            [{"id": "a1", "name": "Kiosk, \"north\"", "rx": -18.20, "count": 18446744073709551615,
              "olt": {"mac": "70:b3", "name": "OLT 1"}, "tags": ["x", "y"], "note": null, "up": true},
             {"id": "b2", "name": "line\nbreak", "rx": 1e3, "count": 0, "olt": {"mac": "70:b4"}, "tags": [], "up": false}]
            """#)

    private func render(_ kind: StructuredOutput.Kind, fields: [String]? = nil, _ value: JSONValue? = nil) throws -> String {
        String(decoding: try StructuredOutput(kind: kind, fields: fields).render(value ?? listing), as: UTF8.self)
    }

    private func pythonCSV(_ text: String) throws -> [[String]] { try PythonCSV.parse(text) }

    @Test func csvIsRFC4180WithExactNumbersAndFlattenedObjects() throws {
        let text = try render(.csv)
        #expect(text.hasPrefix("id,name,rx,count,olt.mac,olt.name,tags,note,up\r\n"))
        let rows = try pythonCSV(text)
        #expect(rows.count == 3)
        #expect(rows[1] == ["a1", "Kiosk, \"north\"", "-18.20", "18446744073709551615", "70:b3", "OLT 1", #"["x","y"]"#, "", "true"])
        #expect(rows[2] == ["b2", "line\nbreak", "1e3", "0", "70:b4", "", "[]", "", "false"])
    }

    @Test func fieldsPickAndOrderForEveryForm() throws {
        let fields = ["olt.name", "id", "count"]
        #expect(try pythonCSV(try render(.csv, fields: fields)) == [fields, ["OLT 1", "a1", "18446744073709551615"], ["", "b2", "0"]])
        #expect(
            try render(.ndjson, fields: fields) == """
                {"olt.name":"OLT 1","id":"a1","count":18446744073709551615}
                {"olt.name":null,"id":"b2","count":0}

                """)
        #expect(try render(.plain, fields: ["id", "rx"]) == "a1\t-18.20\nb2\t1e3\n")
        #expect(try render(.table, fields: ["id", "rx"]).hasPrefix("ID  RX\na1  -18.20\n"))
        let json = try JSONValue(parsing: try render(.json, fields: ["id", "olt"]))
        #expect(json[0]?["olt"]?["mac"] == "70:b3")
        #expect(json[0]?.objectValue?.keys == ["id", "olt"])
    }

    @Test func anUnknownFieldIsAUsageErrorNamingTheKnownOnes() throws {
        do {
            _ = try render(.csv, fields: ["id", "nmae"])
            Issue.record("an unknown field was accepted")
        } catch let error as FieldOpsError {
            #expect(error.exitCode == .usage)
            #expect(error.summary.contains("'nmae'"))
            #expect(error.hint?.contains("id,name,rx,count,olt.mac,olt.name,tags,note,up") == true)
        }
    }

    @Test func ndjsonIsOneCompactRecordPerLineAndAnEnvelopeListsItsItems() throws {
        let envelope = try JSONValue(parsing: #"{"messages": [{"id": "m1"}, {"id": "m2"}], "pagination": {"hasMore": false}}"#)
        #expect(try render(.ndjson, envelope) == "{\"id\":\"m1\"}\n{\"id\":\"m2\"}\n")
        #expect(try render(.ndjson, .array([])) == "")
        #expect(try render(.csv, .array([])) == "")
        #expect(try render(.csv, fields: ["id"], .array([])) == "id\r\n")
    }
}
