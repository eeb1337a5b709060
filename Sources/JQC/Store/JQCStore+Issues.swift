import FieldOpsCore
import FoundationEssentials

/// Issues: flagged on this device during an inspection, or pulled from the server.
extension JQCStore {
    /// Flags an issue on an inspection (draft or completed). The facility and area come from
    /// the inspection; an optional photo is copied into the store and uploaded before the issue.
    @discardableResult
    public func flagIssue(
        inspectionLocalID: String, severity: Severity, description: String, photoPath: String? = nil, now: Date = Date()
    ) throws -> LocalIssue {
        try insertIssue(severity: severity, description: description, photoPath: photoPath, now: now) { database in
            guard
                let row = try database.queryOne(
                    "SELECT facility_id, area_id, server_id FROM inspections WHERE local_id = ?", [inspectionLocalID])
            else {
                throw JQCError.unknownRecord(kind: "inspection", id: inspectionLocalID, profile: profileName)
            }
            return IssueOwner(
                inspectionLocalID: inspectionLocalID, inspectionServerID: try row.decode("server_id"),
                facilityID: try row.decode("facility_id"), areaID: try row.decode("area_id"))
        }
    }

    /// Flags an issue on a facility (and optionally one of its areas) without an inspection, as
    /// the contract allows; sent by the next sync with no `inspection_id`. The facility and area
    /// must be in the reference cache.
    @discardableResult
    public func flagIssue(
        facilityID: Int, areaID: Int?, severity: Severity, description: String, photoPath: String? = nil, now: Date = Date()
    ) throws -> LocalIssue {
        try insertIssue(severity: severity, description: description, photoPath: photoPath, now: now) { database in
            try Self.checkPlace(facilityID: facilityID, areaID: areaID, in: database, profile: profileName)
            return IssueOwner(inspectionLocalID: nil, inspectionServerID: nil, facilityID: facilityID, areaID: areaID)
        }
    }

    /// Where a flagged issue belongs.
    struct IssueOwner {
        var inspectionLocalID: String?
        var inspectionServerID: Int?
        var facilityID: Int
        var areaID: Int?
    }

    /// Refuses a facility that is not cached, or an area that is not the facility's.
    static func checkPlace(facilityID: Int, areaID: Int?, in database: Database, profile profileName: String) throws {
        guard try database.scalar("SELECT 1 FROM facilities WHERE id = ?", [facilityID], as: Int.self) != nil else {
            throw JQCError.unknownRecord(kind: "facility", id: String(facilityID), profile: profileName)
        }
        if let areaID {
            guard let owner = try database.scalar("SELECT facility_id FROM areas WHERE id = ?", [areaID], as: Int.self) else {
                throw JQCError.unknownRecord(kind: "area", id: String(areaID), profile: profileName)
            }
            guard owner == facilityID else {
                throw JQCError.notAllowed(
                    "area \(areaID) belongs to facility \(owner), not \(facilityID)",
                    next: .showFacility(facilityID))
            }
        }
    }

    /// The photo copy is made (and durable) before the transaction that inserts the issue and
    /// the photo row; a refused insert removes the copy again.
    private func insertIssue(
        severity: Severity, description: String, photoPath: String?, now: Date, owner: (Database) throws -> IssueOwner
    ) throws -> LocalIssue {
        let trimmed = description.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw JQCError.notAllowed("an issue needs a description", next: .describeTheIssue)
        }
        let issueID = JQCStore.newLocalID()
        let photoID = JQCStore.newLocalID()
        let copy = try photoPath.map { path throws(PhotoFiles.Problem) in try photoFiles.copyIn(path, photoID: photoID) }
        do {
            try write { database in
                let place = try owner(database)
                let stamp = StoreText.text(now)
                try database.execute(
                    """
                    INSERT INTO issues (local_id, origin, inspection_local_id, inspection_server_id, facility_id, area_id, severity,
                        description, status, sync_status, created_at, updated_at)
                    VALUES (?, 'device', ?, ?, ?, ?, ?, ?, 'open', 'pending', ?, ?)
                    """,
                    [
                        issueID, place.inspectionLocalID, place.inspectionServerID, place.facilityID, place.areaID, severity.rawValue,
                        trimmed, stamp, stamp,
                    ])
                if let copy {
                    try insertPhoto(copy, id: photoID, entity: .issue, inspection: nil, issue: issueID, field: nil, in: database)
                }
            }
        } catch {
            if let copy { photoFiles.remove([copy.fileName]) }
            throw error
        }
        guard let issue = try issue(localID: issueID) else {
            throw JQCError.unknownRecord(kind: "issue", id: issueID, profile: profileName)
        }
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
                """, [inspectionLocalID]
            ).map(LocalIssue.init(row:))
        }
    }

    /// What `jqc issue list` narrows to; nil fields do not narrow.
    public struct IssueFilter: Sendable, Equatable {
        /// The status as the server writes it (unknown ones included).
        public var status: String?
        public var severity: Severity?
        public var facilityID: Int?
        /// Only issues assigned to this user id (`--mine`).
        public var assignedTo: Int?

        public init(status: String? = nil, severity: Severity? = nil, facilityID: Int? = nil, assignedTo: Int? = nil) {
            self.status = status
            self.severity = severity
            self.facilityID = facilityID
            self.assignedTo = assignedTo
        }
    }

    /// Local issues matching `filter`, newest first.
    public func issues(matching filter: IssueFilter) throws -> [LocalIssue] {
        try read { database in
            try database.query(
                """
                SELECT \(LocalIssue.columns) FROM issues
                WHERE (?1 IS NULL OR status = ?1) AND (?2 IS NULL OR severity = ?2) AND (?3 IS NULL OR facility_id = ?3)
                  AND (?4 IS NULL OR assigned_to = ?4)
                ORDER BY coalesce(reported_at, created_at) DESC, local_id
                """, [filter.status, filter.severity?.rawValue, filter.facilityID, filter.assignedTo]
            ).map(LocalIssue.init(row:))
        }
    }

    /// Records a server answer about an issue (`PATCH /issues/<id>/status`, `GET /issues/<id>`).
    public func updateIssue(from server: APIIssue) throws {
        try write { database in try Self.updateIssue(from: server, in: database) }
    }

    static func updateIssue(from server: APIIssue, in database: Database) throws {
        try database.execute(
            """
            UPDATE issues SET severity = ?, description = ?, status = ?, result_notes = ?, assigned_to = ?, resolved_at = ?,
                server_photo_paths = ?, updated_at = ? WHERE server_id = ?
            """,
            [
                server.severity, server.description, server.status, server.resultNotes, server.assignedTo, server.resolvedAt,
                StoreText.listText(server.serverPhotoPaths), StoreText.now(), server.id,
            ])
    }

    // MARK: Reconciliation

    /// The outcome of reconciling pulled issues.
    public struct Reconciliation: Sendable, Equatable {
        public var upserted: Int
        public var removed: Int
        /// Pulled issues left out because their id is that of an issue this device sent (a reset server).
        public var reused: [ServerIDReuse] = []
    }

    /// Upserts the server's list of the user's issues by server id, then deletes local issues
    /// that came from the server (synced, no local parent inspection) whose id is not in the
    /// list, also when the list is empty (everything was unassigned). Issues created on this
    /// device are never deleted here; one the server already holds but whose answer was lost
    /// is recognised by its `local_id` and marked synced. A pulled issue whose id this device
    /// holds for one of its own, different issues is not stored over it (see `ServerIDReuse`).
    @discardableResult
    public func reconcileIssues(_ pulled: [APIIssue]) throws -> Reconciliation {
        try write { database in
            let stamp = StoreText.now()
            var reused: [ServerIDReuse] = []
            for issue in pulled {
                let photos = StoreText.listText(issue.serverPhotoPaths)
                let common: StatementArguments = [
                    issue.severity, issue.description, issue.status, issue.resultNotes, issue.assignedTo, issue.reportedBy,
                    issue.reportedAt, issue.resolvedAt, photos, issue.inspectionID, issue.facilityID, issue.areaID, issue.areaID, stamp,
                ]
                // The public server's issues name no facility, only the area (which names it).
                let update = """
                    UPDATE issues SET severity = ?, description = ?, status = ?, result_notes = ?, assigned_to = ?, reported_by = ?,
                        reported_at = ?, resolved_at = ?, server_photo_paths = ?, inspection_server_id = coalesce(?, inspection_server_id),
                        facility_id = coalesce(?, (SELECT a.facility_id FROM areas a WHERE a.id = ?), facility_id), area_id = ?,
                        updated_at = ?
                    """
                let unsentDevice = try issue.localID.flatMap { localID in
                    try database.scalar(
                        "SELECT local_id FROM issues WHERE local_id = ? AND origin = 'device' AND server_id IS NULL", [localID],
                        as: String.self)
                }
                if let holder = try database.queryOne("SELECT local_id, origin, reported_by FROM issues WHERE server_id = ?", [issue.id]) {
                    let holderID: String = try holder.decode("local_id")
                    if try holder.decode("origin", as: String.self) == LocalIssue.Origin.device.rawValue,
                        !Self.isSameIssue(issue, localID: holderID, reportedBy: try holder.decode("reported_by"))
                    {
                        reused.append(ServerIDReuse(kind: .issue, serverID: issue.id, heldBy: holderID))
                        continue
                    }
                    if unsentDevice == nil {
                        try database.execute(update + " WHERE server_id = ?", common + [issue.id])
                        continue
                    }
                    // A copy pulled before this device's own submission was answered: the device
                    // record takes the id below and the copy goes.
                    try database.execute("DELETE FROM issues WHERE server_id = ? AND origin = 'server'", [issue.id])
                }
                if let localID = unsentDevice {
                    try database.execute(
                        update + ", server_id = ?, sync_status = 'synced', last_error = NULL, synced_at = ? WHERE local_id = ?",
                        common + [issue.id, stamp, localID])
                    continue
                }
                try database.execute(
                    """
                    INSERT INTO issues (local_id, server_id, origin, inspection_server_id, facility_id, area_id, severity, description,
                        status, sync_status, photo_path, server_photo_paths, result_notes, assigned_to, reported_by, reported_at,
                        resolved_at, created_at, updated_at)
                    VALUES (?, ?, 'server', ?, coalesce(?, (SELECT a.facility_id FROM areas a WHERE a.id = ?), \(LocalIssue.unknownFacility)),
                        ?, ?, ?, ?, 'synced', ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        JQCStore.newLocalID(), issue.id, issue.inspectionID, issue.facilityID, issue.areaID, issue.areaID, issue.severity,
                        issue.description, issue.status, issue.photoPath, photos, issue.resultNotes, issue.assignedTo,
                        issue.reportedBy, issue.reportedAt, issue.resolvedAt, stamp, stamp,
                    ])
            }
            // json_each keeps the statement the same for any number of ids, including none.
            let ids = "[" + pulled.map { String($0.id) }.joined(separator: ",") + "]"
            try database.execute(
                """
                DELETE FROM issues WHERE origin = 'server' AND sync_status = 'synced' AND inspection_local_id IS NULL
                  AND server_id NOT IN (SELECT value FROM json_each(?))
                """, [ids])
            return Reconciliation(upserted: pulled.count - reused.count, removed: database.changes, reused: reused)
        }
    }

    /// Whether the pulled `issue` is the device's own issue `localID`: the server echoes the
    /// `local_id` it was created with. A server that echoes none is believed unless the issue
    /// names another reporter.
    static func isSameIssue(_ issue: APIIssue, localID: String, reportedBy: Int?) -> Bool {
        if let sent = issue.localID { return sent == localID }
        guard let reporter = issue.reportedBy, let reportedBy else { return true }
        return reporter == reportedBy
    }
}
