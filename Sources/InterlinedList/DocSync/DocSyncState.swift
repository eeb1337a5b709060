import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What `il docs sync` remembers of one synced directory: for every paired file the document,
/// the base (the last content both sides agreed on), its hash and the remote `updatedAt`; for
/// every paired directory its folder; and the delta cursor.
///
/// One SQLite file per directory and remote root, under
/// `$XDG_DATA_HOME/fieldops/<profile>/docsync/`. A pair is written only once both sides hold
/// the same content, so whatever interrupts a run, the next one starts from a true base.
///
///     pairs(doc_id PK, path UNIQUE, folder_id, title, base_size, hash, remote_updated, size, mtime, conflict)
///     bases(doc_id PK, base BLOB)   -- apart, so reading the pairs never reads the documents
///     folders(folder_id PK, path UNIQUE, name, parent_id)
///     meta(key PK, value)   -- directory, root, cursor
public final class DocSyncState: Sendable {
    public struct Pair: Sendable, Equatable {
        public var documentID: String
        /// Relative to the synced directory, "/"-separated.
        public var path: String
        public var folderID: String?
        /// The remote title as last agreed (the file name may differ: collisions, unsafe characters).
        public var title: String
        /// The base's text; empty when read without it (`pairs()`): `base(of:)` reads it.
        public var base: String
        public var baseSize: Int64
        public var hash: String
        public var remoteUpdatedAt: String?
        /// The local file's size and mtime (nanoseconds) when last seen unchanged.
        public var size: Int64
        public var mtime: Int64
        /// The local file holds conflict markers this sync wrote; it is not uploaded until resolved.
        public var conflicted: Bool
    }

    public struct Folder: Sendable, Equatable {
        public var folderID: String
        public var path: String
        public var name: String
        public var parentID: String?
    }

    public let path: String
    let queue: DatabaseQueue

    static let migrator = Migrator([
        Migration(
            version: 1, name: "docsync",
            sql: """
                CREATE TABLE pairs (doc_id TEXT PRIMARY KEY NOT NULL, path TEXT NOT NULL UNIQUE, folder_id TEXT,
                    title TEXT NOT NULL, base_size INTEGER NOT NULL, hash TEXT NOT NULL, remote_updated TEXT,
                    size INTEGER NOT NULL, mtime INTEGER NOT NULL, conflict INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE bases (doc_id TEXT PRIMARY KEY NOT NULL, base BLOB NOT NULL);
                CREATE TABLE folders (folder_id TEXT PRIMARY KEY NOT NULL, path TEXT NOT NULL UNIQUE, name TEXT NOT NULL, parent_id TEXT);
                CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                """)
    ])

    /// The state file of `directory` synced with `root` (a folder id, or nil for everything).
    public static func location(dataDirectory: String, directory: String, root: String?) -> String {
        let key = directory + "\u{0}" + (root ?? "")
        return dataDirectory + "/docsync/" + SHA256.hex(key).prefix(24) + ".sqlite"
    }

    /// Opens (creating) the state at `path`; ":memory:" for a dry run with no state yet.
    public init(path: String) throws {
        self.path = path
        if path != ":memory:" {
            let directory = PathText.parent(of: path)
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        // Bases are whole documents: 64 KB pages store one in a write or two, not a dozen.
        queue = try DatabaseQueue(path: path, options: Database.Options(pageSize: 65_536))
        _ = try queue.write { database in try Self.migrator.migrate(database) }
        if path != ":memory:" { chmod(path, 0o600) }
    }

    // MARK: Reading

    /// Every pair, without its base (read per document when a merge or a restore needs it).
    public func pairs() throws -> [Pair] {
        try queue.read { database in
            try database.query("SELECT doc_id, path, folder_id, title, base_size, hash, remote_updated, size, mtime, conflict FROM pairs")
                .map { row in
                    Pair(
                        documentID: try row.decode(0), path: try row.decode(1), folderID: try row.decode(2), title: try row.decode(3),
                        base: "", baseSize: try row.decode(4), hash: try row.decode(5),
                        remoteUpdatedAt: try row.decode(6), size: try row.decode(7), mtime: try row.decode(8), conflicted: try row.decode(9)
                    )
                }
        }
    }

    /// A pair's base text.
    public func base(of documentID: String) throws -> String {
        try queue.read { database in
            let data: Data? = try database.scalar("SELECT base FROM bases WHERE doc_id = ?", [documentID])
            return String(decoding: data ?? Data(), as: UTF8.self)
        }
    }

    public func folders() throws -> [Folder] {
        try queue.read { database in
            try database.query("SELECT folder_id, path, name, parent_id FROM folders").map { row in
                Folder(folderID: try row.decode(0), path: try row.decode(1), name: try row.decode(2), parentID: try row.decode(3))
            }
        }
    }

    public func meta(_ key: String) throws -> String? {
        try queue.read { database in try database.scalar("SELECT value FROM meta WHERE key = ?", [key]) }
    }

    // MARK: Writing

    /// Records (or replaces) a pair; a pair at the same path under another id is replaced too.
    public func save(_ pair: Pair) throws {
        try queue.write { database in try database.transaction { database in try Self.save(pair, in: database) } }
    }

    /// Several pairs in one transaction (one fsync for a whole download).
    public func save(_ pairs: [Pair]) throws {
        guard !pairs.isEmpty else { return }
        try writeBases(pairs) { database in
            for pair in pairs { try Self.save(pair, in: database) }
        }
    }

    /// Bases of this many bytes or more are written in one go through a rollback journal.
    static let bulkBytes = 1 << 20

    /// One transaction that records `pairs` (and whatever else `body` writes).
    ///
    /// The state is a write-ahead-log store: its many small commits (a folder, a pair, the
    /// cursor) cost no fsync each. A large one — a first sync's 2,000 bases of 10 KB — the log
    /// writes twice, once into the log and again into the file when it is copied back (at the
    /// latest when the connection closes, with two fsyncs): 67 ms for those 20 MB, against 27 ms
    /// written once. So a transaction of 1 MB of bases or more switches this connection to a
    /// rollback journal, synced (a rollback journal is proof against a power cut only so),
    /// and back to the log after it. SQLite leaves the log only for the one connection that
    /// has the store open; a sync holds the directory's lock, but a `--dry-run` beside it
    /// opens the store without it, and then the transaction goes through the log as before.
    /// A run killed inside the transaction leaves a hot journal that the next open rolls back,
    /// as a killed run in the log mode leaves an uncommitted tail: either way the transaction
    /// is all there or not at all.
    private func writeBases(_ pairs: [Pair], _ body: (Database) throws -> Void) throws {
        let bytes = pairs.reduce(0) { $0 + $1.base.utf8.count }
        try queue.withDatabase { database in
            // A switch SQLite refuses (another connection has the store open) is no error: the
            // transaction goes through the log.
            guard bytes >= Self.bulkBytes, (try? Self.setJournal("TRUNCATE", in: database)) == true else {
                try database.transaction(body)
                return
            }
            try database.setDurability(.powerSafe)
            defer {
                _ = try? Self.setJournal("WAL", in: database)
                try? database.setDurability(.crashSafe)
            }
            try database.transaction(body)
        }
    }

    /// True when the journal mode is now `mode`.
    private static func setJournal(_ mode: String, in database: Database) throws -> Bool {
        let now: String? = try database.scalar("PRAGMA journal_mode = " + mode)
        return now?.uppercased() == mode
    }

    static func save(_ pair: Pair, in database: Database) throws {
        try database.execute(
            "DELETE FROM bases WHERE doc_id IN (SELECT doc_id FROM pairs WHERE path = ? AND doc_id <> ?)", [pair.path, pair.documentID])
        try database.execute("DELETE FROM pairs WHERE path = ? AND doc_id <> ?", [pair.path, pair.documentID])
        try database.execute(
            """
            INSERT OR REPLACE INTO pairs (doc_id, path, folder_id, title, base_size, hash, remote_updated, size, mtime, conflict)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                pair.documentID, pair.path, pair.folderID, pair.title, Int64(pair.base.utf8.count), pair.hash, pair.remoteUpdatedAt,
                pair.size, pair.mtime, pair.conflicted,
            ])
        try database.execute("INSERT OR REPLACE INTO bases (doc_id, base) VALUES (?, ?)", [pair.documentID, Data(pair.base.utf8)])
    }

    /// A directory moved: every pair and folder under `from/` takes the `to/` prefix (bases untouched).
    public func movePaths(from: String, to: String) throws {
        try queue.write { database in
            try database.transaction { database in
                for (table, key) in [("pairs", "doc_id"), ("folders", "folder_id")] {
                    for row in try database.query("SELECT \(key), path FROM \(table)") {
                        let path: String = try row.decode(1)
                        guard path.hasPrefix(from + "/") else { continue }
                        let id: String = try row.decode(0)
                        try database.execute("UPDATE \(table) SET path = ? WHERE \(key) = ?", [to + path.dropFirst(from.count), id])
                    }
                }
            }
        }
    }

    /// Pairs recorded and pairs removed, in one transaction.
    public func apply(saves: [Pair], removals: [String]) throws {
        guard !saves.isEmpty || !removals.isEmpty else { return }
        try writeBases(saves) { database in
            for id in removals {
                try database.execute("DELETE FROM pairs WHERE doc_id = ?", [id])
                try database.execute("DELETE FROM bases WHERE doc_id = ?", [id])
            }
            for pair in saves { try Self.save(pair, in: database) }
        }
    }

    public func removePair(_ documentID: String) throws {
        try queue.write { database in
            try database.transaction { database in
                try database.execute("DELETE FROM pairs WHERE doc_id = ?", [documentID])
                try database.execute("DELETE FROM bases WHERE doc_id = ?", [documentID])
            }
        }
    }

    public func save(_ folder: Folder) throws {
        try queue.write { database in
            try database.execute("DELETE FROM folders WHERE path = ? AND folder_id <> ?", [folder.path, folder.folderID])
            try database.execute(
                "INSERT OR REPLACE INTO folders (folder_id, path, name, parent_id) VALUES (?, ?, ?, ?)",
                [folder.folderID, folder.path, folder.name, folder.parentID])
        }
    }

    public func removeFolder(_ folderID: String) throws {
        try queue.write { database in try database.execute("DELETE FROM folders WHERE folder_id = ?", [folderID]) }
    }

    public func setMeta(_ key: String, _ value: String) throws {
        try queue.write { database in try database.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", [key, value]) }
    }
}
