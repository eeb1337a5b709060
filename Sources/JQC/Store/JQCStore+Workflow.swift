import FieldOpsCore
import FoundationEssentials

/// Reads the inspection workflow's commands need beyond the outbox: finding an inspection by
/// what a person types, a light list for `inspect list`, completion candidates.
extension JQCStore {
    /// One row of `jqc inspect list`: no answers decoded, so ten thousand rows list quickly.
    public struct InspectionSummary: Sendable, Equatable {
        public var localID: String
        public var serverID: Int?
        public var templateID: Int
        public var templateName: String?
        public var facilityID: Int
        public var facilityName: String?
        public var status: InspectionStatus
        public var syncStatus: SyncStatus
        public var overallScore: Double?
        public var followUpRequired: Bool
        public var startedAt: String

        public var badge: InspectionBadge { InspectionBadge(status: status, syncStatus: syncStatus) }
    }

    /// Which inspections `inspect list --status` shows: the badge states of the iPad client.
    public enum ListFilter: String, Sendable, CaseIterable {
        case draft, pending, synced, failed

        var condition: String {
            switch self {
            case .draft: return "i.status = 'draft'"
            case .pending: return "i.status = 'completed' AND i.sync_status = 'pending'"
            case .synced: return "i.status = 'completed' AND i.sync_status = 'synced'"
            case .failed: return "i.sync_status = 'failed'"
            }
        }
    }

    /// Local inspections, newest first (in the order they were started: by rowid, which needs
    /// no sort — sorting ten thousand rows by a date column without an index was a quarter
    /// of the listing's time), with template and facility names. `filter` narrows by badge; the
    /// others, when given, to one template, one facility, and those started at or after a moment.
    public func inspectionSummaries(
        filter: ListFilter? = nil, templateID: Int? = nil, facilityID: Int? = nil, startedSince: Date? = nil
    ) throws -> [InspectionSummary] {
        try read { database in
            // Names come from the (small) reference tables once, not joined into every row, and
            // the states come back as numbers: with ten thousand rows, each string SQLite hands
            // over is an allocation, and the generic decoders' lookups add up.
            var templateNames: [Int64: String] = [:]
            for row in try database.query("SELECT id, name FROM templates") {
                if case .integer(let id) = row[0], case .text(let name) = row[1] { templateNames[id] = name }
            }
            var facilityNames: [Int64: String] = [:]
            for row in try database.query("SELECT id, name FROM facilities") {
                if case .integer(let id) = row[0], case .text(let name) = row[1] { facilityNames[id] = name }
            }
            var summaries: [InspectionSummary] = []
            summaries.reserveCapacity(1024)
            try database.forEachRow(
                """
                SELECT i.local_id, i.server_id, i.template_id, i.facility_id, i.status = 'completed',
                    CASE i.sync_status WHEN 'pending' THEN 0 WHEN 'synced' THEN 1 WHEN 'failed' THEN 2 END,
                    i.overall_score, i.follow_up_required, i.started_at
                FROM inspections i WHERE \(filter?.condition ?? "1")
                  AND (?1 IS NULL OR i.template_id = ?1) AND (?2 IS NULL OR i.facility_id = ?2) AND (?3 IS NULL OR i.started_at >= ?3)
                ORDER BY i.rowid DESC
                """, [templateID, facilityID, startedSince.map(StoreText.text)]
            ) { row in
                guard case .text(let localID) = row[0], case .integer(let templateID) = row[2], case .integer(let facilityID) = row[3],
                    case .integer(let completed) = row[4], case .integer(let syncCode) = row[5],
                    case .integer(let followUp) = row[7], case .text(let startedAt) = row[8]
                else {
                    let id: String
                    if case .text(let text) = row[0] { id = text } else { id = "with an unreadable id" }
                    throw StoreError(
                        kind: .conversion,
                        message: "inspection \(id) has a value of the wrong type (the file was changed outside fieldops or is damaged)",
                        path: row.storePath)
                }
                var serverID: Int?
                if case .integer(let id) = row[1] { serverID = Int(id) }
                var score: Double?
                switch row[6] {
                case .real(let value): score = value
                case .integer(let value): score = Double(value)
                default: score = nil
                }
                summaries.append(
                    InspectionSummary(
                        localID: localID, serverID: serverID, templateID: Int(templateID), templateName: templateNames[templateID],
                        facilityID: Int(facilityID), facilityName: facilityNames[facilityID], status: completed != 0 ? .completed : .draft,
                        syncStatus: syncCode == 0 ? .pending : syncCode == 1 ? .synced : .failed,
                        overallScore: score, followUpRequired: followUp != 0, startedAt: startedAt))
            }
            return summaries
        }
    }

    /// The inspection a person means by `reference`: an exact local id, a server id (digits),
    /// or an unambiguous prefix of a local id (at least 4 characters, as git takes hashes).
    public func inspection(matching reference: String) throws -> LocalInspection? {
        let text = reference.trimmingWhitespace()
        if let exact = try inspection(localID: text) { return exact }
        if let serverID = Int(text), serverID > 0 {
            if let synced = try read({ database in
                try database.queryOne("SELECT \(LocalInspection.columns) FROM inspections WHERE server_id = ?", [serverID])
                    .map(LocalInspection.init(row:))
            }) {
                return synced
            }
        }
        guard text.count >= 4 else { return nil }
        let candidates = try localIDs(prefix: text.lowercased(), limit: 2)
        guard candidates.count == 1 else {
            if candidates.count > 1 {
                throw JQCError.notAllowed(
                    "\"\(text)\" matches several local inspections", next: .typeMoreOfTheID)
            }
            return nil
        }
        return try inspection(localID: candidates[0])
    }

    /// Local inspection ids starting with `prefix` (completion, short ids).
    public func localIDs(prefix: String, limit: Int = 200) throws -> [String] {
        try read { database in
            // A range scan on the primary key instead of LIKE, which would not use the index.
            try database.query(
                "SELECT local_id FROM inspections WHERE local_id >= ?1 AND local_id < ?1 || x'ff' ORDER BY local_id LIMIT ?2",
                [prefix, limit]
            ).map { try $0.decode("local_id", as: String.self) }
        }
    }

    /// Local ids of drafts with their template name, for completing `inspect fill|attach|submit|delete`.
    public func draftCompletions(prefix: String) throws -> [(String, String)] {
        try read { database in
            try database.query(
                """
                SELECT i.local_id, coalesce(t.name, 'template ' || i.template_id) AS name FROM inspections i
                LEFT JOIN templates t ON t.id = i.template_id
                WHERE i.status = 'draft' AND i.local_id >= ?1 AND i.local_id < ?1 || x'ff' ORDER BY i.local_id LIMIT 200
                """, [prefix]
            ).map { (try $0.decode("local_id", as: String.self), try $0.decode("name", as: String.self)) }
        }
    }

    /// Ids of every stored notification (to tell which ones a fetch added).
    public func notificationIDs() throws -> Set<Int> {
        try read { database in
            Set(try database.query("SELECT id FROM notifications").map { try $0.decode("id", as: Int.self) })
        }
    }

    /// Issue lookup by what a person types: a local id (or unique prefix) or a server id.
    public func issue(matching reference: String) throws -> LocalIssue? {
        let text = reference.trimmingWhitespace()
        if let exact = try issue(localID: text) { return exact }
        if let serverID = Int(text), let pulled = try issue(serverID: serverID) { return pulled }
        guard text.count >= 4 else { return nil }
        let ids = try read { database in
            try database.query(
                "SELECT local_id FROM issues WHERE local_id >= ?1 AND local_id < ?1 || x'ff' LIMIT 2", [text.lowercased()]
            )
            .map { try $0.decode("local_id", as: String.self) }
        }
        return ids.count == 1 ? try issue(localID: ids[0]) : nil
    }
}
