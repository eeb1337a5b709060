import FieldOpsCore
import FoundationEssentials

/// Notifications fetched from the server: the inbox (`jqc notifications list|read`), which ids
/// the server still thinks unread, and the fetch cursor.
///
/// The cursor is a stamp the server itself wrote, never this machine's clock nor the answer's
/// `Date` header (the public server stamps in its own zone with no offset, while `Date` is UTC:
/// a cursor taken from `Date` runs hours ahead of every stamp it is compared with). It is the
/// newest `created_at` received, kept as the server wrote it and left unchanged when nothing
/// new arrives. The next fetch asks from a minute before it (`cursorOverlap`, more after a
/// summer-time end: `ServerZone.since`) and drops what it already has by id.
extension JQCStore {
    /// How far before the cursor the next fetch asks from: a notice the server stamped just
    /// before its answer but committed after it is still fetched.
    public static let cursorOverlap: Int64 = 60

    /// What one fetch added to the inbox.
    public struct NotificationIntake: Sendable, Equatable {
        /// Notifications seen for the first time, oldest first.
        public var added: [APINotification] = []
        /// Ids the store held for a different notification (a reset server reusing ids); those
        /// notifications are among `added`.
        public var reusedIDs: [Int] = []
    }

    /// Keeps fetched notifications and moves the cursor, in one transaction. A known id whose
    /// notification is a different one (another `created_at` or type: a server that was reset
    /// and hands out ids again) replaces the stored one and counts as new, unread.
    ///
    /// - Parameters:
    ///   - zone: the zone of the server's stamps, to tell which is newest.
    ///   - fetchedAt: this machine's time, kept for display only.
    @discardableResult
    public func storeNotifications(_ notifications: [APINotification], zone: ServerZone = .utc, fetchedAt: Date = Date()) throws
        -> NotificationIntake
    {
        try write { database in
            var intake = NotificationIntake()
            let stamp = StoreText.text(fetchedAt)
            for note in notifications {
                let known = try database.queryOne("SELECT created_at, type FROM notifications WHERE id = ?", [note.id])
                var replaced = false
                if let known {
                    let createdAt: String? = try known.decode("created_at")
                    let type: String? = try known.decode("type")
                    replaced = !Self.sameMoment(createdAt, note.createdAt) || type != note.type
                    if !replaced {
                        // The same notice again (the cursor's overlap): refresh it, keep its read state.
                        try database.execute(
                            """
                            UPDATE notifications SET title = ?, body = ?, link = ?, issue_id = ?, inspection_id = ?,
                                read_on_server = max(read_on_server, ?) WHERE id = ?
                            """,
                            [note.title, note.body, note.link, note.issueID, note.inspectionID, note.isRead ?? false, note.id])
                        continue
                    }
                    intake.reusedIDs.append(note.id)
                }
                try database.execute(
                    """
                    INSERT OR REPLACE INTO notifications
                        (id, type, title, body, link, created_at, issue_id, inspection_id, read_on_server, fetched_at, read_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)
                    """,
                    [
                        note.id, note.type, note.title, note.body, note.link, note.createdAt, note.issueID, note.inspectionID,
                        note.isRead ?? false, stamp,
                    ])
                intake.added.append(note)
            }
            // Only a stamp the server wrote moves the cursor, and only forward.
            var cursor = try state(.notificationStamp, in: database)
            var newest = cursor.flatMap(zone.instant)
            for note in intake.added {
                guard let text = note.createdAt, let instant = zone.instant(text) else { continue }
                if let current = newest, instant <= current { continue }
                newest = instant
                cursor = text
            }
            try setState(.notificationStamp, cursor, in: database)
            intake.added.sort {
                (zone.instant($0.createdAt ?? "") ?? .distantPast, $0.id) < (zone.instant($1.createdAt ?? "") ?? .distantPast, $1.id)
            }
            return intake
        }
    }

    /// The `since` of the next fetch: a minute before the cursor (see `ServerZone.since`); nil
    /// before the first fetch, which asks for every unread notice.
    public func notificationSince(zone: ServerZone = .utc, now: Date = Date()) throws -> String? {
        try notificationCursor().flatMap { zone.since(cursor: $0, overlap: Self.cursorOverlap, now: now) }
    }

    /// Two API timestamps name the same second (the server may add fractions or a `Z`).
    static func sameMoment(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == b }
        guard let first = JQCDate.parse(a), let second = JQCDate.parse(b) else { return a == b }
        return first.timeIntervalSince1970.rounded(.down) == second.timeIntervalSince1970.rounded(.down)
    }

    /// Ids fetched but not yet marked read on the server.
    public func notificationsToMarkRead() throws -> [Int] {
        try read { database in
            try database.query("SELECT id FROM notifications WHERE read_on_server = 0 ORDER BY id").map {
                try $0.decode("id", as: Int.self)
            }
        }
    }

    public func recordNotificationsRead(_ ids: [Int]) throws {
        try write { database in
            for id in ids {
                try database.execute("UPDATE notifications SET read_on_server = 1 WHERE id = ?", [id])
            }
        }
    }

    // MARK: Inbox

    /// Stored notifications, newest first; `unreadOnly` leaves out those read here.
    /// A negative `limit` means all.
    public func notifications(limit: Int = 100, unreadOnly: Bool = false) throws -> [StoredNotification] {
        try read { database in
            try database.query(
                """
                SELECT id, type, title, body, link, created_at, issue_id, inspection_id, read_on_server, fetched_at, read_at
                FROM notifications WHERE (?1 = 0 OR read_at IS NULL)
                ORDER BY coalesce(created_at, fetched_at) DESC, id DESC LIMIT ?2
                """, [unreadOnly, limit]
            ).map { row in
                StoredNotification(
                    notification: APINotification(
                        id: try row.decode("id"), type: try row.decode("type"), title: try row.decode("title"),
                        body: try row.decode("body"), link: try row.decode("link"), isRead: try row.decode("read_on_server"),
                        createdAt: try row.decode("created_at"), issueID: try row.decode("issue_id"),
                        inspectionID: try row.decode("inspection_id")),
                    readOnServer: try row.decode("read_on_server"), fetchedAt: try StoreText.date(row, "fetched_at"),
                    readAt: try StoreText.optionalDate(row, "read_at"))
            }
        }
    }

    /// How many stored notifications are unread here.
    public func unreadNotificationCount() throws -> Int {
        try read { try $0.scalar("SELECT count(*) FROM notifications WHERE read_at IS NULL", as: Int.self) ?? 0 }
    }

    /// Marks notifications read in the inbox (the server was told when they were fetched).
    /// Unknown ids are refused before anything changes. Returns the ids that were unread.
    @discardableResult
    public func markNotificationsRead(ids: [Int], now: Date = Date()) throws -> [Int] {
        try write { database in
            let unknown = try ids.filter { try database.scalar("SELECT 1 FROM notifications WHERE id = ?", [$0], as: Int.self) == nil }
            if !unknown.isEmpty {
                throw JQCError.unknownRecord(
                    kind: "notification", id: unknown.map(String.init).joined(separator: ", "), profile: profileName)
            }
            var changed: [Int] = []
            for id in ids
            where try database.scalar("SELECT 1 FROM notifications WHERE id = ? AND read_at IS NULL", [id], as: Int.self) != nil {
                try database.execute("UPDATE notifications SET read_at = ? WHERE id = ?", [StoreText.text(now), id])
                changed.append(id)
            }
            return changed
        }
    }

    /// Marks every unread notification read; returns their ids.
    @discardableResult
    public func markAllNotificationsRead(now: Date = Date()) throws -> [Int] {
        try write { database in
            let ids = try database.query("SELECT id FROM notifications WHERE read_at IS NULL ORDER BY id").map {
                try $0.decode("id", as: Int.self)
            }
            try database.execute("UPDATE notifications SET read_at = ? WHERE read_at IS NULL", [StoreText.text(now)])
            return ids
        }
    }
}
