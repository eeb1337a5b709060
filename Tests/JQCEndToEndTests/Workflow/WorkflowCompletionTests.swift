import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Dynamic completion of the workflow's ids, from the local store only.
@Suite
struct WorkflowCompletionTests {
    @Test func draftAndInspectionIDsCompleteFromTheStore() async throws {
        try await withWorld { world in
            try await world.ready()
            let draft = try await world.startDraft()
            let submitted = try Outbox(world).completedInspection()
            let fill = await world.run(["__complete", "jqc", "inspect", "fill", ""])
            #expect(fill.stdout.contains(draft + "\tRestroom Quick Check"))
            #expect(!fill.stdout.contains(submitted.localID), "only drafts can be filled")
            let prefix = String(draft.prefix(3))
            let narrowed = await world.run(["__complete", "jqc", "inspect", "fill", prefix])
            #expect(narrowed.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix(prefix) })
            let show = await world.run(["__complete", "jqc", "inspect", "show", ""])
            #expect(show.stdout.contains(draft) && show.stdout.contains(submitted.localID))
            let template = await world.run(["__complete", "jqc", "inspect", "start", "--template", ""])
            #expect(template.stdout.contains("2\tOffice Full Inspection"))
            let facility = await world.run(["__complete", "jqc", "inspect", "start", "--template", "1", "--facility", ""])
            #expect(facility.stdout.contains("1\tCentral Station"))
            let issues = await world.run(["__complete", "jqc", "issue", "show", ""])
            #expect(issues.stdout.contains("1\t"))
        }
    }

    /// `--area` after `--facility N` offers that facility's areas only; alone, every area.
    @Test func areasCompleteForTheFacilityAlreadyTyped() async throws {
        try await withWorld { world in
            try await world.ready()
            func areas(_ words: [String]) throws -> [String] {
                let outcome = try world.home.runBinary(["__complete"] + words)
                #expect(outcome.exitCode == 0, "\(outcome)")
                return outcome.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
            }
            let start = ["jqc", "inspect", "start", "--template", "1"]
            #expect(try areas(start + ["--facility", "1", "--area", ""]) == ["101", "102", "103"])
            #expect(try areas(start + ["--facility=3", "--area", ""]) == ["106", "107", "108"])
            #expect(try areas(["jqc", "issue", "flag", "--facility", "2", "--area", "10"]) == ["104", "105"])
            #expect(try areas(start + ["--facility", "1", "--area=10"]) == ["--area=101", "--area=102", "--area=103"])
        }
    }
}
