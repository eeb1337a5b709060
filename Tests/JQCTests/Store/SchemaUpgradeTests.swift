import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Migration 2 (queued status changes, the inbox's read state, prune and reopen bookkeeping)
/// upgrades a store that holds work without losing or cascading any of it.
@Suite struct SchemaUpgradeTests {
    @Test func aVersionOneStoreWithWorkUpgradesInPlace() throws {
        let directory = try TemporaryDirectory(prefix: "jqc-upgrade")
        defer { directory.remove() }
        let path = directory.path(JQCStore.fileName)
        do {
            let database = try Database(path: path)
            try Migrator([JQCSchema.migrator.migrations[0]]).migrate(database)
            try database.executeScript(
                """
                INSERT INTO inspections (local_id, server_id, template_id, facility_id, status, sync_status, started_at, created_at, updated_at, synced_at)
                    VALUES ('i-1', 70, 1, 1, 'completed', 'synced', '2026-10-01T08:00:00', '2026-10-01T08:00:00', '2026-10-01T08:30:00', '2026-10-01T08:31:00');
                INSERT INTO issues (local_id, server_id, origin, inspection_local_id, facility_id, severity, description, sync_status, created_at, updated_at)
                    VALUES ('s-1', 9, 'device', 'i-1', 1, 'low', 'Scuff', 'synced', '2026-10-01T08:10:00', '2026-10-01T08:32:00');
                INSERT INTO issues (local_id, origin, facility_id, severity, description, created_at, updated_at)
                    VALUES ('s-2', 'device', 1, 'high', 'Leak', '2026-10-02T08:00:00', '2026-10-02T08:00:00');
                INSERT INTO photos (local_id, entity_type, issue_local_id, file_name, content_type, byte_count, created_at)
                    VALUES ('p-1', 'issue', 's-2', 'p-1.jpg', 'image/jpeg', 10, '2026-10-02T08:00:00');
                INSERT INTO notifications (id, title, created_at, read_on_server, fetched_at) VALUES (4, 'Old', '2026-10-01T07:00:00', 1, '2026-10-01T07:05:00');
                INSERT INTO sync_state (key, value) VALUES ('notification_cursor', '2026-10-01T07:05:00'), ('last_sync_at', '2026-10-01T08:31:00');
                """)
            #expect(try JQCSchema.migrator.currentVersion(of: database) == 1)
        }

        let store = try JQCStore(directory: directory.url.path)
        let database = try Database(path: path)
        #expect(try JQCSchema.migrator.currentVersion(of: database) == JQCSchema.migrator.latestVersion)
        #expect(try database.queryOne("PRAGMA foreign_key_check") == nil)
        // Work is all there; the synced issue learned when it was synced (its last change).
        #expect(try store.inspection(localID: "i-1")?.serverID == 70)
        #expect(try store.issues().count == 2 && (try store.photo(localID: "p-1")) != nil)
        #expect(try database.scalar("SELECT synced_at FROM issues WHERE local_id = 's-1'", as: String.self) == "2026-10-01T08:32:00")
        #expect(try database.scalar("SELECT synced_at FROM issues WHERE local_id = 's-2'", as: String.self) == nil)
        // The old cursor was this machine's clock: gone, so the next fetch takes every unread notice.
        #expect(try store.notificationCursor() == nil)
        #expect(try store.lastSyncAt() != nil)
        // The notice is in the inbox, unread; the new outbox kind is counted.
        #expect(try store.notifications(unreadOnly: true).map(\.notification.id) == [4])
        #expect(try store.pendingCounts() == JQCStore.KindCounts(inspections: 0, issues: 1, photos: 1, statusChanges: 0))
        _ = try store.queueStatusChange(issueLocalID: "s-1", status: .resolved, notes: nil)
        #expect(try store.pendingCounts().statusChanges == 1)
    }
}
