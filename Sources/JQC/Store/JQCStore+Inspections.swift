import FieldOpsCore
import FoundationEssentials

/// The inspection workflow's writes: drafts, answers, submission, deletion.
extension JQCStore {
    /// Which inspection a re-inspection follows up.
    public enum ParentLink: Sendable, Equatable {
        /// An inspection in this store (it may not have reached the server yet).
        case local(String)
        /// An inspection known only by its server id (from history).
        case server(Int)
    }

    /// Starts a draft (`status = draft`, `sync_status = pending`); nothing is sent until it is
    /// submitted and synced. The facility, area and template must be in the reference cache.
    public func createDraft(
        templateID: Int, facilityID: Int, areaID: Int? = nil, parent: ParentLink? = nil,
        formData: [String: FormValue] = [:], notes: String? = nil, now: Date = Date()
    ) throws -> LocalInspection {
        let localID = JQCStore.newLocalID()
        try write { database in
            guard try database.scalar("SELECT 1 FROM templates WHERE id = ?", [templateID], as: Int.self) != nil else {
                throw JQCError.unknownRecord(kind: "template", id: String(templateID), profile: profileName)
            }
            try Self.checkPlace(facilityID: facilityID, areaID: areaID, in: database, profile: profileName)
            var parentLocal: String?
            var parentServer: Int?
            switch parent {
            case .local(let id):
                guard let row = try database.queryOne("SELECT server_id FROM inspections WHERE local_id = ?", [id]) else {
                    throw JQCError.unknownRecord(kind: "inspection", id: id, profile: profileName)
                }
                parentLocal = id
                parentServer = try row.decode("server_id")
            case .server(let id):
                parentServer = id
                parentLocal = try database.scalar("SELECT local_id FROM inspections WHERE server_id = ?", [id], as: String.self)
            case nil:
                break
            }
            let stamp = StoreText.text(now)
            try database.execute(
                """
                INSERT INTO inspections (local_id, template_id, facility_id, area_id, status, sync_status, form_data, notes,
                    parent_local_id, parent_server_id, started_at, created_at, updated_at)
                VALUES (?, ?, ?, ?, 'draft', 'pending', ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    localID, templateID, facilityID, areaID, FormData.jsonText(formData), notes, parentLocal, parentServer, stamp, stamp,
                    stamp,
                ])
        }
        return try requireInspection(localID)
    }

    /// Changes a draft's answers in one read-modify-write transaction.
    @discardableResult
    public func updateFormData(localID: String, _ change: (inout [String: FormValue]) throws -> Void) throws -> LocalInspection {
        try write { database in
            let inspection = try draft(localID, in: database)
            let before = try inspection.formData()
            var values = before
            try change(&values)
            try database.execute(
                "UPDATE inspections SET form_data = ?, updated_at = ? WHERE local_id = ?",
                [FormData.jsonText(values), StoreText.now(), localID])
            // An answer given elsewhere (line mode, `--answers`) replaces text the form kept for it.
            if let typing = try database.scalar("SELECT typing_field FROM inspections WHERE local_id = ?", [localID], as: String.self),
                values[typing] != before[typing]
            {
                try database.execute("UPDATE inspections SET typing_field = NULL, typing_text = NULL WHERE local_id = ?", [localID])
            }
        }
        return try requireInspection(localID)
    }

    /// Sets a draft's free-text notes (nil clears them).
    public func setNotes(localID: String, _ notes: String?) throws {
        try write { database in
            _ = try draft(localID, in: database)
            try database.execute("UPDATE inspections SET notes = ?, updated_at = ? WHERE local_id = ?", [notes, StoreText.now(), localID])
        }
    }

    /// Completes a draft: scores it against its cached template, queues it for sync, and clears
    /// the follow-up flag of the inspection it re-inspects (first of the three clearing points).
    @discardableResult
    public func submit(localID: String, now: Date = Date()) throws -> LocalInspection {
        try write { database in
            let inspection = try draft(localID, in: database)
            try Self.refuseUnfinishedTyping(inspection, in: database)
            guard
                let schemaText = try database.scalar(
                    "SELECT form_schema FROM templates WHERE id = ?", [inspection.templateID], as: String.self)
            else {
                throw JQCError.unknownRecord(kind: "template", id: String(inspection.templateID), profile: profileName)
            }
            let schema = try FormSchema(jsonData: Data(schemaText.utf8))
            let score = InspectionScore.compute(schema: schema, formData: try inspection.formData())
            let stamp = StoreText.text(now)
            try database.execute(
                """
                UPDATE inspections SET status = 'completed', sync_status = 'pending', retry_count = 0, last_error = NULL,
                    overall_score = ?, completed_at = ?, updated_at = ? WHERE local_id = ?
                """,
                [score, stamp, stamp, localID])
            try database.execute("UPDATE inspections SET typing_field = NULL, typing_text = NULL WHERE local_id = ?", [localID])
            try clearParentFollowUp(of: inspection, in: database)
        }
        return try requireInspection(localID)
    }

    /// Deletes a draft with its photos (rows and files) and its issues. Anything but a draft is refused.
    public func deleteDraft(localID: String) throws {
        let files: [String] = try write { database in
            _ = try draft(localID, in: database)
            let names = try database.query(
                """
                SELECT file_name FROM photos WHERE inspection_local_id = ?
                UNION SELECT p.file_name FROM photos p JOIN issues s ON s.local_id = p.issue_local_id WHERE s.inspection_local_id = ?
                """, [localID, localID]
            ).map { try $0.decode("file_name", as: String.self) }
            // Changes queued for its issues have no foreign key (see the schema); they go explicitly.
            try database.execute(
                "DELETE FROM issue_status_changes WHERE issue_local_id IN (SELECT local_id FROM issues WHERE inspection_local_id = ?)",
                [localID])
            try database.execute("DELETE FROM inspections WHERE local_id = ?", [localID])
            return names
        }
        // The rows are gone (committed); a file that cannot be removed is only wasted space.
        photoFiles.remove(files)
    }

    /// Takes a completed inspection that is not on the server back to draft: answers, photos and
    /// issues stay; the score is computed again on the next submit. Refused for a draft, for an
    /// inspection on the server, and for one whose last send was cut off before the server
    /// answered (the server may hold it, and a resend would only return that copy). The caller
    /// holds the sync lock, so no sync is sending it meanwhile. Items that failed only because
    /// this inspection failed (its photos, issues and re-inspections) are queued again with it.
    @discardableResult
    public func reopen(localID: String, now: Date = Date()) throws -> LocalInspection {
        try write { database in
            guard let row = try database.queryOne("SELECT \(LocalInspection.columns) FROM inspections WHERE local_id = ?", [localID]) else {
                throw JQCError.unknownRecord(kind: "inspection", id: localID, profile: profileName)
            }
            let inspection = try LocalInspection(row: row)
            if inspection.status == .draft {
                throw JQCError.notAllowed(
                    "inspection \(localID) is already a draft", next: .edit(inspection: localID))
            }
            if inspection.syncStatus == .synced || inspection.serverID != nil {
                throw JQCError.notAllowed(
                    "inspection \(localID) is already on the server" + (inspection.serverID.map { " (#\($0))" } ?? "")
                        + ", so it cannot be reopened",
                    next: .reinspect(inspection: localID))
            }
            if inspection.sendingSince != nil {
                throw JQCError.notAllowed(
                    "inspection \(localID) cannot be reopened: its last send was cut off before the server answered, so the server may already have it",
                    next: .syncFirst)
            }
            let stamp = StoreText.text(now)
            try database.execute(
                """
                UPDATE inspections SET status = 'draft', sync_status = 'pending', retry_count = 0, last_error = NULL,
                    overall_score = NULL, completed_at = NULL, updated_at = ? WHERE local_id = ?
                """, [stamp, localID])
            try database.execute(
                """
                UPDATE photos SET sync_status = 'pending', retry_count = 0, last_error = NULL
                WHERE inspection_local_id = ? AND sync_status = 'failed'
                """, [localID])
            try database.execute(
                """
                UPDATE issues SET sync_status = 'pending', retry_count = 0, last_error = NULL, updated_at = ?
                WHERE inspection_local_id = ? AND origin = 'device' AND sync_status = 'failed' AND last_error = ?
                """, [stamp, localID, Self.parentFailedMessage])
            try database.execute(
                """
                UPDATE inspections SET sync_status = 'pending', retry_count = 0, last_error = NULL, updated_at = ?
                WHERE parent_local_id = ? AND sync_status = 'failed' AND last_error = ?
                """, [stamp, localID, Self.parentInspectionFailedMessage])
        }
        return try requireInspection(localID)
    }

    /// Records the server's follow-up flag for an inspection it knows (history, notifications).
    public func setFollowUpRequired(serverID: Int, _ required: Bool) throws {
        try write { database in
            try database.execute(
                "UPDATE inspections SET follow_up_required = ? WHERE server_id = ?", [required, serverID])
        }
    }

    // MARK: Reading

    public func inspection(localID: String) throws -> LocalInspection? {
        try read { database in
            try database.queryOne("SELECT \(LocalInspection.columns) FROM inspections WHERE local_id = ?", [localID])
                .map(LocalInspection.init(row:))
        }
    }

    /// Inspections, newest first; `status` and `syncStatus` narrow the list.
    public func inspections(status: InspectionStatus? = nil, syncStatus: SyncStatus? = nil) throws -> [LocalInspection] {
        try read { database in
            try database.query(
                """
                SELECT \(LocalInspection.columns) FROM inspections
                WHERE (?1 IS NULL OR status = ?1) AND (?2 IS NULL OR sync_status = ?2)
                ORDER BY created_at DESC, local_id
                """, [status?.rawValue, syncStatus?.rawValue]
            ).map(LocalInspection.init(row:))
        }
    }

    func requireInspection(_ localID: String) throws -> LocalInspection {
        guard let inspection = try inspection(localID: localID) else {
            throw JQCError.unknownRecord(kind: "inspection", id: localID, profile: profileName)
        }
        return inspection
    }

    /// The inspection `localID`, which must still be a draft.
    func draft(_ localID: String, in database: Database) throws -> LocalInspection {
        guard let row = try database.queryOne("SELECT \(LocalInspection.columns) FROM inspections WHERE local_id = ?", [localID]) else {
            throw JQCError.unknownRecord(kind: "inspection", id: localID, profile: profileName)
        }
        let inspection = try LocalInspection(row: row)
        guard inspection.status == .draft else {
            throw JQCError.notAllowed(
                "inspection \(localID) is already completed; only drafts can be changed or deleted",
                next: inspection.syncStatus == .failed ? .retry(localID: localID) : nil)
        }
        return inspection
    }

    /// Clears `follow_up_required` on the inspection `child` re-inspects: by local id first,
    /// then by server id. (The iPad's third fallback, template + facility, is ambiguous and
    /// deliberately not used.)
    func clearParentFollowUp(of child: LocalInspection, in database: Database) throws {
        if let parent = child.parentLocalID {
            try database.execute("UPDATE inspections SET follow_up_required = 0 WHERE local_id = ?", [parent])
        } else if let parent = child.parentServerID {
            try database.execute("UPDATE inspections SET follow_up_required = 0 WHERE server_id = ?", [parent])
        }
    }
}
