import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `jqc prune`: synced work older than a date leaves the store with its photo copies; pending,
/// failed and draft work, and anything that still waits, never does.
@Suite
struct PruneTests {
    static let longAgo = "2026-01-15T10:00:00"

    @Test func pruneRemovesOldSyncedWorkWithItsPhotosAndNothingThatWaits() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            // Synced long ago: an inspection with a photo and an issue with a photo, and a facility issue.
            let old = try outbox.completedInspection(photo: true)
            let oldIssue = try outbox.issue(on: old, photo: true)
            let oldStandalone = try outbox.facilityIssue(photo: true)
            // Synced long ago, but an issue flagged on it afterwards still waits.
            let busy = try outbox.completedInspection()
            // Synced recently.
            let recent = try outbox.completedInspection(photo: true)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            for id in [old.localID, busy.localID] {
                try outbox.execute("UPDATE inspections SET synced_at = ? WHERE local_id = ?", [Self.longAgo, id])
            }
            for id in [oldIssue.localID, oldStandalone.localID] {
                try outbox.execute("UPDATE issues SET synced_at = ? WHERE local_id = ?", [Self.longAgo, id])
            }
            // Status changes sent long ago are bookkeeping only.
            let pulled = try #require(try outbox.store.issue(serverID: 1))
            _ = try outbox.store.queueStatusChange(issueLocalID: pulled.localID, status: .inProgress, notes: nil)
            _ = try outbox.store.queueStatusChange(issueLocalID: pulled.localID, status: .resolved, notes: nil)
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            try outbox.execute("UPDATE issue_status_changes SET synced_at = ?", [Self.longAgo])
            let waiting = try outbox.issue(on: busy)
            // Never synced: pending, failed and draft work.
            let pending = try outbox.completedInspection(photo: true)
            let failed = try outbox.completedInspection()
            for _ in 0..<SyncStatus.maxAttempts {
                try outbox.store.recordFailure(.inspection, localID: failed.localID, error: "HTTP 422", counts: true)
            }
            let draft = try await world.startDraft()
            try outbox.execute(
                "UPDATE inspections SET started_at = ?, created_at = ? WHERE local_id IN (?, ?, ?)",
                [Self.longAgo, Self.longAgo, pending.localID, failed.localID, draft])

            let oldPhotos =
                try outbox.store.photos(inspectionLocalID: old.localID).map { outbox.store.photoFile($0) }
                + (try outbox.store.read { database in
                    try database.query("SELECT file_name FROM photos WHERE issue_local_id = ?", [oldStandalone.localID])
                        .map { outbox.store.photosDirectory + "/" + (try $0.decode("file_name", as: String.self)) }
                })
            #expect(oldPhotos.count == 3 && oldPhotos.allSatisfy { FileManager.default.fileExists(atPath: $0) })
            let filesBefore = try world.photoFiles()

            // A dry run lists and removes nothing.
            let rowsBefore = try world.storeRows()
            let plan = await world.run(["jqc", "prune", "--synced-before", "2026-06-01", "--dry-run", "--json"])
            #expect(plan.exitCode == 0, "\(plan.stderr)")
            let planned = try plan.object()
            #expect(planned["dry_run"] as? Bool == true)
            #expect(planned["inspections"] as? [String] == [old.localID])
            #expect(Set(planned["issues"] as? [String] ?? []) == [oldIssue.localID, oldStandalone.localID])
            #expect(planned["photos"] as? Int == 3 && planned["status_changes"] as? Int == 2)
            #expect((planned["photo_bytes"] as? Int ?? 0) > 0)
            #expect(try world.storeRows() == rowsBefore && (try world.photoFiles()) == filesBefore)
            let text = await world.run(["jqc", "prune", "--synced-before", "2026-06-01", "--dry-run"])
            #expect(text.stdout.contains("would remove 1 inspection, 2 issues and 3 photo copies") && text.stdout.contains(old.localID))

            let pruned = try await world.run(["jqc", "prune", "--synced-before", "2026-06-01", "--json"]).object()
            #expect(pruned["inspections"] as? [String] == [old.localID] && pruned["dry_run"] as? Bool == false)
            let store = outbox.store
            #expect(try store.inspection(localID: old.localID) == nil)
            #expect(try store.issue(localID: oldIssue.localID) == nil && (try store.issue(localID: oldStandalone.localID)) == nil)
            #expect(oldPhotos.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
            #expect(try world.photoFiles().count == filesBefore.count - 3)
            #expect(try store.read { try $0.scalar("SELECT count(*) FROM issue_status_changes", as: Int.self) } == 0)
            // What waits, and what was synced after the date, stays with its photos.
            for id in [busy.localID, recent.localID, pending.localID, failed.localID, draft] {
                #expect(try store.inspection(localID: id) != nil, "\(id)")
            }
            #expect(try store.issue(localID: waiting.localID)?.syncStatus == .pending)
            #expect(
                try store.photos(inspectionLocalID: recent.localID).allSatisfy {
                    FileManager.default.fileExists(atPath: store.photoFile($0))
                })
            #expect(try store.photos(inspectionLocalID: pending.localID).count == 1)
            // Pulled issues are the sync's business.
            #expect(try store.issue(serverID: 1) != nil)

            // Nothing more to prune; the next sync resends nothing.
            #expect(try await world.run(["jqc", "prune", "--synced-before", "2026-06-01", "--json"]).object()["photos"] as? Int == 0)
            let posts = try await world.postCounts("inspections")
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            #expect(try await world.postCounts("inspections")[recent.localID] == posts[recent.localID])
            #expect(await world.run(["jqc", "prune", "--synced-before", "June"]).exitCode == 2)
        }
    }

    @Test func withoutADatePruneKeepsTheLastThirtyDays() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            let month = try outbox.completedInspection()
            let week = try outbox.completedInspection()
            #expect(await world.run(["jqc", "sync"]).exitCode == 0)
            try outbox.execute(
                "UPDATE inspections SET synced_at = ? WHERE local_id = ?",
                [JQCDate.format(Date().addingTimeInterval(-31 * 86_400)), month.localID])
            try outbox.execute(
                "UPDATE inspections SET synced_at = ? WHERE local_id = ?",
                [JQCDate.format(Date().addingTimeInterval(-7 * 86_400)), week.localID])
            let result = await world.run(["jqc", "prune"])
            #expect(result.exitCode == 0 && result.stdout.hasPrefix("removed 1 inspection"), "\(result.stdout)")
            #expect(try outbox.store.inspection(localID: month.localID) == nil)
            #expect(try outbox.store.inspection(localID: week.localID) != nil)
        }
    }
}
