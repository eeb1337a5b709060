import FieldOpsCore
import FoundationEssentials

/// A `jqc issue status` change waiting in the outbox (made offline, or for an issue that is not
/// on the server yet). Sent in the order made, after the issue submissions of a sync.
public struct QueuedStatusChange: Sendable, Equatable {
    public var localID: String
    /// Insertion order: the order changes of one issue are sent in.
    public var sequence: Int
    public var issueLocalID: String
    /// The issue's server id: known when queued, or once the issue itself is sent.
    public var issueServerID: Int?
    public var status: IssueStatus
    public var notes: String?
    /// The status the person changed the issue from. The change is sent only while the server
    /// still has it; nil sends it whatever the server has.
    public var baseStatus: String?
    /// The server's status when the change was not sent because the server had moved on.
    public var conflictStatus: String?
    public var syncStatus: SyncStatus
    public var retryCount: Int
    public var lastError: String?
    public var createdAt: Date
    public var syncedAt: Date?

    static let columns = """
        c.id, c.local_id, c.issue_local_id, coalesce(c.issue_server_id, s.server_id) AS issue_server_id, c.status, c.notes, \
        c.base_status, c.conflict_status, c.sync_status, c.retry_count, c.last_error, c.created_at, c.synced_at
        """

    /// `columns` read from `issue_status_changes c LEFT JOIN issues s`, which supplies the
    /// server id of an issue that was sent after the change was queued.
    static let source = "issue_status_changes c LEFT JOIN issues s ON s.local_id = c.issue_local_id"

    init(row: Row) throws {
        sequence = try row.decode("id")
        localID = try row.decode("local_id")
        issueLocalID = try row.decode("issue_local_id")
        issueServerID = try row.decode("issue_server_id")
        status = try StoreText.enumeration(row, "status")
        notes = try row.decode("notes")
        baseStatus = try row.decode("base_status")
        conflictStatus = try row.decode("conflict_status")
        syncStatus = try StoreText.enumeration(row, "sync_status")
        retryCount = try row.decode("retry_count")
        lastError = try row.decode("last_error")
        createdAt = try StoreText.date(row, "created_at")
        syncedAt = try StoreText.optionalDate(row, "synced_at")
    }
}
