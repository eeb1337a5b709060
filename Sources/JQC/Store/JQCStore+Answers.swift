import FieldOpsCore
import FoundationEssentials

/// Recording server answers and failed attempts, one transaction per answer.
extension JQCStore {

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

    /// The inspection is about to be POSTed: until an answer is recorded, the server may hold it
    /// (a cut connection, a killed sync), so `inspect reopen` refuses it. One cheap write per item.
    public func markSending(_ inspection: LocalInspection, now: Date = Date()) throws {
        try write { database in
            try database.execute(
                "UPDATE inspections SET sending_since = coalesce(sending_since, ?) WHERE local_id = ?",
                [StoreText.text(now), inspection.localID])
        }
    }

    /// The inspection is on the server: keep its id, hand it to its issues, and clear the
    /// parent's follow-up flag (second of the three clearing points). An id this store already
    /// holds for another inspection is refused (`ServerIDReuse`): recording it would lose which
    /// local record the server means.
    public func recordInspectionSubmitted(_ inspection: LocalInspection, server: APIInspection) throws {
        try write { database in
            if let holder = try database.scalar(
                "SELECT local_id FROM inspections WHERE server_id = ? AND local_id <> ?", [server.id, inspection.localID], as: String.self)
            {
                throw ServerIDReuse(kind: .inspection, serverID: server.id, heldBy: holder, answerFor: inspection.localID)
            }
            try database.execute(
                """
                UPDATE inspections SET server_id = ?, sync_status = 'synced', last_error = NULL, synced_at = ?, sending_since = NULL,
                    follow_up_required = coalesce(?, follow_up_required), server_score = ? WHERE local_id = ?
                """,
                [server.id, StoreText.now(), server.followUpRequired, server.overallScore, inspection.localID])
            try database.execute(
                "UPDATE issues SET inspection_server_id = ? WHERE inspection_local_id = ?", [server.id, inspection.localID])
            try database.execute(
                "UPDATE inspections SET parent_server_id = ? WHERE parent_local_id = ? AND parent_server_id IS NULL",
                [server.id, inspection.localID])
            try clearParentFollowUp(of: inspection, in: database)
        }
    }

    /// The issue is on the server. A copy pulled earlier under the same server id (its answer
    /// was lost, the pull saw it) is merged away so the issue exists once; an id another issue
    /// of this device holds is refused (`ServerIDReuse`). Its queued status changes learn the id.
    public func recordIssueSubmitted(_ issue: LocalIssue, server: APIIssue) throws {
        try write { database in
            if let holder = try database.scalar(
                "SELECT local_id FROM issues WHERE server_id = ? AND local_id <> ? AND origin = 'device'", [server.id, issue.localID],
                as: String.self)
            {
                throw ServerIDReuse(kind: .issue, serverID: server.id, heldBy: holder, answerFor: issue.localID)
            }
            try database.execute(
                "DELETE FROM issues WHERE server_id = ? AND local_id <> ? AND origin = 'server'", [server.id, issue.localID])
            let stamp = StoreText.now()
            try database.execute(
                """
                UPDATE issues SET server_id = ?, sync_status = 'synced', last_error = NULL, status = ?, reported_by = ?,
                    reported_at = ?, assigned_to = ?, updated_at = ?, synced_at = ? WHERE local_id = ?
                """,
                [server.id, server.status, server.reportedBy, server.reportedAt, server.assignedTo, stamp, stamp, issue.localID])
            try database.execute(
                "UPDATE issue_status_changes SET issue_server_id = ? WHERE issue_local_id = ? AND issue_server_id IS NULL",
                [server.id, issue.localID])
        }
    }

    /// The server answered a POST of the inspection without taking it (a 4xx, `ok: false`):
    /// it is known not to be on the server, so `inspect reopen` may take it back.
    public func clearSending(inspectionLocalID: String) throws {
        try write { database in
            try database.execute("UPDATE inspections SET sending_since = NULL WHERE local_id = ?", [inspectionLocalID])
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
