import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

@Suite("Form schema decoding")
struct FormSchemaDecodingTests {
    // MARK: - Ids

    @Test func integerAndStringIdsBecomeStringKeys() throws {
        let schema = try FormSchema(
            jsonData: Data(
                #"""
                [{"id": 5, "type": "rating", "label": "Floors"},
                 {"id": "f_1712_ab3", "type": "text", "label": "Notes"},
                 {"id": 12.0, "type": "checkbox", "label": "Bins"}]
                """#.utf8))
        #expect(schema.fields.map(\.id) == ["5", "f_1712_ab3", "12"])
        #expect(schema.field(withID: "5")?.label == "Floors")
        #expect(!schema.fields.contains { $0.id.contains("Optional") || $0.id.contains(".") })
    }

    @Test func alreadyDecodedFoundationJSONIsAccepted() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"[{"id": 7, "type": "checkbox", "required": true}]"#.utf8))
        let schema = try FormSchema(foundationObject: object)
        #expect(schema.fields.first?.id == "7")
        #expect(schema.fields.first?.required == true)
        #expect(throws: FormSchemaError.self) { _ = try FormSchema(foundationObject: NSObject()) }
    }

    @Test func schemaSentAsAJSONStringIsRead() throws {
        let schema = try FormSchema(json: .string(#" [{"id": 3, "type": "rating"}]"#))
        #expect(schema.fields.map(\.id) == ["3"])
        #expect(throws: FormSchemaError.notAList(found: "a string")) { _ = try FormSchema(json: .string("rating")) }
    }

    // MARK: - Types

    @Test func everyContractTypeIsRecognised() throws {
        let names =
            "text email textarea number date checkbox checkbox_group radio select rating pass_fail signature image table section label button_submit button_print button_email"
            .split(separator: " ").map(String.init)
        let json = "[" + names.enumerated().map { #"{"id": \#($0.offset), "type": "\#($0.element)"}"# }.joined(separator: ",") + "]"
        let schema = try FormSchema(jsonData: Data(json.utf8))
        #expect(schema.fields.map(\.type.name) == names)
        #expect(schema.fields.allSatisfy { !$0.type.isUnsupported })
        let inputs = schema.fields.filter(\.isInput).map(\.type.name)
        #expect(inputs == Array(names.prefix(14)))
        #expect(schema.fields.filter(\.isScoreable).map(\.type.name) == ["checkbox", "radio", "rating", "pass_fail"])
    }

    @Test func unknownTypeIsUnsupportedNotAnError() throws {
        let schema = try FormSchema(jsonData: Data(#"[{"id": 1, "type": "slider", "label": "Shine"}]"#.utf8))
        let field = try #require(schema.fields.first)
        #expect(field.type == .unsupported("slider"))
        #expect(!field.isInput)
        #expect(schema.unsupportedFields.map(\.id) == ["1"])
    }

    @Test func fieldWithoutIdOrTypeIsKeptAsUnsupportedWithDefect() throws {
        let schema = try FormSchema(
            jsonData: Data(
                #"""
                [{"type": "rating", "label": "Lobby"}, {"id": 2, "label": "Mystery"}, {"label": "Nothing"}]
                """#.utf8))
        #expect(schema.fields[0].type == .unsupported("rating"))
        #expect(schema.fields[0].defect == "has no id")
        #expect(schema.fields[0].id == "")
        #expect(schema.fields[1].type == .unsupported(""))
        #expect(schema.fields[1].defect == "has no type")
        #expect(schema.fields[2].defect == "has no type and no id")
        #expect(schema.fields[0].reference == "\"Lobby\" (the template's field #1, which has no id)")
    }

    // MARK: - Malformed schemas

    @Test func malformedSchemasNameWhatIsWrong() throws {
        #expect(throws: FormSchemaError.notAList(found: "an object")) {
            _ = try FormSchema(jsonData: Data(#"{"id": 1}"#.utf8))
        }
        #expect(throws: FormSchemaError.fieldNotAnObject(index: 1, found: "a string")) {
            _ = try FormSchema(jsonData: Data(#"[{"id": 1, "type": "text"}, "oops"]"#.utf8))
        }
        do {
            _ = try FormSchema(jsonData: Data("[{\"id\": 1,,}]".utf8))
            Issue.record("invalid JSON was accepted")
        } catch let error as FormSchemaError {
            guard case .invalidJSON(let syntax) = error else {
                Issue.record("wrong case \(error)")
                return
            }
            #expect(syntax.line == 1 && syntax.column == 11)
            #expect(error.summary.contains("line 1, column 11"))
            #expect(error.exitCode == .failure)
        }
    }

    // MARK: - Extras

    @Test func extrasAreRead() throws {
        let schema = try FormSchema(
            jsonData: Data(
                #"""
                [{"id": 1, "type": "select", "label": "Shift", "placeholder": "pick", "required": true,
                  "help_text": "which shift", "options": ["Day", {"label": "Night shift", "value": "night"}, 3],
                  "col": 1, "row": "2", "colSpan": 6, "rowSpan": 1, "order": 4},
                 {"id": 2, "type": "table", "table_cols": 3, "table_rows": 2, "col_headers": ["A", "B", "C"]},
                 {"id": 3, "type": "label", "text_content": "Read me", "font_size": 14, "font_weight": "bold"},
                 {"id": 4, "type": "button_submit", "btn_label": "Send", "x_future": [1]}]
                """#.utf8))
        let select = schema.fields[0]
        #expect(select.required && select.placeholder == "pick" && select.helpText == "which shift")
        #expect(select.options == [FieldOption(value: "Day"), FieldOption(value: "night", label: "Night shift"), FieldOption(value: "3")])
        #expect(select.col == 1 && select.row == 2 && select.colSpan == 6 && select.rowSpan == 1 && select.order == 4)
        let table = schema.fields[1]
        #expect(table.tableCols == 3 && table.tableRows == 2 && table.colHeaders == ["A", "B", "C"])
        let label = schema.fields[2]
        #expect(label.textContent == "Read me" && label.fontSize == "14" && label.fontWeight == "bold")
        #expect(schema.fields[3].buttonLabel == "Send")
        #expect(schema.fields[3].raw["x_future"] == .array([.number(JSONNumber(1))]))
    }

    @Test func passFailWithoutOptionsOffersPassFailNA() throws {
        let schema = try FormSchema(
            jsonData: Data(#"[{"id": 1, "type": "pass_fail"}, {"id": 2, "type": "pass_fail", "options": ["Yes", "No"]}]"#.utf8))
        #expect(schema.fields[0].effectiveOptions.map(\.value) == ["Pass", "Fail", "N/A"])
        #expect(schema.fields[1].effectiveOptions.map(\.value) == ["Yes", "No"])
    }

    @Test func reEncodingKeepsFieldsAsReceived() throws {
        let text = #"[{"id":5,"label":"Floors","type":"rating","x":1.50}]"#
        #expect(try FormSchema(jsonData: Data(text.utf8)).json.withSortedKeys().jsonString() == text)
        // Through Codable the numbers pass JSONDecoder, which keeps values, not lexemes.
        let schema = try JSONDecoder().decode(FormSchema.self, from: Data(text.utf8))
        #expect(schema.fields.first?.id == "5")
        #expect(schema.json.withSortedKeys().jsonString() == #"[{"id":5,"label":"Floors","type":"rating","x":1.5}]"#)
        let again = try JSONDecoder().decode(FormSchema.self, from: JSONEncoder().encode(schema))
        #expect(again.fields.map(\.id) == ["5"])
    }

    @Test func fieldsMadeInCodeEncodeToTheirProperties() throws {
        let made = FormSchema(fields: [
            FormField(
                id: "5", type: .radio, label: "Floor", required: true,
                options: [FieldOption(value: "Good"), FieldOption(value: "bad", label: "Bad")], col: 0, row: 1),
            FormField(id: "f_x", type: .table, label: "T", tableRows: 2, tableCols: 2, colHeaders: ["A", "B"]),
        ])
        let again = try FormSchema(json: made.json)
        #expect(again.fields.map(\.id) == ["5", "f_x"])
        #expect(again.fields[0].options == made.fields[0].options && again.fields[0].required && again.fields[0].row == 1)
        #expect(again.fields[1].tableRows == 2 && again.fields[1].colHeaders == ["A", "B"])
        #expect(made.json.withSortedKeys().jsonString().hasPrefix(#"[{"col":0,"id":5,"label":"Floor""#))
    }
}

extension FormSchema {
    /// Decodes what `JSONSerialization.jsonObject` returned for `form_schema`.
    init(foundationObject: Any) throws {
        guard let value = JSONValue(foundationObject: foundationObject) else {
            throw FormSchemaError.notAList(found: "a value that is not JSON (\(type(of: foundationObject)))")
        }
        try self.init(json: value)
    }
}
