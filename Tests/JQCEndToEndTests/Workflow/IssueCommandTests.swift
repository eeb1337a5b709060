import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `jqc issue flag | list | show | status`.
@Suite
struct IssueCommandTests {
    @Test func flaggedIssuesAreListedWithPulledOnesAndShownWithTheirPhotos() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let photo = try Outbox(world).jpeg("leak.jpg")
            let flagged = await world.run([
                "jqc", "issue", "flag", "--inspection", id, "--severity", "high", "--description", "Leaking tap", "--photo", photo,
            ])
            #expect(flagged.exitCode == 0, "\(flagged.stderr)")
            let issueID = flagged.stdout.trimmingCharacters(in: .whitespacesAndNewlines)

            let list = try await world.run(["jqc", "issue", "list", "--json"]).array()
            #expect(list.count == 4)  // three pulled by the sync, one flagged here
            let mine = try #require(list.first { $0["local_id"] as? String == issueID })
            #expect(mine["severity"] as? String == "high" && mine["status"] as? String == "open")
            #expect(mine["facility_id"] as? Int == 1 && mine["sync_status"] as? String == "pending")
            #expect((mine["local_photos"] as? [String])?.count == 1)
            let pulled = list.filter { $0["origin"] as? String == "server" }
            #expect(pulled.allSatisfy { $0["assigned_to"] as? Int == 1 })

            let table = await world.run(["jqc", "issue", "list"])
            #expect(table.stdout.contains("Leaking tap") && table.stdout.contains("you") && table.stdout.contains("from server"))

            let shown = await world.run(["jqc", "issue", "show", String(issueID.prefix(8))])
            #expect(shown.exitCode == 0 && shown.stdout.contains("local photo") && shown.stdout.contains(".jpg"))
            let seeded = try await world.run(["jqc", "issue", "show", "1", "--json"]).object()
            #expect(seeded["server_id"] as? Int == 1)
            #expect((seeded["photo_urls"] as? [String])?.allSatisfy { $0.hasPrefix(world.emulator.baseURL + "/") } == true)

            let bad = await world.run(["jqc", "issue", "flag", "--inspection", id, "--severity", "urgent", "--description", "x"])
            #expect(bad.exitCode == 2)
            let empty = await world.run(["jqc", "issue", "flag", "--inspection", id, "--severity", "low", "--description", "  "])
            #expect(empty.exitCode == 1 && empty.stderr.contains("needs a description"))
        }
    }

    @Test func statusChangesOnTheServerAtOnceWhenOnline() async throws {
        try await withWorld { world in
            try await world.ready()
            let changed = await world.run(["jqc", "issue", "status", "1", "resolved", "--notes", "Fixed the dryer"])
            #expect(changed.exitCode == 0, "\(changed.stderr)")
            #expect(changed.stdout.contains("issue #1 is now resolved"))
            let issues = (try await world.serverState()["issues"] as? [[String: Any]]) ?? []
            #expect(issues.first { $0["id"] as? Int == 1 }?["status"] as? String == "resolved")
            #expect(try world.store().issue(serverID: 1)?.status == "resolved")
            #expect(try world.store().pendingCounts().statusChanges == 0)

            // An id the store has never seen is changed on the server directly (online only).
            let unknown = await world.run(["jqc", "issue", "status", "nope", "resolved"])
            #expect(unknown.exitCode == 1 && unknown.stderr.contains("no issue nope in the local store of profile"), "\(unknown.stderr)")
        }
    }
}
