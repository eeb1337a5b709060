import FieldOpsCore
import FoundationEssentials

/// What the sync reads from and records into the outbox. Each server answer is recorded in
/// its own transaction, so whatever the server confirmed is never asked for twice after a crash
/// (and if the process dies between the server's commit and this record, the `local_id`
/// deduplication on the server answers the repeat with the existing record).
extension JQCStore {
    /// The kinds of outbox item.
    public enum ItemKind: String, Sendable, Codable, CaseIterable {
        case inspection
        case issue
        case photo
        /// A queued `jqc issue status` change.
        case statusChange = "status_change"

        var table: String {
            switch self {
            case .inspection: "inspections"
            case .issue: "issues"
            case .photo: "photos"
            case .statusChange: "issue_status_changes"
            }
        }

        /// The column failures and re-queues are listed by, oldest first.
        var ageColumn: String {
            switch self {
            case .inspection: "completed_at"
            case .issue, .photo: "created_at"
            case .statusChange: "id"
            }
        }

        /// How a person reads the kind in messages.
        public var label: String {
            switch self {
            case .statusChange: "status change"
            default: rawValue
            }
        }
    }

    /// Message of an issue that cannot be sent because its inspection failed (contract wording).
    public static let parentFailedMessage = "Parent inspection failed to sync — issue cannot be submitted."

    // MARK: What is due

    /// Photos waiting for upload whose owner is ready: a completed inspection, or an issue.
    /// Photos of drafts wait until the draft is submitted (a deleted draft uploads nothing).
    static let duePhotosSQL = """
        SELECT \(LocalPhoto.columns) FROM photos
        WHERE sync_status = 'pending'
          AND (entity_type = 'issue' OR inspection_local_id IN (SELECT local_id FROM inspections WHERE status = 'completed'))
        ORDER BY created_at, local_id
        """

    public func duePhotos() throws -> [LocalPhoto] {
        try read { try $0.query(Self.duePhotosSQL).map(LocalPhoto.init(row:)) }
    }

    /// Completed inspections waiting to be sent whose photos are all settled (uploaded or
    /// failed for good) and whose parent, when it is a local inspection, already has a server id.
    public func dueInspections() throws -> [LocalInspection] {
        try read { database in
            try database.query(
                """
                SELECT \(LocalInspection.columns) FROM inspections i
                WHERE i.status = 'completed' AND i.sync_status = 'pending'
                  AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.inspection_local_id = i.local_id AND p.sync_status = 'pending')
                  AND (i.parent_local_id IS NULL OR i.parent_server_id IS NOT NULL
                       OR EXISTS (SELECT 1 FROM inspections q WHERE q.local_id = i.parent_local_id AND q.server_id IS NOT NULL))
                ORDER BY i.completed_at, i.local_id
                """
            ).map(LocalInspection.init(row:))
        }
    }

    /// Message of a re-inspection whose parent (a local inspection) failed for good: sending
    /// it without `parent_inspection_id` would lose the follow-up link on the server.
    public static let parentInspectionFailedMessage = "Parent inspection failed to sync — re-inspection cannot be submitted."

    /// Marks failed every pending re-inspection whose local parent failed; returns their ids.
    public func failReinspectionsOfFailedParents() throws -> [String] {
        try write { database in
            let ids = try database.query(
                """
                SELECT i.local_id FROM inspections i JOIN inspections p ON p.local_id = i.parent_local_id
                WHERE i.status = 'completed' AND i.sync_status = 'pending' AND p.sync_status = 'failed' AND p.server_id IS NULL
                """
            ).map { try $0.decode("local_id", as: String.self) }
            for id in ids {
                try database.execute(
                    "UPDATE inspections SET sync_status = 'failed', last_error = ?, updated_at = ? WHERE local_id = ?",
                    [Self.parentInspectionFailedMessage, StoreText.now(), id])
            }
            return ids
        }
    }

    /// Marks failed every pending device issue whose inspection failed; returns their ids.
    public func failIssuesOfFailedInspections() throws -> [String] {
        try write { database in
            let ids = try database.query(
                """
                SELECT s.local_id FROM issues s JOIN inspections i ON i.local_id = s.inspection_local_id
                WHERE s.origin = 'device' AND s.sync_status = 'pending' AND i.sync_status = 'failed'
                """
            ).map { try $0.decode("local_id", as: String.self) }
            for id in ids {
                try database.execute(
                    "UPDATE issues SET sync_status = 'failed', last_error = ?, updated_at = ? WHERE local_id = ?",
                    [Self.parentFailedMessage, StoreText.now(), id])
            }
            return ids
        }
    }

    /// Device issues waiting to be sent whose photo is settled and whose inspection (if any)
    /// is on the server: an issue is never sent without its inspection.
    public func dueIssues() throws -> [LocalIssue] {
        try read { database in
            try database.query(
                """
                SELECT \(LocalIssue.columns) FROM issues s
                WHERE s.origin = 'device' AND s.sync_status = 'pending'
                  AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.issue_local_id = s.local_id AND p.sync_status = 'pending')
                  AND (s.inspection_local_id IS NULL
                       OR EXISTS (SELECT 1 FROM inspections i WHERE i.local_id = s.inspection_local_id AND i.sync_status = 'synced'))
                ORDER BY s.created_at, s.local_id
                """
            ).map(LocalIssue.init(row:))
        }
    }
}
