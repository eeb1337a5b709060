import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `jqc history`: the server's completed inspections, 30 a page, online only.
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
