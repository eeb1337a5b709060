import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The offline mirror of one profile and one user: every read's answer as the server last sent
/// it (lists, folders, each list with its rows and schema, documents with their content, the
/// feed), in one SQLite file through the core's store, so each read works offline.
///
/// Lives at `$XDG_CACHE_HOME/fieldops/<profile>/interlinedlist/<user id>/mirror.sqlite` in a
/// directory only the user can read. One row per snapshot:
///
///     snapshots(name TEXT PRIMARY KEY, payload BLOB, saved_at INTEGER)  -- saved_at: Unix ms
///
/// `il sync` (and `auth login`) fill it; every live read refreshes its own snapshot. A file that
/// SQLite cannot open as a mirror is set aside with a warning and a new one started: a mirror is
/// never fatal, it is rebuilt by the next sync.
public final class ILMirror: Sendable {
    /// The directory of this profile's and user's mirror.
    public let directory: String
    public var path: String { directory + "/mirror.sqlite" }
    private let queue = Locked<DatabaseQueue?>(nil)
    /// The warning of a mirror that was found damaged and replaced, said once.
    private let damage = Locked<String?>(nil)

    static let migrator = Migrator([
        Migration(
            version: 1, name: "snapshots",
            sql: """
                CREATE TABLE snapshots (name TEXT PRIMARY KEY NOT NULL, payload BLOB NOT NULL, saved_at INTEGER NOT NULL);
                """)
    ])

    /// - Parameters:
    ///   - profileDirectory: the profile's cache directory, `$XDG_CACHE_HOME/fieldops/<profile>`.
    ///   - userID: the signed-in user; another user of the same profile never sees this mirror.
    public init(profileDirectory: String, userID: String) {
        directory = Self.backendDirectory(profileDirectory: profileDirectory) + "/" + Self.fileSafe(userID)
    }

    /// Everything this backend keeps for a profile, whichever user: removed on logout.
    public static func backendDirectory(profileDirectory: String) -> String {
        profileDirectory + "/interlinedlist"
    }

    /// Removes every mirror of a profile (logout). A missing directory is not an error.
    public static func removeProfile(profileDirectory: String) throws {
        let path = backendDirectory(profileDirectory: profileDirectory)
        guard FileManager.default.fileExists(atPath: path) else { return }
        try FileManager.default.removeItem(atPath: path)
    }

    // MARK: Opening

    /// The open store, opened (and migrated) on first use.
    func store(create: Bool) throws -> DatabaseQueue? {
        if let open = queue.withLock({ $0 }) { return open }
        if !create, !FileManager.default.fileExists(atPath: path) { return nil }
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let opened: DatabaseQueue
        do {
            opened = try Self.open(path)
        } catch {
            // Not a mirror any more (torn, overwritten, another program's file): start afresh.
            let aside = path + ".damaged"
            try? FileManager.default.removeItem(atPath: aside)
            try? FileManager.default.moveItem(atPath: path, toPath: aside)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            damage.withLock {
                $0 =
                    "the offline mirror \(path) could not be read (\(Self.describe(error))); it was moved to \(aside) and a new one started — run fieldops il sync to fill it"
            }
            opened = try Self.open(path)
        }
        queue.withLock { $0 = opened }
        return opened
    }

    static func open(_ path: String) throws -> DatabaseQueue {
        let store = try DatabaseQueue(path: path)
        _ = try store.write { database in try migrator.migrate(database) }
        chmod(path, 0o600)
        return store
    }

    /// The warning for a mirror replaced while opening, once (then nil).
    public func takeDamageWarning() -> String? {
        damage.withLock { warning in
            defer { warning = nil }
            return warning
        }
    }

    static func describe(_ error: any Error) -> String { error.summaryText }

    // MARK: Reading and writing

    /// What a lookup found.
    public enum Lookup<Value: Sendable>: Sendable {
        case miss
        case hit(Value, savedAt: Int64)
        /// The mirror could not be read; the text says why.
        case discarded(warning: String)
    }

    /// The payload saved under `name`.
    public func load(_ name: String) -> Lookup<Data> {
        do {
            guard let store = try store(create: false) else { return .miss }
            if let warning = takeDamageWarning() { return .discarded(warning: warning) }
            let row = try store.read { database in
                try database.queryOne("SELECT payload, saved_at FROM snapshots WHERE name = ?", [name])
            }
            guard let row else { return .miss }
            return .hit(try row.decode("payload", as: Data.self), savedAt: try row.decode("saved_at", as: Int64.self))
        } catch {
            return .discarded(warning: "could not read the offline mirror \(path): \(Self.describe(error))")
        }
    }

    /// Whether a snapshot is saved under `name`, without reading it (a 10,000-row list is
    /// megabytes): asked when the server is unreachable, to skip the retries.
    public func contains(_ name: String) -> Bool {
        guard let store = try? store(create: false) else { return false }
        let found = try? store.read { database in
            try database.scalar("SELECT 1 FROM snapshots WHERE name = ?", [name], as: Int.self)
        }
        return found != nil
    }

    /// Reads like `load`, for shell completion (which must print nothing): the same query.
    public func peek(_ name: String) -> Lookup<Data> { load(name) }

    /// Decodes the snapshot under `name` as `T`.
    public func load<T: Decodable & Sendable>(_ type: T.Type, _ name: String) -> Lookup<T> {
        switch load(name) {
        case .miss: return .miss
        case .discarded(let warning): return .discarded(warning: warning)
        case .hit(let data, let savedAt):
            guard let value = try? ILJSON.decode(type, from: data) else {
                return .discarded(warning: discard(name, reason: "its data does not decode"))
            }
            return .hit(value, savedAt: savedAt)
        }
    }

    /// Saves `payload` under `name`, stamped with `savedAt` (Unix ms), replacing the old one.
    public func store(_ payload: Data, as name: String, savedAt: Int64) throws {
        try store([(name, payload)], savedAt: savedAt)
    }

    /// Saves many snapshots in one transaction (`il sync`).
    public func store(_ snapshots: [(name: String, payload: Data)], savedAt: Int64) throws {
        guard let store = try store(create: true) else { return }
        try store.write { database in
            for snapshot in snapshots {
                try database.execute(
                    "INSERT OR REPLACE INTO snapshots (name, payload, saved_at) VALUES (?, ?, ?)",
                    [snapshot.name, snapshot.payload, savedAt])
            }
        }
    }

    /// Encodes `value` with the backend's one encoder and saves it.
    public func store<T: Encodable>(_ value: T, as name: String, savedAt: Int64) throws {
        try store(try ILJSON.encode(value), as: name, savedAt: savedAt)
    }

    /// Deletes the snapshots whose names start with `prefix` after a change on the server, so an
    /// offline read does not show the data from before the change.
    public func remove(prefix: String) {
        guard let store = try? store(create: false) else { return }
        _ = try? store.write { database in
            try database.execute("DELETE FROM snapshots WHERE substr(name, 1, ?) = ?", [Int64(prefix.unicodeScalars.count), prefix])
        }
    }

    /// Drops one snapshot that the caller could not use, and says so.
    public func discard(_ name: String, reason: String) -> String {
        remove(exactly: name)
        return "dropped the offline copy of \(name) from the mirror (\(reason)); it will be fetched again"
    }

    func remove(exactly name: String) {
        guard let store = try? store(create: false) else { return }
        _ = try? store.write { database in try database.execute("DELETE FROM snapshots WHERE name = ?", [name]) }
    }

    /// The names of the snapshots starting with `prefix` (for completion of document ids).
    public func names(prefix: String) -> [String] {
        guard let store = try? store(create: false) else { return [] }
        let rows =
            (try? store.read { database in
                try database.query(
                    "SELECT name FROM snapshots WHERE substr(name, 1, ?) = ? ORDER BY name", [Int64(prefix.unicodeScalars.count), prefix])
            }) ?? []
        return rows.compactMap { try? $0.decode("name", as: String.self) }
    }

    /// The time of the oldest snapshot, or nil for an empty mirror (`il sync` reports it).
    public func oldestSnapshot() -> Int64? {
        guard let store = try? store(create: false) else { return nil }
        return (try? store.read { database in try database.scalar("SELECT MIN(saved_at) FROM snapshots", as: Int64.self) }) ?? nil
    }

    /// A name safe as one path component: letters, digits, `-`, `_` and `.` (not leading) kept,
    /// anything else written as `%XX`, so `../x` or `a/b` can never leave the directory.
    static func fileSafe(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            let keep =
                (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || (byte == UInt8(ascii: ".") && !out.isEmpty)
            if keep {
                out.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out.isEmpty ? "%00" : out
    }
}
