import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `jqc inspect fill --answers FILE|-`: JSON or YAML keyed by id or label, all or nothing.
@Suite
struct AnswersFillTests {
    @Test func yamlAnswersByLabelAndIDAreSavedInTheirStoredShapes() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 2)
            let yaml = try world.file(
                "answers.yaml",
                """
                # labels or ids, natural YAML values
                Contact on site: Ann Example
                f_1712_c11: 2026-05-01
                Occupants present: 12
                shift: evening
                Zones covered: [Desks, restrooms]
                Desk surfaces: 4
                Trash emptied: pass
                Windows wiped: yes
                Kitchenette condition: "Good"
                Consumables count:
                  - [Paper towels, 3, no]
                  - [Soap, 1, yes]
                Remarks: null
                """)
            let result = await world.run(["jqc", "inspect", "fill", id, "--answers", yaml])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stdout.contains("saved 11 answers"))
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["f_1712_ab3"] == .text("Ann Example"))
            #expect(values["f_1712_c11"] == .text("2026-05-01"))
            #expect(values["f_1712_d02"]?.json == .number(JSONNumber(12)))
            #expect(values["f_1712_e5f"] == .text("Evening"))
            #expect(values["f_1712_f90"] == .list(["Desks", "Restrooms"]))
            #expect(values["f_1712_g42"] == .rating(4))
            #expect(values["f_1712_i8c"] == .text("Pass"))
            #expect(values["f_1712_j19"] == .text("true"))
            #expect(values["f_1712_o66"] == .table([["Paper towels", "3", "no"], ["Soap", "1", "yes"]]))
            #expect(values["f_1712_p71"] == nil)
        }
    }

    @Test func jsonAnswersFromStdinMergeWithEarlierOnesAndNullClears() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            #expect(await world.run(["jqc", "inspect", "fill", id, "--answers", "-"], stdin: #"{"2": 4, "Odor": "poor"}"#).exitCode == 0)
            let second = await world.run(["jqc", "inspect", "fill", id, "--answers", "-", "--json"], stdin: #"{"3": 5, "Odor": null}"#)
            #expect(second.exitCode == 0)
            #expect(try second.object()["form_data"] as? [String: Int] == ["2": 4, "3": 5])
        }
    }

    @Test func invalidAnswersNameTheFieldAndSaveNothing() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            #expect(await world.run(["jqc", "inspect", "fill", id, "--answers", "-"], stdin: #"{"2": 3}"#).exitCode == 0)
            let before = try world.storeRows()
            let cases: [(String, String)] = [
                (#"{"2": 4, "Odour": "Good"}"#, #""Odour": no field has this id or label — did you mean "Odor" (id 6)?"#),
                (#"{"3": 5, "6": "Smelly"}"#, #"5. Odor (key "6"): "Smelly" is not one of the options: "Good", "Acceptable", "Poor""#),
                (#"{"2": 7}"#, #"1. Toilets and urinals (key "2"): a rating is a whole number from 0 to 5"#),
                (#"{"1": "x"}"#, #""Fixtures" (template field id:1): is display-only"#),
                (#"{"7": "/tmp/photo.jpg"}"#, "is not an uploaded photo path"),
                (#"{"2": 4, "3": 9, "99": 1}"#, "2 answers are invalid; nothing was saved"),
                (#"[1, 2]"#, "must be one object"),
                (#"{"2": 4,"#, "is not valid JSON at line 1"),
            ]
            for (json, message) in cases {
                let result = await world.run(["jqc", "inspect", "fill", id, "--answers", "-"], stdin: json)
                #expect(result.exitCode == 2, "\(json): \(result.stderr)")
                #expect(result.stderr.contains(message), "\(json): \(result.stderr)")
            }
            #expect(try world.storeRows() == before)
        }
    }

    @Test func yamlSyntaxErrorsPointAtFileLineAndColumn() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let before = try world.storeRows()
            let broken = try world.file("broken.yaml", "2: 4\n3: [5\nOdor: Good\n")
            let result = await world.run(["jqc", "inspect", "fill", id, "--answers", broken])
            #expect(result.exitCode == 2)
            // libyaml notices the unclosed flow list where the next line starts.
            #expect(result.stderr.contains(broken + ":3:5: malformed YAML"), "\(result.stderr)")
            #expect(result.stderr.contains("flow sequence"))
            let duplicate = try world.file("twice.yaml", "2: 4\n2: 5\n")
            let twice = await world.run(["jqc", "inspect", "fill", id, "--answers", duplicate])
            #expect(twice.exitCode == 2 && twice.stderr.contains(duplicate + ":2:1") && twice.stderr.contains("appears twice"))
            let list = try world.file("list.yml", "- 4\n- 5\n")
            let notMapping = await world.run(["jqc", "inspect", "fill", id, "--answers", list])
            #expect(notMapping.exitCode == 2 && notMapping.stderr.contains("must be one mapping"))
            let missing = await world.run(["jqc", "inspect", "fill", id, "--answers", world.home.path("nope.yaml")])
            #expect(missing.exitCode == 2 && missing.stderr.contains("cannot read the answers file"))
            #expect(try world.storeRows() == before)
        }
    }

    @Test func fillWithoutATerminalOrAnswersIsAUsageError() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let result = await world.run(["jqc", "inspect", "fill", id])
            #expect(result.exitCode == 2 && result.stderr.contains("needs a terminal"))
        }
    }
}
