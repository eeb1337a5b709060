internal import CSQLite
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to a SQLite store file, configured the way every fieldops store is used.
///
/// Opening sets WAL journaling (readers never block the writer), `foreign_keys=ON`,
/// `synchronous=NORMAL` by default (durable across application crashes, and in WAL mode the
/// database cannot corrupt on power loss; `Durability.powerSafe` also survives a power cut) and a busy timeout so a second fieldops process waits briefly
/// for a lock instead of failing at once.
///
/// Thread safety: a `Database` is not `Sendable` and must be used by one task at a time —
/// the compiler enforces that it stays where it was made. To share one connection between
/// tasks, wrap it in a `DatabaseQueue`, which serialises access behind a lock.
public final class Database {
    /// How a store is opened.
    public struct Options: Sendable {
        /// How long to wait for another connection's lock before failing with `.locked`.
        public var busyTimeout: Duration
        /// Open without write access; the file must exist.
        public var readOnly: Bool
        /// How hard each commit is pushed to the disk.
        public var durability: Durability
        /// The page size of a store created by this open (SQLite's default 4 KB when nil); larger
        /// pages suit stores of large blobs, which then take a few writes each instead of many.
        public var pageSize: Int?
        /// Read the file as it is, creating nothing beside it (SQLite's `immutable`): the way to
        /// read a closed WAL store on a full or read-only disk, where even a read-only open must
        /// create the `-shm` file and fails. Only right when no `-wal` holds commits (see
        /// `Database.readingAsItIs`), and nothing may write meanwhile. Implies `readOnly`.
        public var immutable = false

        public init(busyTimeout: Duration = .seconds(5), readOnly: Bool = false, durability: Durability = .crashSafe) {
            self.busyTimeout = busyTimeout
            self.readOnly = readOnly
            self.durability = durability
        }

        public init(busyTimeout: Duration = .seconds(5), readOnly: Bool = false, durability: Durability = .crashSafe, pageSize: Int?) {
            self.init(busyTimeout: busyTimeout, readOnly: readOnly, durability: durability)
            self.pageSize = pageSize
        }
    }

    /// What a committed transaction survives (SQLite's `synchronous` in WAL mode).
    public enum Durability: String, Sendable {
        /// `synchronous=NORMAL`: survives the process crashing or being killed; a power cut may
        /// roll back the last commits (the file never corrupts). No fsync per commit.
        case crashSafe = "NORMAL"
        /// `synchronous=FULL`: survives a power cut too, at one fsync of the WAL per commit.
        case powerSafe = "FULL"
    }

    /// The file path, or `:memory:`.
    public let path: String
    let handle: OpaquePointer
    var statementCache: [String: Statement] = [:]
    /// How many statements this connection has compiled; the cache keeps it low.
    public internal(set) var preparedStatementCount = 0
    /// Open savepoints inside the outermost transaction.
    var transactionDepth = 0

    /// Opens (creating when missing) the store at `path` and configures the connection.
    ///
    /// Missing parent directories are created with mode 0700, since stores hold a person's
    /// work and cached server data. A file that is not a SQLite database fails here with
    /// `.corrupt` and is not modified.
    public init(path: String, options: Options = Options()) throws(StoreError) {
        self.path = path
        let inMemory = path == ":memory:"
        if !inMemory && !options.readOnly {
            let directory = PathText.parent(of: path)
            if let refusal = ForeignOwner.refusal(toWriteIn: directory.isEmpty ? "." : directory) {
                throw StoreError(kind: .foreignOwner, message: refusal, path: path)
            }
            if !directory.isEmpty {
                do {
                    try FileSystem.makeDirectories(directory, mode: 0o700)
                } catch {
                    throw StoreError(
                        kind: .cannotOpen, message: "cannot create the directory \(directory): \(SystemCallError.reason(error))", path: path
                    )
                }
            }
            // A new store is made 0600 before SQLite opens it: SQLite would create it (and
            // then its -wal and -shm, which take the database's mode) 0644 under a usual umask,
            // readable by every account on the machine. An empty file is a new database to it.
            let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if created >= 0 {
                fchmod(created, 0o600)  // whatever the umask took away, nothing more
                close(created)
            }
        }

        // libsqlite3 is loaded on the first store opened (CSQLite/shim.h).
        if let problem = fieldops_sqlite_error() {
            throw StoreError(
                kind: .cannotOpen,
                message: "SQLite could not be loaded (\(String(cString: problem))); install it with `apt-get install libsqlite3-0`",
                path: path)
        }
        var connection: OpaquePointer?
        let readOnly = options.readOnly || options.immutable
        let flags =
            (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | (options.immutable ? SQLITE_OPEN_URI : 0)
        let name = options.immutable ? "file:" + Self.uriPath(path) + "?immutable=1" : path
        let code = fieldops_sqlite3_open_v2(name, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: fieldops_sqlite3_errmsg($0)) } ?? String(cString: fieldops_sqlite3_errstr(code))
            let system = connection.map { fieldops_sqlite3_system_errno($0) } ?? 0
            fieldops_sqlite3_close_v2(connection)
            throw StoreError(resultCode: code, message: message, sql: nil, path: path, systemError: system)
        }
        handle = connection
        // From here on `deinit` closes the connection if configuration throws.
        fieldops_sqlite3_extended_result_codes(handle, 1)
        let milliseconds =
            options.busyTimeout.components.seconds * 1000
            + options.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        fieldops_sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))

        // journal_mode is the first statement that reads the file header, so a foreign file
        // fails here, before anything could be written to it.
        if !readOnly && !inMemory {
            if let pageSize = options.pageSize {
                try execute("PRAGMA page_size = \(pageSize)")  // only takes effect on a new, empty file
            }
            _ = try scalar("PRAGMA journal_mode = WAL", as: String.self)
        } else {
            _ = try scalar("PRAGMA schema_version", as: Int64.self)
        }
        try execute("PRAGMA foreign_keys = ON")
        try setDurability(options.durability)
    }

    /// `path` as a URI filename: `%`, `?` and `#` (and bytes outside printable ASCII) escaped.
    static func uriPath(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "?") && byte != UInt8(ascii: "#") {
                text.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text
    }

    /// Opens a store only to read it, as it is, even where a read-only open cannot create the
    /// `-shm` file beside it (a full or read-only disk): read-only first, and when that fails
    /// for the disk and no `-wal` holds commits (the last writer closed it cleanly), immutable.
    public static func readingAsItIs(path: String, busyTimeout: Duration = .seconds(5)) throws(StoreError) -> Database {
        do {
            return try Database(path: path, options: Options(busyTimeout: busyTimeout, readOnly: true))
        } catch  where [.full, .readOnly, .cannotOpen].contains(error.kind) {
            var info = stat()
            if stat(path + "-wal", &info) == 0, info.st_size > 0 { throw error }
            var options = Options(busyTimeout: busyTimeout, readOnly: true)
            options.immutable = true
            return try Database(path: path, options: options)
        }
    }

    /// Changes what later commits on this connection survive.
    public func setDurability(_ durability: Durability) throws(StoreError) {
        try execute("PRAGMA synchronous = " + durability.rawValue)
    }

    deinit {
        // Statements must be finalized before the connection can close cleanly.
        statementCache.removeAll()
        fieldops_sqlite3_close_v2(handle)
    }

    /// The journal mode in effect (`wal` for file stores).
    public var journalMode: String {
        get throws(StoreError) { try scalar("PRAGMA journal_mode", as: String.self) ?? "" }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(fieldops_sqlite3_changes64(handle)) }

    /// The rowid of the last successful INSERT on this connection.
    public var lastInsertedRowID: Int64 { fieldops_sqlite3_last_insert_rowid(handle) }

    /// True while a transaction is open.
    public var isInTransaction: Bool { fieldops_sqlite3_get_autocommit(handle) == 0 }

    /// An error for the result `code` of the connection's last call.
    func error(_ code: Int32, sql: String?) -> StoreError {
        StoreError(
            resultCode: code, message: String(cString: fieldops_sqlite3_errmsg(handle)), sql: sql, path: path,
            systemError: fieldops_sqlite3_system_errno(handle))
    }
}
