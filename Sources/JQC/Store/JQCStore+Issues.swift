import FieldOpsCore
import Foundation

/// Issues: flagged on this device during an inspection, or pulled from the server.
extension JQCStore {
    /// Flags an issue on an inspection (draft or completed). The facility and area come from
    /// the inspection; an optional photo is copied into the store and uploaded before the issue.
    @discardableResult
    public func flagIssue(
        inspectionLocalID: String, severity: Severity, description: String, photoPath: String? = nil, now: Date = Date()
    ) throws -> LocalIssue {
        let trimmed = description.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw JQCError.notAllowed("an issue needs a description", hint: "pass --description TEXT")
        }
        let issueID = JQCStore.newLocalID()
        let photoID = JQCStore.newLocalID()
        let copy = try photoPath.map { try copyIn($0, photoID: photoID) }
        do {
            try write { database in
                guard let row = try database.queryOne(
                    "SELECT facility_id, area_id, server_id FROM inspections WHERE local_id = ?", [inspectionLocalID]) else {
                    throw JQCError.unknownRecord(kind: "inspection", id: inspectionLocalID)
                }
                let stamp = StoreText.text(now)
                try database.execute(
                    """
                    INSERT INTO issues (local_id, origin, inspection_local_id, inspection_server_id, facility_id, area_id, severity,
                        description, status, sync_status, created_at, updated_at)
                    VALUES (?, 'device', ?, ?, ?, ?, ?, ?, 'open', 'pending', ?, ?)
                    """,
                    [issueID, inspectionLocalID, try row.decode("server_id", as: Int?.self), try row.decode("facility_id", as: Int.self),
                     try row.decode("area_id", as: Int?.self), severity.rawValue, trimmed, stamp, stamp])
                if let copy {
                    try insertPhoto(copy, id: photoID, entity: .issue, inspection: nil, issue: issueID, field: nil, in: database)
                }
            }
        } catch {
            if let copy { try? FileManager.default.removeItem(atPath: photosDirectory + "/" + copy.fileName) }
            throw error
        }
        guard let issue = try issue(localID: issueID) else { throw JQCError.unknownRecord(kind: "issue", id: issueID) }
        return issue
    }

    public func issue(localID: String) throws -> LocalIssue? {
        try read { database in
            try database.queryOne("SELECT \(LocalIssue.columns) FROM issues WHERE local_id = ?", [localID]).map(LocalIssue.init(row:))
        }
    }

    public func issue(serverID: Int) throws -> LocalIssue? {
        try read { database in
            try database.queryOne("SELECT \(LocalIssue.columns) FROM issues WHERE server_id = ?", [serverID]).map(LocalIssue.init(row:))
        }
    }

    /// Every local issue, newest first; `inspectionLocalID` narrows to one inspection's.
    public func issues(inspectionLocalID: String? = nil) throws -> [LocalIssue] {
        try read { database in
            try database.query(
                """
                SELECT \(LocalIssue.columns) FROM issues WHERE (?1 IS NULL OR inspection_local_id = ?1)
                ORDER BY coalesce(reported_at, created_at) DESC, local_id
                """, [inspectionLocalID]).map(LocalIssue.init(row:))
        }
    }

    /// Records a server answer about an issue (`PATCH /issues/<id>/status`, `GET /issues/<id>`).
    public func updateIssue(from server: APIIssue) throws {
        try write { database in
            try database.execute(
                """
                UPDATE issues SET severity = ?, description = ?, status = ?, result_notes = ?, assigned_to = ?, resolved_at = ?,
                    server_photo_paths = ?, updated_at = ? WHERE server_id = ?
                """,
                [server.severity, server.description, server.status, server.resultNotes, server.assignedTo, server.resolvedAt,
                 StoreText.listText(server.serverPhotoPaths), StoreText.now(), server.id])
        }
    }

    // MARK: Reconciliation

    /// The outcome of reconciling pulled issues.
    public struct Reconciliation: Sendable, Equatable {
        public var upserted: Int
        public var removed: Int
    }

    /// Upserts the server's list of the user's issues by server id, then deletes local issues
    /// that came from the server (synced, no local parent inspection) whose id is not in the
    /// list, also when the list is empty (everything was unassigned). Issues created on this
    /// device are never deleted here; one the server already holds but whose answer was lost
    /// is recognised by its `local_id` and marked synced.
    @discardableResult
    public func reconcileIssues(_ pulled: [APIIssue]) throws -> Reconciliation {
        try write { database in
            let stamp = StoreText.now()
            for issue in pulled {
                let photos = StoreText.listText(issue.serverPhotoPaths)
                let common: StatementArguments = [
                    issue.severity, issue.description, issue.status, issue.resultNotes, issue.assignedTo, issue.reportedBy,
                    issue.reportedAt, issue.resolvedAt, photos, issue.inspectionID, issue.facilityID, issue.areaID, stamp,
                ]
                let update = """
                    UPDATE issues SET severity = ?, description = ?, status = ?, result_notes = ?, assigned_to = ?, reported_by = ?,
                        reported_at = ?, resolved_at = ?, server_photo_paths = ?, inspection_server_id = coalesce(?, inspection_server_id),
                        facility_id = ?, area_id = ?, updated_at = ?
                    """
                try database.execute(update + " WHERE server_id = ?", common + [issue.id])
                if database.changes > 0 { continue }
                if let localID = issue.localID, try database.scalar(
                    "SELECT 1 FROM issues WHERE local_id = ? AND origin = 'device' AND server_id IS NULL", [localID], as: Int.self) != nil {
                    try database.execute(update + ", server_id = ?, sync_status = 'synced', last_error = NULL WHERE local_id = ?", common + [issue.id, localID])
                    continue
                }
                try database.execute(
                    """
                    INSERT INTO issues (local_id, server_id, origin, inspection_server_id, facility_id, area_id, severity, description,
                        status, sync_status, photo_path, server_photo_paths, result_notes, assigned_to, reported_by, reported_at,
                        resolved_at, created_at, updated_at)
                    VALUES (?, ?, 'server', ?, ?, ?, ?, ?, ?, 'synced', ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [JQCStore.newLocalID(), issue.id, issue.inspectionID, issue.facilityID, issue.areaID, issue.severity,
                     issue.description, issue.status, issue.photoPath, photos, issue.resultNotes, issue.assignedTo,
                     issue.reportedBy, issue.reportedAt, issue.resolvedAt, stamp, stamp])
            }
            // json_each keeps the statement the same for any number of ids, including none.
            let ids = "[" + pulled.map { String($0.id) }.joined(separator: ",") + "]"
            try database.execute(
                """
                DELETE FROM issues WHERE origin = 'server' AND sync_status = 'synced' AND inspection_local_id IS NULL
                  AND server_id NOT IN (SELECT value FROM json_each(?))
                """, [ids])
            return Reconciliation(upserted: pulled.count, removed: database.changes)
        }
    }
}
