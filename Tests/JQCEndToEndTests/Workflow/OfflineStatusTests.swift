import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `jqc issue status` offline: queued, sent by the next sync after the issue submissions in the
/// order made, and never over a status someone changed on the server meanwhile.
@Suite
struct OfflineStatusTests {
    /// The server as it is for `jqc issue status`: connections to the issue's status route drop.
    static func cutOff(_ world: JQCWorld) async throws {
        try await world.emulator.injectFault(path: "/api/v1/issues/*", method: "PATCH", count: 10, drop: true)
    }

    static func serverIssue(_ world: JQCWorld, _ id: Int) async throws -> [String: Any] {
        ((try await world.serverState()["issues"] as? [[String: Any]]) ?? []).first { $0["id"] as? Int == id } ?? [:]
    }

    @Test func offlineChangesAreQueuedAndTheNextSyncSendsThemInOrderAfterTheIssues() async throws {
        try await withWorld(http: "{ retries: 0 }") { world in
            try await world.ready()
            let before = try world.storeRows()
            try await Self.cutOff(world)
            let first = await world.run(["jqc", "issue", "status", "1", "in_progress"])
            #expect(first.exitCode == 0, "\(first.stderr)")
            #expect(first.stdout.contains("queued: sent by the next sync") && first.stderr.contains("cannot be reached"))
            // A second change of the same issue queues behind the first without trying the server.
            let patchesBefore = try await world.emulator.requests().filter { $0.method == "PATCH" }.count
            let second = await world.run(["jqc", "issue", "status", "1", "resolved", "--notes", "Dryer replaced"])
            #expect(second.exitCode == 0 && second.stdout.contains("queued: sent by the next sync"))
            #expect(try await world.emulator.requests().filter { $0.method == "PATCH" }.count == patchesBefore)
            // An issue flagged here, not on the server yet: its change follows it.
            let flagged = await world.run(["jqc", "issue", "flag", "--facility", "2", "--severity", "low", "--description", "Door sticks"])
            let localID = flagged.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let third = await world.run(["jqc", "issue", "status", localID, "in_progress", "--notes", "Oiled the hinge"])
            #expect(
                third.exitCode == 0 && third.stdout.contains("queued: sent by the next sync")
                    && third.stderr.contains("not on the server yet"))
            #expect(try world.storeRows() != before)

            let store = try world.store()
            #expect(try store.pendingCounts().statusChanges == 3)
            #expect(
                try await world.run(["jqc", "status", "--json"]).object()["pending"] as? [String: Int]
                    == ["inspections": 0, "issues": 1, "photos": 0, "status_changes": 3])
            let listed = try await world.run(["jqc", "issue", "list", "--json"]).array()
            #expect(listed.first { $0["server_id"] as? Int == 1 }?["queued_status"] as? String == "resolved")
            #expect(listed.first { $0["server_id"] as? Int == 1 }?["status"] as? String == "open", "the server's status until it is sent")
            #expect(await world.run(["jqc", "issue", "list"]).stdout.contains("open → resolved (queued)"))
            let plan = await world.run(["jqc", "sync", "--dry-run"])
            #expect(plan.stdout.contains("status_change") && plan.stdout.contains("after its issue"))

            try await world.emulator.clearFaults()
            let earlier = try await world.emulator.requests().count
            let sync = await world.run(["jqc", "sync", "--json"])
            #expect(sync.exitCode == 0, "\(sync.stderr)")
            #expect(try sync.object()["status_changes_sent"] as? Int == 3)
            #expect(try store.pendingCounts().statusChanges == 0)

            // On the server, in the order made, after the issue they belong to was created.
            let serverID = try #require(try store.issue(localID: localID)?.serverID)
            let log = Array(try await world.emulator.requests().dropFirst(earlier))
            let patches = log.enumerated().filter { $0.element.method == "PATCH" && $0.element.path.hasSuffix("/status") }
            #expect(
                patches.map(\.element.path) == ["/api/v1/issues/1/status", "/api/v1/issues/1/status", "/api/v1/issues/\(serverID)/status"])
            #expect(patches[0].element.body.contains("in_progress") && patches[1].element.body.contains("resolved"))
            let created = try #require(log.lastIndex { $0.method == "POST" && $0.path == "/api/v1/issues" })
            #expect(created < patches[2].offset)
            let one = try await Self.serverIssue(world, 1)
            #expect(one["status"] as? String == "resolved" && one["result_notes"] as? String == "Dryer replaced")
            #expect(try await Self.serverIssue(world, serverID)["status"] as? String == "in_progress")
            #expect(try store.issue(serverID: 1)?.status == "resolved")

            // Nothing is sent twice.
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try await world.emulator.requests().dropFirst(earlier).filter { $0.method == "PATCH" }.count == 3)
        }
    }

    @Test func aChangeSomeoneResolvedMeanwhileIsReportedNotOverwrittenAndRetrySendsItAnyway() async throws {
        try await withWorld(http: "{ retries: 0 }") { world in
            try await world.ready()
            try await Self.cutOff(world)
            #expect(await world.run(["jqc", "issue", "status", "1", "in_progress"]).exitCode == 0)
            let issueOne = try #require(try world.store().issue(serverID: 1))
            let change = try #require(try world.store().pendingStatusChanges(issueLocalID: issueOne.localID).first)
            try await world.emulator.clearFaults()
            // Meanwhile the day shift resolves it from another device.
            let token = try await world.login(returningToken: ())
            try await world.api(.patch, "issues/1/status", ["status": "resolved", "notes": "Done by the day shift"], token: token)
            let patches = try await world.emulator.requests().filter { $0.method == "PATCH" }.count

            let sync = await world.run(["jqc", "sync", "--json"])
            #expect(sync.exitCode == 5)
            let failure = try #require((try sync.object()["failures"] as? [[String: Any]])?.first)
            #expect(failure["kind"] as? String == "status_change" && failure["local_id"] as? String == change.localID)
            let message = try #require(failure["error"] as? String)
            #expect(
                message.contains("changed on the server meanwhile") && message.contains("resolved now, not open")
                    && message.contains("in progress"), "\(message)")
            #expect(try await world.emulator.requests().filter { $0.method == "PATCH" }.count == patches, "nothing was overwritten")
            let one = try await Self.serverIssue(world, 1)
            #expect(one["status"] as? String == "resolved" && one["result_notes"] as? String == "Done by the day shift")
            #expect(try world.store().issue(serverID: 1)?.status == "resolved", "the local issue shows the server's status")
            let status = try await world.run(["jqc", "status", "--json"]).object()
            #expect((status["failed"] as? [String: Int])?["status_changes"] == 1)
            #expect((status["last_sync_error"] as? String)?.contains("changed on the server meanwhile") == true)
            #expect(
                await world.run(["jqc", "issue", "show", "1"]).stdout.contains("not sent: issue #1 was changed on the server meanwhile"))

            // A person who has seen it sends it anyway: re-queued, it goes from the server's status.
            #expect(await world.run(["jqc", "retry", change.localID]).exitCode == 0)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try await Self.serverIssue(world, 1)["status"] as? String == "in_progress")
            #expect(try world.store().statusChange(localID: change.localID)?.syncStatus == .synced)
        }
    }

    @Test func aChangeOfAnIssueThatFailedToSyncIsRefusedAndAFailedIssueTakesItsChangesAlong() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let issue = try outbox.facilityIssue()
            #expect(await world.run(["jqc", "issue", "status", issue.localID, "resolved"]).exitCode == 0)
            try await world.emulator.injectFault(path: "/api/v1/issues", method: "POST", status: 422, count: SyncStatus.maxAttempts)
            for _ in 0..<SyncStatus.maxAttempts { #expect(await world.run(["jqc", "sync"]).exitCode == 5) }
            #expect(try outbox.store.issue(localID: issue.localID)?.syncStatus == .failed)
            let changes = try outbox.store.unsentStatusChanges()
            #expect(changes.count == 1 && changes[0].syncStatus == .failed && changes[0].lastError == JQCStore.issueFailedMessage)
            let refused = await world.run(["jqc", "issue", "status", issue.localID, "open"])
            #expect(refused.exitCode == 1 && refused.stderr.contains("failed to sync"))
            // Re-queueing the issue brings its change back; both go.
            #expect(await world.run(["jqc", "retry", issue.localID]).exitCode == 0)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let serverID = try #require(try outbox.store.issue(localID: issue.localID)?.serverID)
            #expect(try await Self.serverIssue(world, serverID)["status"] as? String == "resolved")
        }
    }
}
