import FieldOpsCore
import FoundationEssentials

/// Outbox counts, failures and re-queueing, for `jqc status` and `jqc retry`.
extension JQCStore {
    /// Items per kind, in the shape `jqc status --json` prints.
    public struct KindCounts: Sendable, Equatable, Codable {
        public var inspections = 0
        public var issues = 0
        public var photos = 0
        /// Queued `jqc issue status` changes.
        public var statusChanges = 0

        public var total: Int { inspections + issues + photos + statusChanges }

        enum CodingKeys: String, CodingKey {
            case inspections, issues, photos
            case statusChanges = "status_changes"
        }
    }

    /// One item that is `failed`, with the reason it last failed.
    public struct Failure: Sendable, Equatable, Codable {
        public var kind: ItemKind
        public var localID: String
        public var error: String?
        public var retries: Int

        enum CodingKeys: String, CodingKey {
            case kind, error, retries
            case localID = "local_id"
        }
    }

    /// Counts of items waiting to be sent: completed inspections, device issues, and photos of
    /// completed inspections or of issues (a draft's photos are not waiting yet).
    public func pendingCounts() throws -> KindCounts {
        try read { try Self.counts(.pending, in: $0) }
    }

    public func failedCounts() throws -> KindCounts {
        try read { try Self.counts(.failed, in: $0) }
    }

    /// Counts of one sync status, in one statement that the covering indexes answer alone
    /// (`jqc status` may run on every shell prompt).
    static func counts(_ status: SyncStatus, in database: Database) throws -> KindCounts {
        let sql =
            status == .pending
            ? """
            SELECT (SELECT count(*) FROM inspections WHERE status = 'completed' AND sync_status = 'pending') AS inspections,
                   (SELECT count(*) FROM issues WHERE origin = 'device' AND sync_status = 'pending') AS issues,
                   (SELECT count(*) FROM photos WHERE sync_status = 'pending' AND (entity_type = 'issue'
                        OR inspection_local_id IN (SELECT local_id FROM inspections WHERE status = 'completed'))) AS photos,
                   (SELECT count(*) FROM issue_status_changes WHERE sync_status = 'pending') AS status_changes
            """
            : """
            SELECT (SELECT count(*) FROM inspections WHERE sync_status = ?1) AS inspections,
                   (SELECT count(*) FROM issues WHERE origin = 'device' AND sync_status = ?1) AS issues,
                   (SELECT count(*) FROM photos WHERE sync_status = ?1) AS photos,
                   (SELECT count(*) FROM issue_status_changes WHERE sync_status = ?1) AS status_changes
            """
        let arguments: StatementArguments = status == .pending ? [] : [status.rawValue]
        guard let row = try database.queryOne(sql, arguments) else { return KindCounts() }
        return KindCounts(
            inspections: try row.decode("inspections"), issues: try row.decode("issues"), photos: try row.decode("photos"),
            statusChanges: try row.decode("status_changes"))
    }

    /// Everything `jqc status` shows, read in one go.
    public func outboxSummary() throws -> (
        pending: KindCounts, failed: KindCounts, failures: [Failure], lastSyncAt: Date?, lastSyncError: String?
    ) {
        try read { database in
            (
                try Self.counts(.pending, in: database), try Self.counts(.failed, in: database), try failures(in: database),
                try state(.lastSyncAt, in: database).flatMap(JQCDate.parse), try state(.lastSyncError, in: database)
            )
        }
    }

    /// Every failed item, inspections first, oldest first within a kind.
    public func failures() throws -> [Failure] {
        try read { try failures(in: $0) }
    }

    func failures(in database: Database) throws -> [Failure] {
        var failures: [Failure] = []
        for kind in ItemKind.allCases {
            let origin = kind == .issue ? " AND origin = 'device'" : ""
            for row in try database.query(
                "SELECT local_id, last_error, retry_count FROM \(kind.table) WHERE sync_status = 'failed'\(origin) ORDER BY \(kind.ageColumn), local_id"
            ) {
                failures.append(
                    Failure(
                        kind: kind, localID: try row.decode("local_id"), error: try row.decode("last_error"),
                        retries: try row.decode("retry_count")))
            }
        }
        return failures
    }

    /// The kind of the outbox item `localID`, or nil when no inspection, issue or photo has it.
    public func kind(of localID: String) throws -> ItemKind? {
        try read { database in
            for kind in ItemKind.allCases
            where try database.scalar("SELECT 1 FROM \(kind.table) WHERE local_id = ?", [localID], as: Int.self) != nil {
                return kind
            }
            return nil
        }
    }

    /// Re-queues failed items: `pending` again with a zero retry count. Re-queueing an
    /// inspection also re-queues its failed photos, issues and re-inspections.
    /// Items that are not failed are left alone, and so is a failed photo whose inspection or
    /// issue was already sent without it. Returns the ids re-queued.
    @discardableResult
    public func requeue(localIDs: [String]) throws -> [String] {
        try write { database in
            var requeued: [String] = []
            for id in localIDs {
                guard let kind = try kindOf(id, in: database) else {
                    throw JQCError.unknownRecord(kind: "inspection, issue or photo", id: id, profile: profileName)
                }
                requeued += try requeue(kind, where: "local_id = ?", [id], in: database)
                var issues = kind == .issue ? [id] : []
                if kind == .inspection {
                    requeued += try requeue(.photo, where: "inspection_local_id = ?", [id], in: database)
                    let flagged = try requeue(.issue, where: "inspection_local_id = ? AND origin = 'device'", [id], in: database)
                    requeued += flagged
                    issues += flagged
                    requeued += try requeue(.inspection, where: "parent_local_id = ?", [id], in: database)
                }
                for issue in issues {
                    requeued += try requeue(.statusChange, where: "issue_local_id = ?", [issue], in: database)
                }
            }
            return requeued
        }
    }

    /// Re-queues every failed item.
    @discardableResult
    public func requeueAllFailed() throws -> [String] {
        try write { database in
            var requeued: [String] = []
            for kind in ItemKind.allCases {
                requeued += try requeue(kind, where: "1", [], in: database)
            }
            return requeued
        }
    }

    /// A photo whose inspection or issue already went to the server without it stays failed:
    /// the API has no way to add a photo to a record afterwards.
    static let photoOwnerNotSent = """
        NOT EXISTS (SELECT 1 FROM inspections i WHERE i.local_id = photos.inspection_local_id AND i.sync_status = 'synced')
        AND NOT EXISTS (SELECT 1 FROM issues s WHERE s.local_id = photos.issue_local_id AND s.sync_status = 'synced')
        """

    private func requeue(_ kind: ItemKind, where condition: String, _ arguments: StatementArguments, in database: Database) throws
        -> [String]
    {
        let owner = kind == .photo ? " AND " + Self.photoOwnerNotSent : ""
        let ids = try database.query(
            "SELECT local_id FROM \(kind.table) WHERE sync_status = 'failed' AND \(condition)\(owner)", arguments
        )
        .map { try $0.decode("local_id", as: String.self) }
        // A status change that was not sent because the server's status had moved on is sent
        // from that status now: re-queueing it is the person's "send it anyway".
        let rebase = kind == .statusChange ? ", base_status = coalesce(conflict_status, base_status), conflict_status = NULL" : ""
        for id in ids {
            try database.execute(
                "UPDATE \(kind.table) SET sync_status = 'pending', retry_count = 0, last_error = NULL\(rebase) WHERE local_id = ?", [id])
        }
        return ids
    }

    private func kindOf(_ localID: String, in database: Database) throws -> ItemKind? {
        for kind in ItemKind.allCases
        where try database.scalar("SELECT 1 FROM \(kind.table) WHERE local_id = ?", [localID], as: Int.self) != nil {
            return kind
        }
        return nil
    }
}
