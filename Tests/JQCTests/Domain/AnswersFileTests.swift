import FieldOpsCore
import Foundation
import Testing

@testable import JQC

@Suite("Answers files")
struct AnswersFileTests {
    func resolve(_ json: String) throws -> [String: FormValue] {
        try AnswersFile.resolve(rawAnswers: AnswersFile.parse(json: Data(json.utf8)), schema: Fixtures.schema(), source: "answers.json")
    }

    func error(_ json: String) throws -> AnswerError {
        do {
            let applied = try resolve(json)
            Issue.record("answers were accepted: \(applied)")
            return AnswerError(problems: [])
        } catch let e as AnswerError {
            return e
        }
    }

    // MARK: - Keys

    @Test func keysMatchIdsOrLabelsIgnoringCaseAndSpaces() throws {
        let values = try resolve(
            #"""
            {"10": 4, "  restroom CLEANLINESS ": 4, "Shift": "night", "f_email": "a@b.example"}
            """#.replacingOccurrences(of: "\"10\": 4, ", with: ""))
        #expect(values == ["10": .rating(4), "9": .text("Night"), "f_email": .text("a@b.example")])
    }

    @Test func idWinsOverLabel() throws {
        let values = try resolve(#"{"2": "by id"}"#)
        #expect(values == ["2": .text("by id")])
    }

    @Test func ambiguousLabelListsTheIds() throws {
        let e = try error(#"{"floor condition": "Good"}"#)
        #expect(e.problems.count == 1)
        #expect(e.summary.contains("\"floor condition\""))
        #expect(
            e.summary.contains("(7. Floor condition, 14. Floor condition): key the answer by field id instead (ids 8, 18)"), "\(e.summary)")
    }

    @Test func unknownKeySuggestsAnIdOrLabel() throws {
        let e = try error(#"{"Restroom cleanlines": 3}"#)
        #expect(
            e.summary.contains("\"Restroom cleanlines\": no field has this id or label — did you mean \"Restroom cleanliness\" (id 10)?")
        )
        let byID = try error(#"{"f_emial": "a@b.c"}"#)
        #expect(byID.summary.contains("did you mean \"f_email\"?"))
        let hopeless = try error(#"{"zzzzzzzz": 1}"#)
        #expect(!hopeless.summary.contains("did you mean"))
    }

    @Test func sameFieldTwiceIsAnError() throws {
        let e = try error(#"{"10": 3, "Restroom cleanliness": 4}"#)
        #expect(e.summary.contains("is answered twice"))
    }

    // MARK: - Natural forms

    @Test func naturalFormsBecomeStoredShapes() throws {
        let values = try resolve(
            #"""
            {"6": true, "7": ["paper", "Soap"], "10": 5, "4": 12.50, "5": "2026-05-01",
             "14": [["Lobby", 21.5, true], ["Hall", null, false]], "2": 42, "11": "pass", "9": null,
             "12": "uploads/photos/sig-1.png"}
            """#)
        #expect(values["6"] == .checkbox(true))
        #expect(values["7"] == .list(["Paper", "Soap"]))
        #expect(values["10"] == .rating(5))
        #expect(values["4"] == .number(JSONNumber(lexeme: "12.50")!))
        #expect(values["5"] == .text("2026-05-01"))
        #expect(values["14"] == .table([["Lobby", "21.5", "true"], ["Hall", "", "false"]]))
        #expect(values["2"] == .text("42"))
        #expect(values["11"] == .text("Pass"))
        #expect(values["9"] == .null)
        #expect(values["12"] == .text("uploads/photos/sig-1.png"))
    }

    /// Only `inspect attach` makes a `local://` reference: one in an answers file is made up.
    @Test func aLocalPhotoReferenceIsRefused() throws {
        #expect(throws: AnswerError.self) { try resolve(#"{"12": "local://photo-1"}"#) }
        #expect(throws: AnswerError.self) { try resolve(#"{"12": "  local://photo-1"}"#) }
    }

    @Test func checkboxWordsAndCommaSeparatedGroups() throws {
        let values = try resolve(#"{"6": "No", "7": "Soap, bags"}"#)
        #expect(values["6"] == .checkbox(false))
        #expect(values["7"] == .list(["Soap", "Bags"]))
    }

    // MARK: - All or nothing

    @Test func everyProblemIsCollectedAndNothingApplied() throws {
        let e = try error(
            #"""
            {"2": "fine", "10": 9, "Floor condition ": "x", "8": "Excelent", "5": "yesterday", "nope": 1,
             "14": [["a"]], "6": "maybe", "1": "section"}
            """#)
        #expect(e.problems.count == 8)
        #expect(e.summary == "answers.json: 8 answers are invalid; nothing was saved")
        #expect(e.details.count == 8)
        // Problems come in form order, unknown keys last.
        #expect(e.problems.map { $0.fieldID ?? "?" } == ["1", "5", "6", "8", "10", "14", "?", "?"])
        // Named as the form shows the field: id 10 is the ninth field a person answers.
        #expect(e.details.contains { $0.hasPrefix("9. Restroom cleanliness (key \"10\"): a rating is a whole number") }, "\(e.details)")
        #expect(e.details.contains { $0.hasPrefix("\"nope\": no field has this id or label") })
        #expect(e.exitCode == .usage)
    }

    // MARK: - File shape

    @Test func fileMustBeOneObjectOfValidJSON() throws {
        #expect(throws: AnswersSyntaxError.self) { _ = try AnswersFile.parse(json: Data("{\"2\": }".utf8), source: "a.json") }
        do {
            _ = try AnswersFile.parse(json: Data("{\"a\": 1,\n \"b\": 2 \"c\": 3}".utf8), source: "answers.json")
            Issue.record("a missing comma was accepted")
        } catch let e as AnswersSyntaxError {
            #expect(e.parseError.line == 2 && e.parseError.column == 9)
            #expect(e.summary.hasPrefix("answers.json is not valid JSON at line 2, column 9: expected ','"))
            #expect(e.exitCode == .usage)
        }
        do {
            _ = try AnswersFile.parse(json: Data("[1, 2]".utf8), source: "a.json")
            Issue.record("a list was accepted")
        } catch let e as AnswerError {
            #expect(e.summary == "a.json: the answers must be one object of field id or label to value, found a list")
        }
    }

    @Test func yamlStyleInputsResolveTheSameWay() throws {
        let raw: [String: AnswerInput] = [
            "Doors locked": .bool(true), "Supplies": .list([.string("Bags")]), "Restroom cleanliness": .number("3"),
        ]
        let values = try AnswersFile.resolve(rawAnswers: raw, schema: Fixtures.schema())
        #expect(values == ["6": .checkbox(true), "7": .list(["Bags"]), "10": .rating(3)])
    }
}
