import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `jqc inspect show` (the card) and `jqc inspect list` (badges and filters).
@Suite
struct ShowAndListTests {
    @Test func listShowsTheBadgeOfEachStateAndFiltersByIt() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let draft = try await world.startDraft()
            let pending = try outbox.completedInspection()
            let failed = try outbox.completedInspection()
            for _ in 0..<SyncStatus.maxAttempts {
                try outbox.store.recordFailure(.inspection, localID: failed.localID, error: "HTTP 422: refused", counts: true)
            }
            let synced = try outbox.completedInspection()
            try outbox.store.recordInspectionSubmitted(synced, server: APIInspection(id: 500, localID: synced.localID))

            let all = try await world.run(["jqc", "inspect", "list", "--json"]).array()
            let badges = Dictionary(uniqueKeysWithValues: all.map { ($0["local_id"] as? String ?? "", $0["badge"] as? String ?? "") })
            #expect(
                badges == [draft: "draft", pending.localID: "pending sync", failed.localID: "sync failed", synced.localID: "completed"])
            #expect(all.first { $0["local_id"] as? String == synced.localID }?["server_id"] as? Int == 500)

            for (filter, expected) in [
                ("draft", draft), ("pending", pending.localID), ("synced", synced.localID), ("failed", failed.localID),
            ] {
                let only = try await world.run(["jqc", "inspect", "list", "--status", filter, "--json"]).array()
                #expect(only.map { $0["local_id"] as? String } == [expected], "\(filter)")
            }
            let table = await world.run(["jqc", "inspect", "list"])
            for label in ["draft", "pending sync", "sync failed", "completed", "Restroom Quick Check", "Central Station"] {
                #expect(table.stdout.contains(label), "\(label)")
            }
            let bad = await world.run(["jqc", "inspect", "list", "--status", "done"])
            #expect(bad.exitCode == 2)
        }
    }

    @Test func showRendersTheCardWithAnswersScoreIssuesAndPhotos() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            #expect(
                await world.run(
                    ["jqc", "inspect", "fill", id, "--answers", "-"], stdin: #"{"2": 4, "3": 5, "4": true, "5": "Pass", "6": "Good"}"#
                ).exitCode == 0)
            let photo = try Outbox(world).jpeg("spot.jpg")
            #expect(await world.run(["jqc", "inspect", "attach", id, "--field", "6", photo]).exitCode == 0)
            #expect(
                await world.run(["jqc", "issue", "flag", "--inspection", id, "--severity", "critical", "--description", "Leaking pipe"])
                    .exitCode == 0)
            #expect(await world.run(["jqc", "inspect", "submit", id]).exitCode == 0)

            let card = await world.run(["jqc", "inspect", "show", String(id.prefix(6))])
            #expect(card.exitCode == 0, "\(card.stderr)")
            for text in [
                "Inspection \(id)", "[pending sync]", "Restroom Quick Check", "Central Station, area 101", "score", "96%",
                "== Fixtures ==", "Toilets and urinals *", "★★★★☆ 4/5", "Supplies restocked", "yes", "Odor", "Good",
                "(waiting for upload)", "Issues (1)", "[critical] open  Leaking pipe", "Photos (1)",
            ] {
                #expect(card.stdout.contains(text), "missing \(text)\n\(card.stdout)")
            }

            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let after = try await world.run(["jqc", "inspect", "show", id, "--json"]).object()
            let serverID = try #require(after["server_id"] as? Int)
            let photos = try #require(after["photos"] as? [[String: Any]])
            let url = try #require(photos.first?["url"] as? String)
            #expect(url.hasPrefix(world.emulator.baseURL + "/uploads/photos/"))
            #expect((photos.first?["local_path"] as? String).map(FileManager.default.fileExists) == true)
            #expect((after["issues"] as? [[String: Any]])?.first?["server_id"] is Int)
            let bySeverID = await world.run(["jqc", "inspect", "show", String(serverID)])
            #expect(bySeverID.stdout.contains("[completed]") && bySeverID.stdout.contains(url))
        }
    }

    @Test func showFetchesAServerOnlyInspectionAndSaysSoWhenOffline() async throws {
        try await withWorld { world in
            try await world.ready()
            let card = await world.run(["jqc", "inspect", "show", "73"])
            #expect(card.exitCode == 0, "\(card.stderr)")
            #expect(
                card.stdout.contains("Inspection #73 (server)") && card.stdout.contains("follow-up")
                    && card.stdout.contains("--reinspect 73"))
            let unknown = await world.run(["jqc", "inspect", "show", "no-such-id"])
            #expect(
                unknown.exitCode == 1 && unknown.stderr.contains("no inspection no-such-id in the local store of profile"),
                "\(unknown.stderr)")
            _ = world.emulator.stop()
            let offline = await world.run(["jqc", "inspect", "show", "73"])
            #expect(offline.exitCode == 4 && offline.stderr.contains("needs the server"))
        }
    }
}
