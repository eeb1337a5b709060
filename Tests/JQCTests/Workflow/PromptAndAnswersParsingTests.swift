import FieldOpsCore
import Foundation
import Testing

@testable import JQC

/// How typed lines and YAML answers are read, before any store is involved.
@Suite("Prompt lines and YAML answers")
struct PromptAndAnswersParsingTests {
    static let schemaText = Data(
        """
        [{"id": 1, "type": "radio", "label": "Odor", "options": ["Good", "Acceptable", "Poor"]},
         {"id": 2, "type": "rating", "label": "Floors"},
         {"id": 3, "type": "checkbox_group", "label": "Zones", "options": ["Desks", "Kitchen", "Lobby"]},
         {"id": 4, "type": "date", "label": "Day"},
         {"id": 5, "type": "checkbox", "label": "Bins"},
         {"id": 6, "type": "pass_fail", "label": "Soap"},
         {"id": 7, "type": "image", "label": "Photo"},
         {"id": 8, "type": "text", "label": "Notes"}]
        """.utf8)

    func field(_ id: String) throws -> FormField { try #require(try FormSchema(jsonData: Self.schemaText).field(withID: id)) }

    // MARK: Prompt lines

    @Test func navigationWordsAreTheSameForEveryField() throws {
        for id in ["1", "2", "3", "8"] {
            let f = try field(id)
            #expect(try FieldPrompt.action(for: "", field: f) == .keep)
            #expect(try FieldPrompt.action(for: " < ", field: f) == .back)
            #expect(try FieldPrompt.action(for: "-", field: f) == .clear)
            #expect(try FieldPrompt.action(for: "?", field: f) == .help)
            #expect(try FieldPrompt.action(for: "q", field: f) == .quit)
        }
    }

    @Test func answersAreReadForTheFieldsType() throws {
        #expect(try FieldPrompt.action(for: "2", field: field("1")) == .answer(.text("Acceptable")))
        #expect(try FieldPrompt.action(for: "poor", field: field("1")) == .answer(.text("Poor")))
        #expect(try FieldPrompt.action(for: "****", field: field("2")) == .answer(.rating(4)))
        #expect(try FieldPrompt.action(for: "0", field: field("2")) == .clear)
        #expect(try FieldPrompt.action(for: "3, desks", field: field("3")) == .answer(.list(["Lobby", "Desks"])))
        #expect(try FieldPrompt.action(for: "today", field: field("4"), today: { "2026-05-01" }) == .answer(.text("2026-05-01")))
        #expect(try FieldPrompt.action(for: "N", field: field("5")) == .answer(.text("false")))
        #expect(try FieldPrompt.action(for: "1", field: field("6")) == .answer(.text("Pass")))
        #expect(try FieldPrompt.action(for: "~/a.jpg", field: field("7")) == .photo(path: NSHomeDirectory() + "/a.jpg"))
        #expect(try FieldPrompt.action(for: "  spaces kept ", field: field("8")) == .answer(.text("  spaces kept ")))
    }

    @Test func invalidLinesNameTheField() throws {
        for (line, id, message) in [
            ("6", "2", "a rating is a whole number"), ("9", "1", "is not one of the options"),
            ("2026-13-01", "4", "is not a date"), ("maybe", "5", "a checkbox takes true or false"),
        ] {
            do {
                _ = try FieldPrompt.action(for: line, field: field(id))
                Issue.record("\(line) was accepted for field \(id)")
            } catch let error as AnswerError {
                // Here the ids are the numbers shown, as the fields are listed in grid order.
                #expect(error.summary.contains("for \(id). ") && error.summary.contains(message), "\(error.summary)")
            }
        }
    }

    // MARK: YAML answers

    @Test func yamlScalarsAreTypedAsYAMLCoreTypesThem() throws {
        let yaml = """
            a: 4
            b: "4"
            c: 4.50
            d: true
            e: 'true'
            f: ~
            g:
            h: yes
            i: 2026-05-01
            j: [x, 2, null]
            k: {nested: 1}
            l: +7
            """
        let answers = try AnswersLoader.parse(Data(yaml.utf8), source: "a.yaml", format: .yaml)
        #expect(answers["a"] == .number("4"))
        #expect(answers["b"] == .string("4"))
        #expect(answers["c"] == .number("4.50"))
        #expect(answers["d"] == .bool(true))
        #expect(answers["e"] == .string("true"))
        #expect(answers["f"] == .null && answers["g"] == .null)
        #expect(answers["h"] == .string("yes"))
        #expect(answers["i"] == .string("2026-05-01"))
        #expect(answers["j"] == .list([.string("x"), .number("2"), .null]))
        #expect(answers["k"] == .map(["nested": .number("1")]))
        #expect(answers["l"] == .number("7"))
    }

    @Test func formatFollowsTheExtensionOrTheFirstCharacter() {
        #expect(AnswersLoader.format(of: "a.JSON", data: Data("x: 1".utf8)) == .json)
        #expect(AnswersLoader.format(of: "a.yml", data: Data("{}".utf8)) == .yaml)
        #expect(AnswersLoader.format(of: "-", data: Data("  \n{\"1\": 2}".utf8)) == .json)
        #expect(AnswersLoader.format(of: "answers.txt", data: Data("1: 2".utf8)) == .yaml)
    }

    // MARK: Listing

    @Test func listingTablePadsByDisplayWidthAndKeepsPlainLinesTabSeparated() {
        var table = Table(columns: [.init("ID"), .init("NAME"), .init("SCORE", alignment: .right)])
        table.rows = [["a1", "Café\tBar", "5%"], ["b22", "東京", "100%"]]
        #expect(table.render(format: .plain, color: false) == "a1\tCafé Bar\t5%\nb22\t東京\t100%\n")
        #expect(
            table.render(format: .table, color: false) == """
                ID   NAME      SCORE
                a1   Café Bar     5%
                b22  東京       100%

                """)
    }
}
