import FieldOpsCore
import Foundation
import Testing

@testable import InterlinedList

/// The server's list rules as fieldops runs them locally: DSL checks, row validation, typing, CSV.
@Suite struct SchemaRulesTests {
    static let columns = [
        ILColumn(key: "item", label: "Item", type: "text", displayOrder: 0, isRequired: true, rules: ["maxLength": 5]),
        ILColumn(key: "qty", label: "Qty", type: "number", displayOrder: 1, rules: ["min": 0, "max": 10]),
        ILColumn(key: "mail", label: "Mail", type: "email", displayOrder: 2),
        ILColumn(key: "site", label: "Site", type: "url", displayOrder: 3),
        ILColumn(key: "tags", label: "Tags", type: "multiselect", displayOrder: 4, rules: ["options": ["a", "b"]]),
        ILColumn(key: "due", label: "Due", type: "date", displayOrder: 5, rules: ["min": "2026-01-01"]),
        ILColumn(
            key: "note", label: "Note", type: "text", displayOrder: 6, isRequired: true,
            visibility: ["field": "qty", "operator": "greaterThan", "value": 5]),
    ]

    // MARK: validateFormData

    @Test func oneMessagePerFieldInTheServersWords() {
        let data: JSONObject = [
            "item": "toolong", "qty": "12abc", "mail": "a@b", "site": "example.com", "tags": ["a", "z"], "due": "2025-12-31",
        ]
        let problems = ILRowValidator.problems(data, columns: Self.columns).map { "\($0.field): \($0.message)" }
        #expect(
            problems == [
                "item: Item must be at most 5 characters",
                "qty: Qty must be at most 10",  // parseFloat("12abc") is 12
                "mail: Mail must be a valid email address",
                "site: Site must be a valid URL",
                "tags: Tags contains invalid options: z",
                "due: Due must be after 2026-01-01",
                // note is hidden: Number("12abc") is NaN, and NaN > 5 is false, so it is not required
            ])
        #expect(ILRowValidator.problems(["item": "Tea", "qty": 7], columns: Self.columns).map(\.message) == ["Note is required"])
    }

    @Test func hiddenFieldsAreNotRequiredAndEmptyValuesSkipTheOtherChecks() {
        let problems = ILRowValidator.problems(["item": "Tea", "qty": 1, "mail": ""], columns: Self.columns)
        #expect(problems.isEmpty)
        #expect(
            ILRowValidator.problems(["item": "Tea", "qty": "abc"], columns: Self.columns).map(\.message) == ["Qty must be a valid number"])
        let boolean = ILColumn(key: "ok", label: "OK", type: "boolean", displayOrder: 0)
        #expect(ILRowValidator.problems(["ok": "true"], columns: [boolean]).map(\.message) == ["OK must be true or false"])
    }

    /// The type names are the server's (`lib/lists/dsl-types.ts`), in its order, and the
    /// in-place schema route's subset (`PUT {properties}`); a name this version does not know
    /// is kept and typed and checked as free text.
    @Test func columnKindsAreTheServersTypeNames() throws {
        #expect(
            ILColumn.types == [
                "text", "number", "date", "datetime", "boolean", "select", "multiselect", "textarea", "email", "url", "tel", "priority",
            ])
        #expect(ILColumn.editableTypes == ["text", "number", "boolean", "date", "url", "email"])
        let unknown = ILColumn(key: "mood", label: "Mood", type: "emoji", displayOrder: 0, isRequired: true)
        #expect(unknown.kind == nil)
        #expect(ILCell.Typing(unknown) == .text)
        #expect(try ILCell.typed("🙂", for: unknown) == .string("🙂"))
        #expect(ILRowValidator.problems(["mood": .string("🙂")], columns: [unknown]).isEmpty)
        #expect(ILRowValidator.problems([:], columns: [unknown]).map(\.message) == ["Mood is required"])
    }

    @Test func parseFloatTakesTheLongestNumericPrefix() {
        #expect(ILRowValidator.parseFloatPrefix("  3.5kg") == 3.5)
        #expect(ILRowValidator.parseFloatPrefix("1e3x") == 1_000)
        #expect(ILRowValidator.parseFloatPrefix("1e") == 1)
        #expect(ILRowValidator.parseFloatPrefix(".5") == 0.5)
        #expect(ILRowValidator.parseFloatPrefix("abc") == nil)
        #expect(ILRowValidator.parseFloatPrefix("-") == nil)
        #expect(ILRowValidator.parseFloatPrefix("") == nil)
    }

    // MARK: validateDSLSchema

    @Test func schemaProblemsUseTheServersMessages() throws {
        #expect(ILSchemaCheck.problem("title: T\n---\na: text") == "DSL must be an object")
        #expect(ILSchemaCheck.problem(["name": "T", "fields": []]) == "DSL must have at least one field")
        #expect(
            ILSchemaCheck.problem(["name": "T", "fields": [["type": "text"]]]) == "Field at index 0 must have a 'key' property (string)")
        #expect(
            ILSchemaCheck.problem(["name": "T", "fields": [["key": "k", "type": "money", "label": "K"]]])?
                .hasPrefix("Field 'k' has invalid type 'money'. Valid types: text, number") == true)
        #expect(ILSchemaCheck.problem(["name": "T", "fields": [["key": "k", "type": "text", "label": "K"]]]) == nil)
    }

    @Test func columnSpecsBuildTheDSLObject() throws {
        let schema = try ILSchemaSource.columns(["due_date:date", "state:select=ok|worn:Condition:required"], name: "Ladders")
        #expect(
            schema == [
                "name": "Ladders",
                "fields": [
                    ["key": "due_date", "type": "date", "label": "Due date"],
                    ["key": "state", "type": "select", "label": "Condition", "required": true, "options": ["ok", "worn"]],
                ],
            ])
        #expect(throws: FieldOpsError.self) { try ILSchemaSource.columns(["qty:nubmer"], name: "X") }
    }

    // MARK: typing

    @Test func textIsTypedByItsColumn() throws {
        let number = Self.columns[1]
        #expect(try ILCell.typed("12", for: number) == .number(JSONNumber(12)))
        #expect(try ILCell.typed("", for: number) == nil)
        #expect(throws: ILCell.TypingError.self) { try ILCell.typed("12 apples", for: number) }
        #expect(try ILCell.typed("a, b", for: Self.columns[4]) == ["a", "b"])
        #expect(try ILCell.typed("12", for: nil) == "12")
    }

    // MARK: CSV

    @Test func csvFollowsRFC4180AndCountsPhysicalLines() throws {
        let records = try CSVText.records("\u{FEFF}a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\n\n3,\n")
        #expect(
            records == [
                CSVText.Record(line: 1, fields: ["a", "b"]), CSVText.Record(line: 2, fields: ["x, \"y\"", "two\nlines"]),
                CSVText.Record(line: 5, fields: ["3", ""]),
            ])
        #expect(throws: CSVText.Malformed.self) { try CSVText.records("a,\"b\n") }
    }

    @Test func csvKeepsTextThatIsNotASCIIAndALoneCarriageReturn() throws {
        let records = try CSVText.records("name,qty\nCafé « crème »,2\n\"日本, 茶\",3\na\rb,4")
        #expect(records.map(\.fields) == [["name", "qty"], ["Café « crème »", "2"], ["日本, 茶", "3"], ["a\rb", "4"]])
        #expect(throws: CSVText.Malformed.self) { try CSVText.records("\"é\"x,1\n") }
    }

    @Test func cellsAreTrimmedOfTabsAndUnicodeSpacesAsFoundationWould() throws {
        let number = Self.columns[1]
        #expect(try ILCell.typed("\t 7\u{00A0}\u{2003}", for: number) == .number(JSONNumber(7)))
        #expect(try ILCell.typed(" Yes ", for: ILColumn(key: "done", label: "Done", type: "boolean", displayOrder: 0)) == .bool(true))
        for text in ["", " ", "\t\u{3000}", "a", " a b ", "\u{00A0}é\t", "x\n"] {
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
        }
    }

    // MARK: server details

    @Test func serverDetailsBecomeOneLinePerField() {
        let body = Data(#"{"error":"Validation failed","details":[{"field":"qty","message":"Qty must be a valid number"}]}"#.utf8)
        let error = ILClient.failure(
            .createRows("l001"), HTTPResponse(status: 400, body: body, url: "http://x/api/lists/l001/data", method: .post))
        #expect(error.summary == "POST /api/lists/l001/data refused the data (HTTP 400): Validation failed")
        #expect(error.details == ["qty: Qty must be a valid number"])
    }
}
