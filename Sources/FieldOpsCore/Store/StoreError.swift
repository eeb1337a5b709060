internal import CSQLite

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

    public init(kind: Kind, resultCode: Int32 = 0, message: String, sql: String? = nil, path: String) {
        self.kind = kind
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// Classifies a SQLite result code.
    init(resultCode: Int32, message: String, sql: String?, path: String) {
        let kind: Kind
        switch resultCode & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT: kind = .corrupt
        case SQLITE_BUSY, SQLITE_LOCKED: kind = .locked
        case SQLITE_CANTOPEN: kind = .cannotOpen
        case SQLITE_READONLY: kind = .readOnly
        case SQLITE_FULL: kind = .full
        case SQLITE_CONSTRAINT: kind = .constraint
        case SQLITE_MISUSE, SQLITE_RANGE: kind = .misuse
        default: kind = .other
        }
        self.init(kind: kind, resultCode: resultCode, message: message, sql: sql, path: path)
    }

    public var summary: String {
        switch kind {
        case .corrupt: "the store at \(path) is corrupt or not a fieldops store"
        case .locked: "the store at \(path) is locked by another fieldops process"
        case .cannotOpen: "cannot open the store at \(path): \(message)"
        case .readOnly: "the store at \(path) is read-only: \(message)"
        case .full: "the disk holding the store at \(path) is full"
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
        case .readOnly: "check the permissions and owner of the file and its directory"
        case .full: "free some disk space and run the command again"
        case .newerSchema: "upgrade fieldops, or move the store aside to start a fresh one"
        case .migrationFailed(let version, _):
            "the store was left as it was at version \(version - 1), nothing in it is lost; keep the file, and send this message with `fieldops version` to whoever supports your fieldops"
        case .constraint, .conversion, .misuse, .other: nil
        }
    }

    public var exitCode: ExitCode { .failure }

    public var description: String {
        ([summary] + details).joined(separator: "\n")
    }
}
