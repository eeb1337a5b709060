import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// The notification cursor in server time (contract, "Clocks"), and the inbox of everything fetched.
@Suite
struct NotificationInboxTests {
    /// The ids a `notifications poll --json` printed.
    static func poll(_ world: JQCWorld) async throws -> [Int] {
        let result = await world.run(["jqc", "notifications", "poll", "--json"])
        guard result.exitCode == 0 else { throw TestSupportError("poll failed (\(result.exitCode)): \(result.stderr)") }
        return try result.array().compactMap { $0["id"] as? Int }
    }

    /// Ids of the notifications the server holds for the inspector (user 1).
    static func serverIDs(_ world: JQCWorld) async throws -> [Int] {
        ((try await world.serverState()["notifications"] as? [[String: Any]]) ?? [])
            .filter { $0["user_id"] as? Int == 1 }.compactMap { $0["id"] as? Int }
    }

    // MARK: Clocks

    @Test(arguments: [600.0, -600.0])
    func aServerClockTenMinutesOffLosesNoNotificationAndShowsNoneTwice(offset: Double) async throws {
        try await withWorld { world in
            try await world.login()
            try await world.admin("clock", ["offset_seconds": offset])
            var shown = try await Self.poll(world)
            #expect(shown == [1, 2], "the first fetch takes every unread notice")
            for round in 1...3 {
                try await world.admin("notify", ["user": "inspector", "title": "Round \(round)"])
                shown += try await Self.poll(world)
                // Stamped by the server half a minute before its last answer, committed after it:
                // the cursor's overlap still finds it.
                try await world.admin("notify", ["user": "inspector", "title": "Late \(round)", "age_seconds": 30])
                shown += try await Self.poll(world)
                // Nothing new: the cursor stays on the server's newest stamp, and nothing repeats.
                shown += try await Self.poll(world)
            }
            // A sync's notification step keeps the same cursor.
            try await world.admin("notify", ["user": "inspector", "title": "Pulled by a sync"])
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            shown += try await Self.poll(world)

            #expect(Set(shown).count == shown.count, "shown twice: \(shown)")
            // Every notice the server holds reaches the inbox exactly once (#3 was read before this device looked).
            let expected = Set(try await Self.serverIDs(world)).subtracting([3])
            let inbox = try await world.run(["jqc", "notifications", "list", "--limit", "100", "--json"]).array().compactMap {
                $0["id"] as? Int
            }
            #expect(Set(inbox) == expected && inbox.count == expected.count)
            #expect(Set(shown).union(try world.store().notifications(limit: -1).map(\.notification.id)) == expected)
            #expect(shown.count == expected.count - 1, "all but the one the sync delivered")
            // The cursor is the server's time, not this machine's.
            let cursor = try #require(try world.store().notificationCursor().flatMap(JQCDate.parse))
            #expect(abs(cursor.timeIntervalSinceNow - offset) < 60)
        }
    }

    @Test func theCursorFollowsTheNewestNoticeOnlyAndAsksAMinuteEarlier() async throws {
        try await withWorld { world in
            try await world.login()
            try await world.admin("clock", ["offset_seconds": -600])
            _ = try await Self.poll(world)
            // The first fetch got the seeded notices: the cursor is the newest created_at.
            #expect(try world.store().notificationCursor() == "2026-11-02T10:30:00")
            _ = try await Self.poll(world)
            let polls = try await world.emulator.requests().filter { $0.path == "/api/v1/notifications" }
            #expect(polls.first?.query["since"] == nil)
            #expect(polls.last?.query["since"] == ["2026-11-02T10:29:00"])
            // Nothing new arrived: the cursor stays the server's own stamp, never its Date header
            // (which is UTC while a real server's stamps are in its zone) nor this machine's clock.
            #expect(try world.store().notificationCursor() == "2026-11-02T10:30:00")
        }
    }

    // MARK: Inbox

    @Test func everythingFetchedIsKeptListedAndMarkedReadLocally() async throws {
        try await withWorld(http: "{ retries: 0 }") { world in
            try await world.ready()
            try await world.admin(
                "notify", ["user": "inspector", "type": "issue_assigned", "title": "Issue #9 assigned to you", "issue_id": 9])
            #expect(try await Self.poll(world).count == 1)

            let all = try await world.run(["jqc", "notifications", "list", "--json"]).array()
            #expect(all.count == 3)
            #expect(all.first?["title"] as? String == "Issue #9 assigned to you", "newest first")
            #expect(all.allSatisfy { $0["read"] as? Bool == false && $0["read_at"] is NSNull })
            #expect(all.first?["issue_id"] as? Int == 9)
            let newest = try #require(all.first?["id"] as? Int)

            let table = await world.run(["jqc", "notifications", "list"])
            #expect(table.stdout.contains("●") && table.stdout.contains("Issue #9 assigned to you"))
            #expect(table.stderr.contains("3 unread"))

            let marked = await world.run(["jqc", "notifications", "read", String(newest)])
            #expect(marked.exitCode == 0 && marked.stdout.contains("marked 1 notification read"))
            let unread = try await world.run(["jqc", "notifications", "list", "--unread", "--json"]).array()
            #expect(unread.count == 2 && !unread.contains { $0["id"] as? Int == newest })
            #expect(try await world.run(["jqc", "notifications", "list", "--limit", "1", "--json"]).array().count == 1)

            // An unknown id changes nothing.
            let unknown = await world.run(["jqc", "notifications", "read", "1", "999"])
            #expect(unknown.exitCode == 1 && unknown.stderr.contains("999"), "\(unknown.stderr)")
            #expect(try world.store().unreadNotificationCount() == 2)
            #expect(await world.run(["jqc", "notifications", "read"]).exitCode == 2)
            #expect(await world.run(["jqc", "notifications", "read", "1", "--all"]).exitCode == 2)
            // Each id is checked as every integer is, in the same words, before anything is marked.
            let notANumber = await world.run(["jqc", "notifications", "read", "1", "x2"])
            #expect(notANumber.exitCode == 2 && notANumber.stderr.contains("invalid value 'x2' for 'ID'"), "\(notANumber)")
            #expect(try world.store().unreadNotificationCount() == 2)

            // The inbox is local: it lists and marks with the server gone.
            _ = world.emulator.stop()
            let all2 = await world.run(["jqc", "notifications", "read", "--all", "--json"])
            #expect(all2.exitCode == 0)
            #expect(((try all2.object()["marked_read"] as? [Int]) ?? []).count == 2)
            #expect(try await world.run(["jqc", "notifications", "list", "--unread", "--json"]).array().isEmpty)
            #expect(await world.run(["jqc", "notifications", "list"]).exitCode == 0)
        }
    }
}
