import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The offline-first store of one JQC profile: `$XDG_DATA_HOME/fieldops/<profile>/jqc.sqlite`
/// (WAL, foreign keys, numbered migrations) with owned photo copies in `photos/` beside it.
///
/// Every change a person makes is written here at once, whether or not the server is
/// reachable; `fieldops jqc sync` reads the outbox from here and records each server answer
/// in its own transaction, so a crash at any point leaves a store the next sync finishes.
/// Any number of tasks may use one store: access is serialised by the underlying queue.
public final class JQCStore: Sendable {
    public static let fileName = "jqc.sqlite"

    /// The profile's data directory, holding the database and `photos/`.
    public let directory: String
    /// The database file.
    public let path: String
    let queue: DatabaseQueue

    /// The profile the store belongs to: its data directory is named after it (`ConfigPaths`).
    public var profileName: String {
        directory.split(separator: "/").last.map(String.init) ?? directory
    }

    /// Opens (creating and migrating when needed) the store in `directory`.
    ///
    /// Commits are power-safe (an fsync of the WAL each): what an inspector typed must survive
    /// a laptop whose battery dies, not only a crash. `sync` relaxes this for its own
    /// bookkeeping (`relaxDurabilityForSync`), where a lost commit only means an idempotent resend.
    ///
    /// - Parameter busyTimeout: how long to wait for another fieldops process's write lock.
    public init(directory: String, busyTimeout: Duration = .seconds(5)) throws {
        self.directory = directory
        self.path = directory + "/" + JQCStore.fileName
        try Self.refuseTruncated(path)
        queue = try DatabaseQueue(
            path: path, options: Database.Options(busyTimeout: busyTimeout, durability: .powerSafe))
        _ = try queue.withDatabase { database in
            try JQCSchema.migrator.migrate(database)
        }
    }

    /// The store as it is, opened read-only: never created, migrated or written. For `jqc
    /// status` when the store cannot be written (a full or read-only disk), so what waits to be
    /// sent can still be seen.
    public init(readingOnly directory: String) throws {
        self.directory = directory
        self.path = directory + "/" + JQCStore.fileName
        try Self.refuseTruncated(path)
        queue = try DatabaseQueue(readingAsItIs: path)
        let version = try queue.withDatabase { try JQCSchema.migrator.currentVersion(of: $0) }
        guard version == JQCSchema.migrator.latestVersion else {
            throw StoreError(
                kind: .readOnly, message: "its schema v\(version) needs an upgrade, which cannot be written", path: path)
        }
    }

    /// A store file shorter than SQLite's 100-byte header was cut short (a full disk, a bad
    /// copy): SQLite would take it for an empty database and start afresh, hiding that the
    /// inspector's work is gone from it. Refused instead, so a backup can be put back.
    static func refuseTruncated(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < 100 else { return }
        let size = Int(info.st_size)
        throw TruncatedStore(path: path, size: size)
    }

    /// A store file too short to hold SQLite's header (the command layer words it).
    struct TruncatedStore: Error, Equatable {
        var path: String
        var size: Int
    }

    /// Lets the sync engine commit without an fsync each: every record it writes is either the
    /// server's acknowledgement of an idempotent POST (lost on a power cut, it is simply sent
    /// again and the server dedupes on `local_id`) or pulled data the next sync pulls again.
    public func relaxDurabilityForSync() throws {
        try queue.withDatabase { database in try database.setDurability(.crashSafe) }
    }

    /// The store in `directory` only when its file already exists (completion, logout), so
    /// that looking does not create one.
    public static func existing(directory: String) -> JQCStore? {
        guard FileManager.default.fileExists(atPath: directory + "/" + fileName) else { return nil }
        return try? JQCStore(directory: directory, busyTimeout: .milliseconds(200))
    }

    /// Where owned photo copies live.
    public var photosDirectory: String { directory + "/photos" }

    /// The full path of a stored photo copy.
    public func photoFile(_ photo: LocalPhoto) -> String { photoFiles.path(of: photo.fileName) }
    /// The photo files this store owns.
    var photoFiles: PhotoFiles { PhotoFiles(directory: photosDirectory) }

    // MARK: Access

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.read(body)
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.write(body)
    }

    // MARK: Sync state

    /// Keys of the `sync_state` table.
    enum StateKey: String {
        case lastSyncAt = "last_sync_at"
        case lastSyncError = "last_sync_error"
        /// Before version 0.9 the cursor could come from the `Date` header (UTC) while the
        /// server's stamps are in its own zone; that value is never read again (the first fetch
        /// after the upgrade asks for every unread notice), the new one lives under its own key.
        case notificationStamp = "notification_cursor_stamp"
        case referencePulledAt = "reference_pulled_at"
        /// When the last sync attempt ended and why it failed (nil: it did not), whatever
        /// stopped it: offline, an HTTP error, an answer that was not JQC's, a refused item.
        case lastAttemptAt = "last_attempt_at"
        case lastAttemptError = "last_attempt_error"
        /// The server's UTC offset seen on a record it created (`seconds@UTC stamp`).
        case serverOffset = "server_offset"
        /// The server's clock less this machine's, in seconds, at the last sync (`ClockCheck`).
        case clockSkew = "clock_skew"
    }

    func state(_ key: StateKey, in database: Database) throws -> String? {
        try database.scalar("SELECT value FROM sync_state WHERE key = ?", [key.rawValue], as: String.self)
    }

    func setState(_ key: StateKey, _ value: String?, in database: Database) throws {
        if let value {
            try database.execute(
                "INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                [key.rawValue, value])
        } else {
            try database.execute("DELETE FROM sync_state WHERE key = ?", [key.rawValue])
        }
    }

    /// When the last sync finished all six steps.
    public func lastSyncAt() throws -> Date? {
        try read { try state(.lastSyncAt, in: $0) }.flatMap(JQCDate.parse)
    }

    /// What went wrong in the last sync: what stopped it short (offline, session expired), or
    /// the items and pulls that failed in it; nil when everything went through.
    public func lastSyncError() throws -> String? {
        try read { try state(.lastSyncError, in: $0) }
    }

    /// The notification cursor: the newest `created_at` the server sent, as it wrote it (see
    /// `storeNotifications`); the next fetch asks from `cursorOverlap` before it.
    public func notificationCursor() throws -> String? {
        try read { try state(.notificationStamp, in: $0) }
    }

    /// Forgets the notification cursor (logout), so the next account starts with its unread notices.
    public func resetNotificationCursor() throws {
        try write { try setState(.notificationStamp, nil, in: $0) }
    }

    /// Every sync attempt, finished or not: when it ended and why it failed (nil: it did not).
    func recordAttempt(at date: Date, error: String?) throws {
        try write { database in
            try setState(.lastAttemptAt, JQCDate.format(date), in: database)
            try setState(.lastAttemptError, error, in: database)
        }
    }

    /// The last sync attempt: when it ended and why it failed (nil error: it went through).
    public func lastAttempt() throws -> (at: Date, error: String?)? {
        try read { database in
            guard let at = try state(.lastAttemptAt, in: database).flatMap(JQCDate.parse) else { return nil }
            return (at, try state(.lastAttemptError, in: database))
        }
    }

    /// Keeps the server's UTC offset a sync saw.
    /// Keeps how far the server's clock is from this machine's, as the last contact saw it.
    func recordClockSkew(_ seconds: Double) throws {
        try write { try setState(.clockSkew, String(Int64(seconds)), in: $0) }
    }

    /// The server's clock less this machine's at the last sync; nil before one saw it.
    public func clockSkew() throws -> Double? {
        try read { try state(.clockSkew, in: $0) }.flatMap { Int64($0) }.map(Double.init)
    }

    func recordServerOffset(_ offset: SyncReport.ObservedOffset) throws {
        try write { try setState(.serverOffset, "\(offset.seconds)@" + JQCDate.format(offset.at), in: $0) }
    }

    /// The server's UTC offset the last sync that could see it saw, and when.
    public func serverOffset() throws -> SyncReport.ObservedOffset? {
        try read { try Self.serverOffset(in: $0) }
    }

    static func serverOffset(in database: Database) throws -> SyncReport.ObservedOffset? {
        guard
            let text = try database.scalar("SELECT value FROM sync_state WHERE key = ?", [StateKey.serverOffset.rawValue], as: String.self),
            let at = text.firstIndex(of: "@"), let seconds = Int(text[..<at]),
            let date = JQCDate.parse(String(text[text.index(after: at)...]))
        else { return nil }
        return .init(seconds: seconds, at: date)
    }

    func recordSync(finishedAt: Date?, error: String?) throws {
        try write { database in
            if let finishedAt { try setState(.lastSyncAt, JQCDate.format(finishedAt), in: database) }
            try setState(.lastSyncError, error, in: database)
        }
    }

    /// A fresh client-side id for a local record.
    static func newLocalID() -> String { UUID().uuidString.lowercased() }
}
