import FieldOpsCore
import FoundationEssentials

/// `jqc prune`: removing work the server already has, with its photo copies, to keep the store
/// small. Nothing that still waits — pending, failed, a draft, or anything of theirs — is touched.
extension JQCStore {
    /// What a prune removed (or, in a dry run, would remove).
    public struct PruneResult: Sendable, Equatable, Encodable {
        /// Local ids of the inspections, with their own photos and issues.
        public var inspections: [String] = []
        /// Local ids of the device issues (those of the inspections above included).
        public var issues: [String] = []
        /// Sent status changes, which are bookkeeping only once sent.
        public var statusChanges = 0
        /// Photo copies removed from the store's `photos/`, and their size.
        public var photos = 0
        public var photoBytes = 0
        public var dryRun = false

        enum CodingKeys: String, CodingKey {
            case inspections, issues, photos
            case statusChanges = "status_changes"
            case photoBytes = "photo_bytes"
            case dryRun = "dry_run"
        }
    }

    /// A device issue that is on the server with nothing of its own still waiting, sent before ?1.
    private static func prunableIssue(_ s: String) -> String {
        """
        \(s).origin = 'device' AND \(s).sync_status = 'synced' AND coalesce(\(s).synced_at, \(s).updated_at) < ?1
        AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.issue_local_id = \(s).local_id AND p.sync_status <> 'synced')
        AND NOT EXISTS (SELECT 1 FROM issue_status_changes c WHERE c.issue_local_id = \(s).local_id AND c.sync_status <> 'synced')
        """
    }

    /// Removes inspections synced before `cutoff` whose photos are all uploaded and whose issues
    /// can all go too, device issues synced before `cutoff` with nothing waiting, and sent status
    /// changes; then deletes the photo copies of what was removed. Issues pulled from the server
    /// are left to the sync's reconciliation. With `dryRun`, only says what it would remove.
    @discardableResult
    public func prune(syncedBefore cutoff: Date, dryRun: Bool = false) throws -> PruneResult {
        let cutoffText = StoreText.text(cutoff)
        let work = { (database: Database) throws -> (PruneResult, [String]) in
            var result = PruneResult(dryRun: dryRun)
            result.issues = try database.query(
                "SELECT s.local_id FROM issues s WHERE \(Self.prunableIssue("s")) ORDER BY s.created_at, s.local_id", [cutoffText]
            )
            .map { try $0.decode("local_id", as: String.self) }
            result.inspections = try database.query(
                """
                SELECT i.local_id FROM inspections i
                WHERE i.status = 'completed' AND i.sync_status = 'synced' AND i.synced_at < ?1
                  AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.inspection_local_id = i.local_id AND p.sync_status <> 'synced')
                  AND NOT EXISTS (SELECT 1 FROM issues s WHERE s.inspection_local_id = i.local_id AND NOT (\(Self.prunableIssue("s"))))
                ORDER BY i.completed_at, i.local_id
                """, [cutoffText]
            ).map { try $0.decode("local_id", as: String.self) }
            let inspections = Self.jsonList(result.inspections)
            let issues = Self.jsonList(result.issues)
            let photos = try database.query(
                """
                SELECT file_name, byte_count FROM photos
                WHERE inspection_local_id IN (SELECT value FROM json_each(?1)) OR issue_local_id IN (SELECT value FROM json_each(?2))
                """, [inspections, issues])
            result.photos = photos.count
            result.photoBytes = try photos.reduce(0) { $0 + (try $1.decode("byte_count", as: Int.self)) }
            let changes = """
                FROM issue_status_changes WHERE sync_status = 'synced'
                  AND (synced_at < ?1 OR issue_local_id IN (SELECT value FROM json_each(?2)))
                """
            result.statusChanges = try database.scalar("SELECT count(*) " + changes, [cutoffText, issues], as: Int.self) ?? 0
            let files = try photos.map { try $0.decode("file_name", as: String.self) }
            guard !dryRun else { return (result, []) }
            try database.execute("DELETE " + changes, [cutoffText, issues])
            // Photos go with their issue or inspection (ON DELETE CASCADE).
            try database.execute("DELETE FROM issues WHERE local_id IN (SELECT value FROM json_each(?))", [issues])
            try database.execute("DELETE FROM inspections WHERE local_id IN (SELECT value FROM json_each(?))", [inspections])
            return (result, files)
        }
        let (result, files) = dryRun ? try read(work) : try write(work)
        // The rows are gone (committed); a file that cannot be removed is only wasted space.
        photoFiles.remove(files)
        return result
    }

    private static func jsonList(_ ids: [String]) -> String {
        JSONValue.array(ids.map { .string($0) }).jsonString()
    }
}
