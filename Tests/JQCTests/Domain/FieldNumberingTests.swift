import FieldOpsCore
import Foundation
import Testing

@testable import JQC

/// The one numbering of a form's fields: the number shown beside a field (its place among the
/// fields a person answers, in grid order) is the number messages use and `g`, `:goto` and
/// `--field` read; template ids stay reachable as `id:ID`, labels as text.
@Suite("Field numbers")
struct FieldNumberingTests {
    func schema() throws -> FormSchema { try Fixtures.restroomCheck() }

    // MARK: Numbers

    @Test func fieldsAreNumberedInGridOrderCountingOnlyTheOnesAPersonAnswers() throws {
        let schema = try schema()
        #expect(schema.inputFields.map(\.number) == [1, 2, 3, 4, 5, 6, 7])
        #expect(schema.inputFields.map(\.id) == ["2", "3", "4", "5", "6", "7", "f_sig"])
        #expect(schema.field(withID: "1")?.number == nil, "a section has no number")
        #expect(schema.field(withID: "9")?.number == nil, "nor has a button")
        // The schema's list keeps its own order, each field carrying the number it is shown with.
        #expect(schema.fields.map(\.number) == [nil, 5, 1, 2, 3, 4, 6, 7, nil])
        #expect(schema.fieldsInGridOrder.compactMap(\.number) == [1, 2, 3, 4, 5, 6, 7])
        for n in 1...7 { #expect(schema.field(numbered: n)?.number == n) }
        #expect(schema.field(numbered: 0) == nil && schema.field(numbered: 8) == nil)
    }

    @Test func messagesNameAFieldByItsNumberAndLabelInOneForm() throws {
        let schema = try schema()
        #expect(schema.field(withID: "5")?.reference == "4. Floor dry and clean")
        #expect(schema.field(withID: "f_sig")?.reference == "7. Vaktmester Åse Øvrebø")
        #expect(
            FieldValidator.missingRequired(schema, ["2": .rating(4)]).references
                == "2. Sinks and mirrors, 4. Floor dry and clean, 7. Vaktmester Åse Øvrebø")
        #expect(schema.field(withID: "1")?.reference == "\"Fixtures\" (template field id:1)")
        #expect(schema.field(withID: "7")?.argument == "6", "what --field takes for it")
        // A validation problem names the field the same way.
        do {
            _ = try FieldValidator.validate(.text("Maybe"), for: try #require(schema.field(withID: "5")))
            Issue.record("Maybe was accepted for a pass/fail field")
        } catch let error as AnswerError {
            #expect(error.summary.hasPrefix("invalid answer for 4. Floor dry and clean: "), "\(error.summary)")
        }
    }

    @Test func aFieldWithoutAGridPositionIsNumberedAfterThePositionedOnes() throws {
        let schema = FormSchema(fields: [
            FormField(id: "late", type: .text, label: "Merknader"),
            FormField(id: "b", type: .text, label: "Tidspunkt", col: 7, row: 1),
            FormField(id: "a", type: .text, label: "Inspektør", col: 1, row: 1),
        ])
        #expect(schema.inputFields.map(\.id) == ["a", "b", "late"])
        #expect(schema.inputFields.map(\.reference) == ["1. Inspektør", "2. Tidspunkt", "3. Merknader"])
    }

    // MARK: Naming a field

    @Test func aBareNumberIsAlwaysTheNumberShownNeverATemplateID() throws {
        let schema = try schema()
        // "5" is the template id of the floor field, but the form shows Odor as 5.
        #expect(schema.lookUp("5") == .found(try #require(schema.field(withID: "6"))))
        #expect(schema.lookUp(" 4 ") == .found(try #require(schema.field(withID: "5"))))
        #expect(schema.lookUp("1") == .found(try #require(schema.field(withID: "2"))), "not the section, whose id is 1")
    }

    @Test func aTemplateIDIsWrittenIdColon() throws {
        let schema = try schema()
        #expect(schema.lookUp("id:5") == .found(try #require(schema.field(withID: "5"))))
        #expect(schema.lookUp("ID: 7") == .found(try #require(schema.field(withID: "7"))))
        #expect(schema.lookUp("id:f_sig") == .found(try #require(schema.field(withID: "f_sig"))))
        // A non-numeric id written as is still works: no number can be mistaken for it.
        #expect(schema.lookUp("f_sig") == .found(try #require(schema.field(withID: "f_sig"))))
        guard case .notFound(let why) = schema.lookUp("id:1") else {
            Issue.record("a section was found")
            return
        }
        #expect(why == "\"Fixtures\" (template field id:1) takes no answer")
        guard case .notFound(let none) = schema.lookUp("id:42") else {
            Issue.record("id 42 was found")
            return
        }
        #expect(none == "no field has the template id \"42\"")
    }

    @Test func aNumberNoFieldShowsSaysTheRangeAndWhereThatTemplateIDIs() throws {
        let schema = try schema()
        guard case .notFound(let why) = schema.lookUp("8") else {
            Issue.record("8 was found")
            return
        }
        #expect(why == "no field 8: the form numbers its fields 1 to 7")
        let tooBig = try FormSchema(
            jsonData: Data(
                #"[{"id": 1, "type": "section", "label": "Fixtures"}, {"id": 2, "type": "rating", "label": "Toilets"}, {"id": 3, "type": "image", "label": "Photo"}]"#
                    .utf8))
        guard case .notFound(let hint) = tooBig.lookUp("3") else {
            Issue.record("3 was found")
            return
        }
        #expect(hint == "no field 3: the form numbers its fields 1 to 2; the template's field id 3 is 2. Photo (type 2, or id:3)")
        guard case .notFound(let huge) = tooBig.lookUp("99999999999999999999999") else {
            Issue.record("found")
            return
        }
        #expect(huge == "no field 99999999999999999999999: the form numbers its fields 1 to 2")
    }

    @Test func labelsMatchWholeThenByStartThenAnywhere() throws {
        let schema = try schema()
        #expect(schema.lookUp("floor dry and clean") == .found(try #require(schema.field(withID: "5"))))
        #expect(schema.lookUp("Vaktmester") == .found(try #require(schema.field(withID: "f_sig"))))
        #expect(schema.lookUp("øvrebø") == .found(try #require(schema.field(withID: "f_sig"))), "any script, any case")
        #expect(schema.lookUp("worst") == .found(try #require(schema.field(withID: "7"))))
        #expect(schema.lookUp("and") == .ambiguous([2, 3, 5].compactMap { schema.field(withID: String($0)) }))
        guard case .notFound(let why) = schema.lookUp("#5") else {
            Issue.record("#5 was found")
            return
        }
        #expect(why.contains("1 to 7") && why.hasSuffix("(a template id is written id:5)"), "\(why)")
    }

    @Test func anAnswersFileStaysKeyedByTemplateIDAndItsProblemsNameTheNumberToo() throws {
        let schema = try schema()
        // "5" in a file is template id 5, the floor, never the field the form shows as 5 (Odor).
        let values = try AnswersFile.resolve(
            rawAnswers: try AnswersFile.parse(json: Data(#"{"5": "pass", "Odor": "Good"}"#.utf8)), schema: schema)
        #expect(values == ["5": .text("Pass"), "6": .text("Good")])
        do {
            _ = try AnswersFile.resolve(
                rawAnswers: try AnswersFile.parse(json: Data(#"{"5": "Maybe", "odor": "Smelly"}"#.utf8)), schema: schema)
            Issue.record("the bad answers were accepted")
        } catch let error as AnswerError {
            #expect(error.details.count == 2)
            #expect(error.details.first?.hasPrefix("4. Floor dry and clean (key \"5\"): ") == true, "\(error.details)")
            #expect(
                error.details.last?.hasPrefix("5. Odor: \"Smelly\" is not one of the options") == true,
                "keyed by its label: \(error.details)")
        }
    }

    @Test func theHelpOfTheFieldOptionSaysHowANumberIsRead() {
        #expect(InspectCommands.fieldNaming.contains("A bare number is always the number shown, never a template id."))
        #expect(InspectAttachCommand.definition.discussion.contains(InspectCommands.fieldNaming))
        #expect(InspectSignCommand.definition.discussion.contains(InspectCommands.fieldNaming))
        #expect(InspectFillCommand.definition.discussion.contains("still required: 4. Floor dry and clean"))
    }
}
