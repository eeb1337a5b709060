import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `jqc history`: the server's completed inspections, 30 a page; offline, the pages read before.
@Suite
struct HistoryTests {
    @Test func historyPagesLikeTheAppAndAllWalksEveryPage() async throws {
        try await withWorld { world in
            try await world.ready()
            let first = try await world.run(["jqc", "history", "--json"]).object()
            let items = try #require(first["items"] as? [[String: Any]])
            #expect(items.count == 30 && first["total"] as? Int == 75 && first["offset"] as? Int == 0)
            #expect(items.first?["id"] as? Int == 75)
            let second = try await world.run(["jqc", "history", "--offset", "30", "--limit", "10", "--json"]).object()
            #expect((second["items"] as? [[String: Any]])?.first?["id"] as? Int == 45)

            let earlier = try await world.emulator.requests().count
            let all = try await world.run(["jqc", "history", "--all", "--json"]).object()
            let ids = (all["items"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
            #expect(ids == Array((1...75).reversed()))
            let pages = try await world.emulator.requests().dropFirst(earlier).filter { $0.path == "/api/v1/inspections" }
            #expect(pages.map { $0.query["offset"] ?? [] } == [["0"], ["30"], ["60"]])
            #expect(pages.allSatisfy { $0.query["limit"] == ["30"] && $0.query["status"] == ["completed"] })

            let table = await world.run(["jqc", "history"])
            #expect(table.stdout.contains("required"))  // 73, 66, 58, 41 need a follow-up
            #expect(table.stderr.contains("1–30 of 75; next page: `fieldops jqc history --offset 30`"))
        }
    }

    // MARK: The local copy (issue #39)

    /// Facilities named as people name them: the history table shows them from the store.
    static var facilities: [[String: Any]] {
        [
            ["id": 1, "name": "Sjøgata 12 — “Lager”", "address": "Sjøgata 12, 8006 Bodø"],
            ["id": 2, "name": "Ålesundsvegen 3", "address": "Ålesundsvegen 3, 6008 Ålesund"],
            ["id": 3, "name": "東京 Depot 🚉"], ["id": 4, "name": "Skole 🏫 Øvre"], ["id": 5, "name": "Administrasjon"],
        ]
    }

    @Test func aPageReadBeforeIsShownAtOnceFromTheLocalCopyWhenTheServerRefuses() async throws {
        try await withWorld(http: "{ retries: 2 }") { world in
            try await world.admin("facilities", Self.facilities)
            try await world.ready()
            let live = try world.home.runBinary(["jqc", "history"])
            try #require(live.exitCode == 0, "\(live)")
            #expect(live.stdout.contains("Sjøgata 12 — “Lager”") || live.stdout.contains("東京 Depot 🚉"), "\(live.stdout)")
            let liveJSON = try world.home.runBinary(["jqc", "history", "--offset", "30", "--limit", "10", "--json"])
            try #require(liveJSON.exitCode == 0, "\(liveJSON)")
            _ = world.emulator.stop()

            let offline = try world.home.runBinary(["-v", "jqc", "history"])
            #expect(offline.exitCode == 0, "\(offline)")
            #expect(offline.stdout == live.stdout)
            let notice = LocalCopyNoticeText(stderr: offline.stderr)
            #expect(notice?.age == "less than a minute old", "\(offline.stderr)")
            #expect(notice?.isRefusedLoopbackConnection == true, "\(offline.stderr)")
            #expect(notice?.otherLines == ["1–30 of 75; next page: `fieldops -v jqc history --offset 30`"], "\(offline.stderr)")
            let trace = RetryTrace(stderr: offline.stderr)
            #expect(trace.attempts.count == 1 && trace.retries.isEmpty && trace.skipped.count == 1, "\(offline.stderr)")

            let json = try world.home.runBinary(["jqc", "history", "--offset", "30", "--limit", "10", "--json"])
            #expect(json.exitCode == 0, "\(json)")
            #expect(json.stdout == liveJSON.stdout)
            #expect(LocalCopyNoticeText(stderr: json.stderr)?.isRefusedLoopbackConnection == true, "\(json.stderr)")
        }
    }

    @Test func aPageNeverReadKeepsTheRetriesAndExitsFour() async throws {
        try await withWorld(http: "{ retries: 2 }") { world in
            try await world.ready()
            #expect(try world.home.runBinary(["jqc", "history"]).exitCode == 0)
            _ = world.emulator.stop()
            let other = try world.home.runBinary(["-v", "jqc", "history", "--offset", "60"])
            #expect(other.exitCode == 4, "\(other)")
            #expect(other.stderr.contains("jqc history needs the server"))
            #expect(RetryTrace(stderr: other.stderr).retries.count == 2, "\(other.stderr)")
        }
    }

    @Test func cacheClearDropsTheHistoryCopy() async throws {
        try await withWorld { world in
            try await world.ready()
            #expect(await world.run(["jqc", "history"]).exitCode == 0)
            #expect(try world.store().hasHistory(for: .page(limit: 30, offset: 0)))
            #expect(await world.run(["jqc", "cache", "clear"]).exitCode == 0)
            #expect(try !world.store().hasHistory(for: .page(limit: 30, offset: 0)))
        }
    }

    @Test func historyIsOnlineOnly() async throws {
        try await withWorld { world in
            try await world.ready()
            _ = world.emulator.stop()
            let result = await world.run(["jqc", "history"])
            #expect(result.exitCode == 4)
            #expect(result.stderr.contains("jqc history needs the server"))
            let bad = await world.run(["jqc", "history", "--limit", "0"])
            #expect(bad.exitCode == 2)
        }
    }
}
