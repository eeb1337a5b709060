import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Reference pulls replace the cache atomically; an unreachable server changes nothing.
@Suite
struct ReferenceAndOfflineTests {
    @Test func referencePullFailingHalfWayKeepsTheOldSets() async throws {
        try await withWorld { world in
            try await world.login()
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            let store = try world.store()
            let before = try store.facilities().map(\.id)
            #expect(before.sorted() == [1, 2, 3, 4, 5])

            try await world.admin(
                "facilities",
                [
                    ["id": 9, "name": "New Depot", "address": "9 New St", "project_id": nil as Int?, "project_name": nil as String?]
                        as [String: Any?]
                ].map { $0.compactMapValues { $0 } })
            try await world.emulator.injectFault(path: "/api/v1/areas", status: 500, count: 1)
            let result = await world.run(["jqc", "sync", "--json"])
            #expect(result.exitCode == 5)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(report["reference"] is NSNull)
            #expect((report["step_errors"] as? [String])?.first?.hasPrefix("reference data") == true)
            #expect(try store.facilities().map(\.id).sorted() == before.sorted())
            #expect(try store.referenceCounts() == .init(facilities: 5, areas: 11, templates: 4))
            // Issues and notifications were still pulled after the failed step.
            #expect(report["issues_pulled"] as? Int == 3)

            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try store.facilities().map(\.id) == [9])
        }
    }

    @Test func templatesKeepTheirSchemaExactlyAsSent() async throws {
        try await withWorld { world in
            try await world.login()
            await world.run(["jqc", "sync"])
            let template = try #require(try world.store().template(id: 1))
            // Integer ids stay integers, the grid keys keep their camelCase.
            #expect(template.formSchemaJSON.contains("\"id\":2,\"type\":\"rating\""))
            #expect(template.formSchemaJSON.contains("\"colSpan\":6"))
            #expect(try template.schema().fields.count == 7)
            let show = await world.run(["jqc", "templates", "show", "2", "--json"])
            #expect(show.exitCode == 0)
            #expect(show.stdout.contains("\"f_1712_ab3\""))
        }
    }

    @Test func offlineSyncExitsFourNamingWhatWaitsAndChangesNothing() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection(photo: true)
            try outbox.issue(on: inspection)
            let before = try Self.snapshot(outbox.store)
            world.emulator.stop()

            let result = await world.run(["jqc", "sync"])
            #expect(result.exitCode == 4)
            #expect(result.stderr.contains("offline: 3 items waiting"))
            #expect(try Self.snapshot(outbox.store) == before)
            #expect(try outbox.store.lastAttempt()?.error?.hasPrefix("offline: 3 items waiting") == true)

            // Every local command works offline.
            #expect(await world.run(["jqc", "status"]).exitCode == 0)
            #expect(await world.run(["jqc", "facilities"]).exitCode == 0)
            #expect(await world.run(["jqc", "facilities", "show", "1"]).exitCode == 0)
            #expect(await world.run(["jqc", "templates", "show", "1"]).exitCode == 0)
            #expect(await world.run(["jqc", "sync", "--dry-run"]).exitCode == 0)
            #expect(await world.run(["jqc", "retry", "--all-failed"]).exitCode == 0)
        }
    }

    @Test func clearingTheCacheNeverTouchesWork() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let inspection = try outbox.completedInspection(photo: true)
            let issue = try outbox.issue(on: inspection, photo: true)
            let result = await world.run(["jqc", "cache", "clear"])
            #expect(result.exitCode == 0)
            #expect(try outbox.store.referenceCounts() == .init(facilities: 0, areas: 0, templates: 0))
            #expect(try outbox.store.inspection(localID: inspection.localID) != nil)
            #expect(try outbox.store.issue(localID: issue.localID) != nil)
            #expect(try outbox.store.photos(inspectionLocalID: inspection.localID).count == 2)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try outbox.store.referenceCounts().templates == 4)
            #expect(try outbox.store.inspection(localID: inspection.localID)?.syncStatus == .synced)
        }
    }

    /// Everything a sync could change, as text.
    /// Every record of the store but the note of the last sync attempt, which every attempt
    /// writes (`jqc status` shows when and why the last one failed).
    static func snapshot(_ store: JQCStore) throws -> String {
        try store.read { database in
            var lines: [String] = []
            for table in ["inspections", "issues", "photos", "facilities", "areas", "templates", "notifications", "sync_state"] {
                let only = table == "sync_state" ? " WHERE key NOT IN ('last_attempt_at', 'last_attempt_error')" : ""
                for row in try database.query("SELECT * FROM \(table)\(only) ORDER BY 1") {
                    lines.append(table + ": " + row.values.map { "\($0)" }.joined(separator: "|"))
                }
            }
            return lines.joined(separator: "\n")
        }
    }
}
