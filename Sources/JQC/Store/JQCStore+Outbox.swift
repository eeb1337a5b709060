import FieldOpsCore
import Foundation

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

        var table: String {
            switch self {
            case .inspection: "inspections"
            case .issue: "issues"
            case .photo: "photos"
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
                """).map(LocalInspection.init(row:))
        }
    }

    /// Marks failed every pending device issue whose inspection failed; returns their ids.
    public func failIssuesOfFailedInspections() throws -> [String] {
        try write { database in
            let ids = try database.query(
                """
                SELECT s.local_id FROM issues s JOIN inspections i ON i.local_id = s.inspection_local_id
                WHERE s.origin = 'device' AND s.sync_status = 'pending' AND i.sync_status = 'failed'
                """).map { try $0.decode("local_id", as: String.self) }
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
                """).map(LocalIssue.init(row:))
        }
    }

    // MARK: Recording answers

    /// The photo is on the server: its path goes into the owning field (replacing the
    /// `local://` reference) or the issue's `photo_path`, in the same transaction.
    public func recordPhotoUploaded(_ photo: LocalPhoto, serverPath: String) throws {
        try write { database in
            try database.execute(
                "UPDATE photos SET sync_status = 'synced', server_path = ?, last_error = NULL WHERE local_id = ?",
                [serverPath, photo.localID])
            switch photo.entityType {
            case .inspection:
                guard let owner = photo.inspectionLocalID, let field = photo.fieldID,
                      let text = try database.scalar("SELECT form_data FROM inspections WHERE local_id = ?", [owner], as: String.self)
                else { return }
                var values = try FormData.decode(Data(text.utf8), source: "form data of inspection \(owner)")
                // Only the reference to this photo is replaced; a field the person changed since keeps its answer.
                guard values[field]?.localPhotoID == photo.localID else { return }
                values[field] = .text(serverPath)
                try database.execute(
                    "UPDATE inspections SET form_data = ? WHERE local_id = ?", [FormData.jsonText(values), owner])
            case .issue:
                try database.execute(
                    "UPDATE issues SET photo_path = ?, server_photo_paths = ? WHERE local_id = ?",
                    [serverPath, StoreText.listText([serverPath]), photo.issueLocalID])
            }
        }
    }

    /// The inspection is on the server: keep its id, hand it to its issues, and clear the
    /// parent's follow-up flag (second of the three clearing points).
    public func recordInspectionSubmitted(_ inspection: LocalInspection, server: APIInspection) throws {
        try write { database in
            try database.execute(
                """
                UPDATE inspections SET server_id = ?, sync_status = 'synced', last_error = NULL, synced_at = ?,
                    follow_up_required = coalesce(?, follow_up_required) WHERE local_id = ?
                """,
                [server.id, StoreText.now(), server.followUpRequired, inspection.localID])
            try database.execute(
                "UPDATE issues SET inspection_server_id = ? WHERE inspection_local_id = ?", [server.id, inspection.localID])
            try database.execute(
                "UPDATE inspections SET parent_server_id = ? WHERE parent_local_id = ? AND parent_server_id IS NULL",
                [server.id, inspection.localID])
            try clearParentFollowUp(of: inspection, in: database)
        }
    }

    /// The issue is on the server. A copy pulled earlier under the same server id (its answer
    /// was lost, the pull saw it) is merged away so the issue exists once.
    public func recordIssueSubmitted(_ issue: LocalIssue, server: APIIssue) throws {
        try write { database in
            try database.execute(
                "DELETE FROM issues WHERE server_id = ? AND local_id <> ? AND origin = 'server'", [server.id, issue.localID])
            try database.execute(
                """
                UPDATE issues SET server_id = ?, sync_status = 'synced', last_error = NULL, status = ?, reported_by = ?,
                    reported_at = ?, assigned_to = ?, updated_at = ? WHERE local_id = ?
                """,
                [server.id, server.status, server.reportedBy, server.reportedAt, server.assignedTo, StoreText.now(), issue.localID])
        }
    }

    /// Records a failed attempt. When `counts` (the server refused or failed this item), the
    /// retry count grows and the fifth failure makes the item `failed`; a network failure only
    /// leaves its message. Returns true when the item is now `failed`.
    @discardableResult
    public func recordFailure(_ kind: ItemKind, localID: String, error: String, counts: Bool) throws -> Bool {
        try write { database in
            if counts {
                try database.execute(
                    """
                    UPDATE \(kind.table) SET retry_count = retry_count + 1, last_error = ?,
                        sync_status = CASE WHEN retry_count + 1 >= ? THEN 'failed' ELSE sync_status END
                    WHERE local_id = ? AND sync_status = 'pending'
                    """, [error, SyncStatus.maxAttempts, localID])
            } else {
                try database.execute(
                    "UPDATE \(kind.table) SET last_error = ? WHERE local_id = ? AND sync_status = 'pending'", [error, localID])
            }
            return try database.scalar(
                "SELECT sync_status = 'failed' FROM \(kind.table) WHERE local_id = ?", [localID], as: Bool.self) ?? false
        }
    }
}
