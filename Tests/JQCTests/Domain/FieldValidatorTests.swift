import FieldOpsCore
import Foundation
import Testing

@testable import JQC

@Suite("Field validation")
struct FieldValidatorTests {
    /// The single problem of a thrown `AnswerError`, checked to name the field by the number the
    /// form shows and its label.
    func problem(_ id: String, _ value: FormValue) throws -> AnswerProblem {
        let field = try Fixtures.field(id)
        do {
            let accepted = try FieldValidator.validate(value, for: field)
            Issue.record("\(value) was accepted for field \(id) as \(accepted)")
            return AnswerProblem(key: "", message: "")
        } catch let error as AnswerError {
            #expect(error.exitCode == .usage)
            if let number = field.number {
                #expect(error.summary.hasPrefix("invalid answer for \(number). \(field.name): "), "\(error.summary)")
            } else {
                // Sections, buttons and unsupported fields have no number: their template id.
                #expect(error.summary.hasPrefix("invalid answer for \"\(field.name)\" (template field id:\(id)): "), "\(error.summary)")
            }
            return try #require(error.problems.first)
        }
    }

    // MARK: - Errors

    @Test func badOptionSuggestsTheClosest() throws {
        let p = try problem("8", .text("Goood"))
        #expect(p.message.contains("\"Goood\" is not one of the options: \"Good\", \"Fair\", \"Poor\""))
        #expect(p.message.contains("did you mean \"Good\"?"))
        #expect(try problem("7", .list(["Soap", "Towels"])).message.contains("\"Towels\" is not one of the options"))
        #expect(try problem("11", .text("Passed")).message.contains("did you mean \"Pass\"?"))
    }

    @Test func ratingOutOfRangeOrFractional() throws {
        #expect(try problem("10", .rating(7)).message == "a rating is a whole number from 0 to 5 (0 = unanswered), got 7")
        #expect(try problem("10", .number(JSONNumber(lexeme: "2.5")!)).message.contains("got 2.5"))
        #expect(try problem("10", .rating(-1)).message.contains("got -1"))
    }

    @Test func notADate() throws {
        #expect(try problem("5", .text("2023-02-29")).message.contains("is not a date; write it as yyyy-MM-dd"))
        _ = try problem("5", .text("01/05/2026"))
        _ = try problem("5", .text("2026-13-01"))
    }

    @Test func notANumber() throws {
        #expect(try problem("4", .text("twelve")).message == "\"twelve\" is not a number")
        _ = try problem("4", .bool(true))
    }

    @Test func wrongJSONType() throws {
        #expect(try problem("2", .list(["a"])).message == "a text field takes text, got a list")
        #expect(try problem("6", .text("yes")).message.contains("a checkbox takes true or false"))
        #expect(try problem("7", .text("Soap")).message.contains("takes a list of options"))
        #expect(try problem("14", .text("x")).message.contains("a list of rows"))
    }

    @Test func tableShapeWrong() throws {
        #expect(try problem("14", .table([["a", "b", "c"]])).message == "the table must be 2 rows × 3 columns, got 1 row")
        #expect(try problem("14", .table([["a", "b", "c"], ["d", "e"]])).message.contains("got row 2 has 2 cells"))
    }

    @Test func photoFieldsTakeOnlyPhotoReferences() throws {
        // The hint names the field as --field reads it: id 13 is the twelfth field the form shows.
        #expect(try problem("13", .text("/home/me/pic.jpg")).message.contains("fieldops jqc inspect attach LOCAL_ID --field 12 PHOTO"))
        _ = try problem("12", .text("local://"))
    }

    @Test func displayOnlyButtonsAndUnsupportedTakeNoAnswer() throws {
        #expect(try problem("1", .text("x")).message.contains("display-only (section)"))
        #expect(try problem("16", .text("x")).message.contains("is a button"))
        #expect(try problem("17", .text("x")).message.contains("type \"hologram\" is not supported"))
    }

    @Test func badEmail() throws {
        #expect(try problem("f_email", .text("jane at example")).message.contains("is not an email address"))
    }

    // MARK: - Accepted values are canonical

    @Test func acceptedValuesAreCanonical() throws {
        #expect(try FieldValidator.validate(.text(" good "), for: Fixtures.field("8")) == .text("Good"))
        #expect(try FieldValidator.validate(.text("n/a"), for: Fixtures.field("11")) == .text("N/A"))
        #expect(try FieldValidator.validate(.text("yes"), for: Fixtures.field("19")) == .text("Yes"))
        #expect(try FieldValidator.validate(.list(["soap", "Soap", "bags"]), for: Fixtures.field("7")) == .list(["Soap", "Bags"]))
        #expect(try FieldValidator.validate(.text("+12.50"), for: Fixtures.field("4")) == .number(JSONNumber(lexeme: "12.50")!))
        #expect(try FieldValidator.validate(.bool(true), for: Fixtures.field("6")) == .checkbox(true))
        #expect(try FieldValidator.validate(.text("4"), for: Fixtures.field("10")) == .rating(4))
        #expect(try FieldValidator.validate(.text("2024-02-29"), for: Fixtures.field("5")) == .text("2024-02-29"))
        #expect(try FieldValidator.validate(.localPhoto(id: "abc"), for: Fixtures.field("12")) == .localPhoto(id: "abc"))
        #expect(try FieldValidator.validate(.text("uploads/photos/a.jpg"), for: Fixtures.field("13")) == .text("uploads/photos/a.jpg"))
        #expect(try FieldValidator.validate(.null, for: Fixtures.field("10")) == .null)
        #expect(try FieldValidator.validate(.text(""), for: Fixtures.field("11")) == .text(""))
    }

    // MARK: - Required

    @Test func missingRequiredListsUnansweredRequiredFieldsInGridOrder() throws {
        let schema = try Fixtures.schema()
        #expect(FieldValidator.missingRequired(schema, [:]).map(\.id) == ["6", "8", "10", "12"])
        let partial: [String: FormValue] = ["6": .checkbox(false), "8": .text("Fair"), "10": .rating(0), "12": .localPhoto(id: "p9")]
        #expect(FieldValidator.missingRequired(schema, partial).map(\.id) == ["10"])
        let done = partial.merging(["10": .rating(2), "12": .text("uploads/photos/s.png")]) { $1 }
        #expect(FieldValidator.missingRequired(schema, done).isEmpty)
    }
}
