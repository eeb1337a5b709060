import FieldOpsCore
import Foundation

/// Notifications fetched from the server, and which of them the server still thinks unread.
extension JQCStore {
    /// Keeps fetched notifications (new ids inserted, known ones refreshed) and moves the
    /// cursor to `fetchedAt`, in one transaction. Returns how many ids were new.
    @discardableResult
    public func storeNotifications(_ notifications: [APINotification], fetchedAt: Date) throws -> Int {
        try write { database in
            var added = 0
            let stamp = StoreText.text(fetchedAt)
            for note in notifications {
                let known = try database.scalar("SELECT 1 FROM notifications WHERE id = ?", [note.id], as: Int.self) != nil
                try database.execute(
                    """
                    INSERT INTO notifications (id, type, title, body, link, created_at, issue_id, inspection_id, read_on_server, fetched_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET type = excluded.type, title = excluded.title, body = excluded.body,
                        link = excluded.link, created_at = excluded.created_at, issue_id = excluded.issue_id,
                        inspection_id = excluded.inspection_id, read_on_server = max(read_on_server, excluded.read_on_server)
                    """,
                    [note.id, note.type, note.title, note.body, note.link, note.createdAt, note.issueID, note.inspectionID,
                     note.isRead ?? false, stamp])
                if !known { added += 1 }
            }
            try setState(.notificationCursor, stamp, in: database)
            return added
        }
    }

    /// Ids fetched but not yet marked read on the server.
    public func notificationsToMarkRead() throws -> [Int] {
        try read { database in
            try database.query("SELECT id FROM notifications WHERE read_on_server = 0 ORDER BY id").map { try $0.decode("id", as: Int.self) }
        }
    }

    public func recordNotificationsRead(_ ids: [Int]) throws {
        try write { database in
            for id in ids {
                try database.execute("UPDATE notifications SET read_on_server = 1 WHERE id = ?", [id])
            }
        }
    }

    /// Stored notifications, newest first.
    public func notifications(limit: Int = 100) throws -> [StoredNotification] {
        try read { database in
            try database.query(
                """
                SELECT id, type, title, body, link, created_at, issue_id, inspection_id, read_on_server, fetched_at
                FROM notifications ORDER BY coalesce(created_at, fetched_at) DESC, id DESC LIMIT ?
                """, [limit]).map { row in
                    StoredNotification(
                        notification: APINotification(
                            id: try row.decode("id"), type: try row.decode("type"), title: try row.decode("title"),
                            body: try row.decode("body"), link: try row.decode("link"), isRead: try row.decode("read_on_server"),
                            createdAt: try row.decode("created_at"), issueID: try row.decode("issue_id"),
                            inspectionID: try row.decode("inspection_id")),
                        readOnServer: try row.decode("read_on_server"), fetchedAt: try StoreText.date(row, "fetched_at"))
                }
        }
    }
}
