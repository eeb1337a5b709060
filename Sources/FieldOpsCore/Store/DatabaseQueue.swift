import FoundationEssentials

/// A `Database` shared between tasks: every access runs under one lock, so at most one task
/// uses the connection at a time.
///
/// Accesses are short synchronous SQLite calls, so a plain lock is the right tool: blocking a
/// thread for a few milliseconds is cheaper than hopping to an actor for each query. The lock
/// is not re-entrant: do not call `read` or `write` from inside another access (use the
/// `Database` passed to the closure instead).
public final class DatabaseQueue: @unchecked Sendable {
    // @unchecked Sendable is sound because `database`, the only non-Sendable state, is touched
    // only while `lock` is held (in `read` and `write` below), and the closures that receive it
    // run synchronously inside that critical section. `Database` itself is not Sendable, so a
    // closure cannot hand it to another task.
    private let lock = PThreadMutex()
    private let database: Database

    /// The store's file path.
    public let path: String

    /// Opens the store; see `Database.init(path:options:)`.
    public init(path: String, options: Database.Options = Database.Options()) throws(StoreError) {
        database = try Database(path: path, options: options)
        self.path = path
    }

    /// The store at `path` opened only to read it, as it is (`Database.readingAsItIs`).
    public init(readingAsItIs path: String) throws(StoreError) {
        database = try Database.readingAsItIs(path: path)
        self.path = path
    }

    /// Runs `body` with the connection in read-only mode (`PRAGMA query_only`), so a read
    /// path cannot write by mistake.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        try database.execute("PRAGMA query_only = ON")
        defer { try? database.execute("PRAGMA query_only = OFF") }
        return try body(database)
    }

    /// Runs `body` in a transaction (committed on return, rolled back on a throw).
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try database.transaction(body)
    }

    /// Runs `body` with the connection outside any transaction, for work that manages its
    /// own (migrations, VACUUM).
    public func withDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(database)
    }
}
