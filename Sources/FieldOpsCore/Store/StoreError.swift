internal import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// A failure of a local SQLite store, carrying what SQLite said and where.
///
/// The kinds a person can act on (corrupt, locked, unwritable, full, too new) get their own
/// wording and hint; the rest say what SQLite reported, with the SQL, so a bug report is
/// useful on its own.
public struct StoreError: UserFacingError, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Not a SQLite database, or a damaged one (SQLITE_NOTADB, SQLITE_CORRUPT).
        case corrupt
        /// Another connection kept the lock past the busy timeout (SQLITE_BUSY, SQLITE_LOCKED).
        case locked
        case cannotOpen
        /// Root (sudo) in another user's directory: refused before anything is written (`ForeignOwner`).
        case foreignOwner
        case readOnly
        case full
        /// A UNIQUE, NOT NULL, CHECK or FOREIGN KEY constraint refused a change.
        case constraint
        /// `PRAGMA user_version` is beyond the last migration this build knows.
        case newerSchema(found: Int, supported: Int)
        /// A migration failed; the store stays at the version before it.
        case migrationFailed(version: Int, name: String)
        /// A column held a value of a type the caller did not ask for.
        case conversion
        /// The API was used wrongly (argument count, migration order).
        case misuse
        case other
    }

    public var kind: Kind
    /// SQLite's extended result code; 0 when the failure did not come from SQLite.
    public var resultCode: Int32
    /// SQLite's message, or fieldops' own for conversion and misuse.
    public var message: String
    /// The statement that failed, when there was one.
    public var sql: String?
    /// The store's file path (`:memory:` for an in-memory store).
    public var path: String
    /// The system's error number behind an I/O failure (`sqlite3_system_errno`), 0 when none:
    /// what tells a full disk (ENOSPC) or a read-only one (EROFS) from a damaged store.
    public var systemError: Int32

    public init(kind: Kind, resultCode: Int32 = 0, message: String, sql: String? = nil, path: String, systemError: Int32 = 0) {
        self.kind = kind
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
        self.path = path
        self.systemError = systemError
    }

    /// Classifies a SQLite result code; an I/O error, a failed open or a read-only refusal is
    /// classified by the system error behind it, so a full or read-only disk never reads as a
    /// broken store ("disk I/O error (code 4874)" was all a full disk said).
    init(resultCode: Int32, message: String, sql: String?, path: String, systemError: Int32 = 0) {
        let kind: Kind
        switch (resultCode & 0xFF, systemError) {
        case (SQLITE_IOERR, ENOSPC), (SQLITE_IOERR, EDQUOT), (SQLITE_CANTOPEN, ENOSPC), (SQLITE_CANTOPEN, EDQUOT): kind = .full
        case (SQLITE_IOERR, EROFS), (SQLITE_CANTOPEN, EROFS), (SQLITE_IOERR, EACCES), (SQLITE_CANTOPEN, EACCES),
            (SQLITE_IOERR, EPERM), (SQLITE_CANTOPEN, EPERM):
            kind = .readOnly
        case (SQLITE_NOTADB, _), (SQLITE_CORRUPT, _): kind = .corrupt
        case (SQLITE_BUSY, _), (SQLITE_LOCKED, _): kind = .locked
        case (SQLITE_CANTOPEN, _): kind = .cannotOpen
        case (SQLITE_READONLY, _): kind = .readOnly
        case (SQLITE_FULL, _): kind = .full
        case (SQLITE_CONSTRAINT, _): kind = .constraint
        case (SQLITE_MISUSE, _), (SQLITE_RANGE, _): kind = .misuse
        default: kind = .other
        }
        // SQLite does not always keep the errno of a failed open (the `-shm` of a WAL store on a
        // read-only file system): the file system says it then.
        if kind == .cannotOpen || (kind == .other && resultCode & 0xFF == SQLITE_IOERR), DiskSpace.isReadOnly(at: path) {
            self.init(kind: .readOnly, resultCode: resultCode, message: message, sql: sql, path: path, systemError: EROFS)
            return
        }
        self.init(kind: kind, resultCode: resultCode, message: message, sql: sql, path: path, systemError: systemError)
    }

    public var summary: String {
        switch kind {
        case .corrupt: "the store at \(path) is corrupt or not a fieldops store"
        case .locked: "the store at \(path) is locked by another fieldops process"
        case .cannotOpen: "cannot open the store at \(path): \(message)"
        case .foreignOwner: message
        case .readOnly: "the store at \(path) cannot be written: \(readOnlyReason)"
        case .full: "the disk holding the store at \(path) is full\(DiskSpace.freeNote(at: path))"
        case .constraint: "a change to the store at \(path) was refused: \(message)"
        case .newerSchema(let found, let supported):
            "the store at \(path) was created by a newer fieldops (schema version \(found); this fieldops knows up to \(supported))"
        case .migrationFailed(let version, let name):
            "upgrading the store at \(path) failed at migration \(version) (\(name)): \(message)"
        case .conversion: "the store at \(path) holds a value fieldops cannot read: \(message)"
        case .misuse, .other: "store operation failed on \(path): \(message)"
        }
    }

    public var details: [String] {
        // A full or read-only disk, or root in another's directory, is said in full above;
        // SQLite's "disk I/O error (code 4874)" and the statement would only hide it.
        if [.full, .readOnly, .foreignOwner].contains(kind) { return [] }
        var lines: [String] = []
        if resultCode != 0 {
            let name = String(cString: fieldops_sqlite3_errstr(resultCode))
            lines.append("sqlite: \(message) (\(name), code \(resultCode))")
        }
        if let sql { lines.append("sql: \(sql)") }
        return lines
    }

    public var hint: String? {
        switch kind {
        case .corrupt:
            "fieldops left the file untouched; move it aside (mv '\(path)' '\(path).broken') and run the command again to start a fresh store"
        case .locked: "wait for the other fieldops command to finish, then run this one again"
        case .cannotOpen: "check that the directory exists and that you can write to it"
        case .foreignOwner: ForeignOwner.hint
        case .readOnly:
            systemError == EROFS
                ? "the file system is mounted read-only: remount it read-write (or copy the store elsewhere); nothing in it is lost"
                : "check the permissions and owner of the file and its directory; nothing in it is lost"
        case .full: "free some disk space and run the command again; nothing in the store is lost"
        case .newerSchema: "upgrade fieldops, or move the store aside to start a fresh one"
        case .migrationFailed(let version, _):
            "the store was left as it was at version \(version - 1), nothing in it is lost; keep the file, and send this message with `fieldops version` to whoever supports your fieldops"
        case .constraint, .conversion, .misuse, .other: nil
        }
    }

    public var exitCode: ExitCode { .failure }

    /// Why the store cannot be written, in the system's words with who owns what.
    var readOnlyReason: String {
        switch systemError {
        case EROFS: return "the file system is read-only"
        case EACCES, EPERM:
            var info = stat()
            let directory = PathText.parent(of: path)
            if stat(directory, &info) == 0, info.st_uid != geteuid() {
                return "\(directory) belongs to uid \(info.st_uid), not to you (uid \(geteuid()))"
            }
            return "permission denied"
        default: return message
        }
    }

    public var description: String {
        ([summary] + details).joined(separator: "\n")
    }
}
