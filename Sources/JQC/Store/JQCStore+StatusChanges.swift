import FieldOpsCore
import FoundationEssentials

/// Issue status changes queued for the sync (`jqc issue status` while offline), sent in the
/// order made and never over a status the server changed in the meantime.
extension JQCStore {
    /// Message of a change whose issue failed to reach the server (it has no server id to send to).
    public static let issueFailedMessage = "Issue failed to sync — its status change cannot be sent."
    /// Message of a change whose issue is gone from the store before it ever had a server id.
    public static let issueGoneMessage = "The issue is no longer in the local store — its status change cannot be sent."

    /// Queues a change of `issueLocalID` to `status`. It is made from the status the person
    /// sees: the last change still queued for the issue, else the issue's own status.
    @discardableResult
    public func queueStatusChange(issueLocalID: String, status: IssueStatus, notes: String?, now: Date = Date()) throws
        -> QueuedStatusChange
    {
        let localID = JQCStore.newLocalID()
        try write { database in
            guard
                let row = try database.queryOne(
                    "SELECT server_id, status, sync_status FROM issues WHERE local_id = ?", [issueLocalID])
            else {
                throw JQCError.unknownRecord(kind: "issue", id: issueLocalID, profile: profileName)
            }
            if try row.decode("sync_status", as: String.self) == SyncStatus.failed.rawValue {
                throw JQCError.notAllowed(
                    "issue \(issueLocalID) failed to sync, so its status cannot change yet",
                    next: .retry(localID: issueLocalID))
            }
            let queued = try database.scalar(
                "SELECT status FROM issue_status_changes WHERE issue_local_id = ? AND sync_status = 'pending' ORDER BY id DESC LIMIT 1",
                [issueLocalID], as: String.self)
            let base = try queued ?? row.decode("status", as: String.self)
            try database.execute(
                """
                INSERT INTO issue_status_changes (local_id, issue_local_id, issue_server_id, status, notes, base_status, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [localID, issueLocalID, try row.decode("server_id", as: Int?.self), status.rawValue, notes, base, StoreText.text(now)])
        }
        guard let change = try statusChange(localID: localID) else {
            throw JQCError.unknownRecord(kind: "status change", id: localID, profile: profileName)
        }
        return change
    }

    public func statusChange(localID: String) throws -> QueuedStatusChange? {
        try read { database in
            try database.queryOne("SELECT \(QueuedStatusChange.columns) FROM \(QueuedStatusChange.source) WHERE c.local_id = ?", [localID])
                .map(QueuedStatusChange.init(row:))
        }
    }

    /// The changes of one issue still waiting to be sent, oldest first.
    public func pendingStatusChanges(issueLocalID: String) throws -> [QueuedStatusChange] {
        try read { database in
            try database.query(
                "SELECT \(QueuedStatusChange.columns) FROM \(QueuedStatusChange.source) WHERE c.issue_local_id = ? AND c.sync_status = 'pending' ORDER BY c.id",
                [issueLocalID]
            ).map(QueuedStatusChange.init(row:))
        }
    }

    /// Every change not yet sent (pending or failed), oldest first.
    public func unsentStatusChanges() throws -> [QueuedStatusChange] {
        try read { database in
            try database.query(
                "SELECT \(QueuedStatusChange.columns) FROM \(QueuedStatusChange.source) WHERE c.sync_status <> 'synced' ORDER BY c.id"
            )
            .map(QueuedStatusChange.init(row:))
        }
    }

    /// Changes whose issue has a server id, in the order they were made.
    public func dueStatusChanges() throws -> [QueuedStatusChange] {
        try read { database in
            try database.query(
                """
                SELECT \(QueuedStatusChange.columns) FROM \(QueuedStatusChange.source)
                WHERE c.sync_status = 'pending' AND coalesce(c.issue_server_id, s.server_id) IS NOT NULL ORDER BY c.id
                """
            ).map(QueuedStatusChange.init(row:))
        }
    }

    /// Marks failed every pending change that can never be sent — its issue failed to sync, or
    /// is gone without ever reaching the server — and returns their ids with the reason.
    public func failUnsendableStatusChanges() throws -> [(String, String)] {
        try write { database in
            let rows = try database.query(
                """
                SELECT c.local_id, s.local_id IS NULL AS gone FROM \(QueuedStatusChange.source)
                WHERE c.sync_status = 'pending' AND coalesce(c.issue_server_id, s.server_id) IS NULL
                  AND (s.local_id IS NULL OR s.sync_status = 'failed')
                """)
            var failed: [(String, String)] = []
            for row in rows {
                let id: String = try row.decode("local_id")
                let message = try row.decode("gone", as: Bool.self) ? Self.issueGoneMessage : Self.issueFailedMessage
                try database.execute(
                    "UPDATE issue_status_changes SET sync_status = 'failed', last_error = ? WHERE local_id = ?", [message, id])
                failed.append((id, message))
            }
            return failed
        }
    }

    /// The change is on the server: the issue takes the server's answer, in the same transaction.
    public func recordStatusChangeSent(_ change: QueuedStatusChange, server: APIIssue) throws {
        try write { database in
            try Self.updateIssue(from: server, in: database)
            try database.execute(
                """
                UPDATE issue_status_changes SET sync_status = 'synced', issue_server_id = ?, last_error = NULL, conflict_status = NULL,
                    synced_at = ? WHERE local_id = ?
                """, [server.id, StoreText.now(), change.localID])
        }
    }

    /// The server's status is no longer the one the change was made from: the change is not
    /// sent (it would overwrite someone else's update) and fails at once — another attempt
    /// would meet the same status. The issue takes the server's current record.
    public func recordStatusConflict(_ change: QueuedStatusChange, server: APIIssue, message: String) throws {
        try write { database in
            try Self.updateIssue(from: server, in: database)
            try database.execute(
                """
                UPDATE issue_status_changes SET sync_status = 'failed', retry_count = retry_count + 1, last_error = ?, conflict_status = ?
                WHERE local_id = ?
                """, [message, server.status, change.localID])
        }
    }

    /// Why a change was not sent, in the words the person reads in `jqc status`.
    static func conflictMessage(_ change: QueuedStatusChange, server: APIIssue) -> String {
        func label(_ status: String) -> String { IssueStatus(rawValue: status)?.label ?? status }
        let base = change.baseStatus.map(label) ?? "?"
        return "not sent: issue #\(server.id) was changed on the server meanwhile (it is \(label(server.status)) now, not \(base)), "
            + "so it was not overwritten with \(change.status.label); to send it anyway: fieldops jqc retry \(change.localID)"
    }
}
