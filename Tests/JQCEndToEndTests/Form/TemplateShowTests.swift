import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `jqc templates show` says what each field takes: options, a table's columns, help text.
struct TemplateShowTests {
    @Test func eachFieldListsItsOptionsColumnsAndHelp() async throws {
        try await withWorld { world in
            try await world.ready()
            let shown = await world.run(["jqc", "templates", "show", "2"])
            #expect(shown.exitCode == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("options: Day, Evening, Night"))
            #expect(shown.stdout.contains("options: Pass, Fail, N/A"), "pass/fail without options gets the defaults")
            #expect(shown.stdout.contains("2 rows, columns: Item | Stock | Reorder"))
            #expect(shown.stdout.contains("help: Headcount at the start of the visit"))
            #expect(shown.stdout.contains("e.g. name@example.com"))
        }
    }

    @Test func attachTakesAFieldLabelAndATildePathFromHome() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 2)
            let home = try #require(world.environment["HOME"])
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            let photo = try Outbox(world).jpeg("over.jpg")
            try FileManager.default.copyItem(atPath: photo, toPath: home + "/over.jpg")
            let attached = await world.run(["jqc", "inspect", "attach", id, "--field", "overview PHOTO", "~/over.jpg"])
            #expect(attached.exitCode == 0, "\(attached.stderr)")
            #expect(attached.stdout.contains("16. Overview photo: local://"), "\(attached.stdout)")
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["f_1712_q13"]?.localPhotoID != nil)
        }
    }

    @Test func theFillSummaryShowsNoScoreWhileNothingScoreableIsAnswered() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 2)
            let answers = try world.file("a.json", #"{"Contact on site": "Ann"}"#)
            let filled = await world.run(["jqc", "inspect", "fill", id, "--answers", answers])
            #expect(filled.exitCode == 0, "\(filled.stderr)")
            #expect(filled.stdout.contains("1 of 17 fields answered\n"), "\(filled.stdout)")
            #expect(!filled.stdout.contains("score"))
        }
    }
}
