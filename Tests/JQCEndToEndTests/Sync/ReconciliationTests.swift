import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Pulled issues are upserted by server id; only server-pulled ones are ever removed.
@Suite
struct ReconciliationTests {
    static func serverIDs(_ store: JQCStore, origin: LocalIssue.Origin) throws -> Set<Int> {
        Set(try store.issues().filter { $0.origin == origin }.compactMap(\.serverID))
    }

    @Test func pullUpsertsAssignedIssuesWithTheirServerPhotos() async throws {
        try await withWorld { world in
            try await world.login()
            let result = await world.run(["jqc", "sync", "--json"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(report["issues_pulled"] as? Int == 3)
            let store = try world.store()
            #expect(try Self.serverIDs(store, origin: .server) == [1, 2, 3])
            let second = try #require(try store.issue(serverID: 2))
            #expect(second.serverPhotoPaths == ["uploads/photos/seed-result-2.png"])
            #expect(second.status == "in_progress")
            #expect(try store.issue(serverID: 1)?.serverPhotoPaths == ["uploads/photos/seed-issue-1.png"])

            // A second pull updates in place rather than adding copies.
            try await world.admin("assigned-issues", ["user": "inspector", "issue_ids": [1, 2, 3, 4]])
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try Self.serverIDs(store, origin: .server) == [1, 2, 3, 4])
            #expect(try store.issues().count == 4)
        }
    }

    @Test func issuesUnassignedFromTheUserAreRemovedLocally() async throws {
        try await withWorld { world in
            try await world.login()
            await world.run(["jqc", "sync"])
            try await world.admin("assigned-issues", ["user": "inspector", "issue_ids": [1]])
            let result = await world.run(["jqc", "sync", "--json"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(report["issues_removed"] as? Int == 2)
            #expect(try Self.serverIDs(world.store(), origin: .server) == [1])
        }
    }

    @Test func anEmptyListStillRemovesEveryServerPulledIssueButNoDeviceIssue() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            // One device issue reaches the server, one waits on a draft inspection.
            let sent = try outbox.issue(on: try outbox.completedInspection())
            let draft = try outbox.store.createDraft(templateID: 1, facilityID: 2)
            let waiting = try outbox.issue(on: draft)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let sentServerID = try #require(try outbox.store.issue(localID: sent.localID)?.serverID)

            try await world.admin("assigned-issues", ["user": "inspector", "issue_ids": [] as [Int]])
            // The server forgets the device issue too: still it is never deleted by a pull.
            try await world.admin("issues/\(sentServerID)", method: .delete)

            let result = await world.run(["jqc", "sync", "--json"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(report["issues_pulled"] as? Int == 0)
            #expect(report["issues_removed"] as? Int == 3)
            #expect(try Self.serverIDs(outbox.store, origin: .server).isEmpty)
            #expect(try outbox.store.issue(localID: sent.localID)?.syncStatus == .synced)
            #expect(try outbox.store.issue(localID: waiting.localID)?.syncStatus == .pending)
        }
    }

    @Test func reconcilingAnEmptyListRunsTheDeletionPass() throws {
        let home = try TemporaryDirectory(prefix: "jqc-reconcile")
        defer { home.remove() }
        let store = try JQCStore(directory: home.path("site"))
        let pulled = [
            APIIssue(id: 10, facilityID: 1, severity: "low", description: "a", status: "open"),
            APIIssue(id: 11, facilityID: 1, severity: "low", description: "b", status: "open"),
        ]
        #expect(try store.reconcileIssues(pulled) == .init(upserted: 2, removed: 0))
        #expect(try store.reconcileIssues([]) == .init(upserted: 0, removed: 2))
        #expect(try store.issues().isEmpty)
    }
}
