/// Brings a store's schema up to date by applying the migrations it lacks, in order.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// The version a fully migrated store has.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The store's `PRAGMA user_version`.
    public func currentVersion(of database: Database) throws(StoreError) -> Int {
        Int(try database.scalar("PRAGMA user_version", as: Int64.self) ?? 0)
    }

    /// Applies every migration newer than the store's version, each in its own transaction
    /// together with the `user_version` bump, so a failure leaves the store at the last
    /// version that completed. Returns the migrations applied.
    ///
    /// A store whose version is beyond `latestVersion` was written by a newer fieldops whose
    /// schema this build cannot know; it is refused rather than used or altered.
    @discardableResult
    public func migrate(_ database: Database) throws(StoreError) -> [Migration] {
        try checkOrder(database)
        let current = try currentVersion(of: database)
        if current > latestVersion {
            throw StoreError(
                kind: .newerSchema(found: current, supported: latestVersion), message: "user_version \(current)", path: database.path)
        }
        var applied: [Migration] = []
        let pending = migrations.filter { $0.version > current }
        guard !pending.isEmpty else { return [] }
        // Foreign keys off around the migrations (as GRDB does): SQLite's table rebuild (create
        // new, copy, drop old, rename) would otherwise cascade the drop onto every child row —
        // a person's unsynced issues and photos. The pragma cannot change inside a transaction,
        // so it is set around them, and each migration checks the keys itself before it commits.
        let enforced = (try database.scalar("PRAGMA foreign_keys", as: Int64.self) ?? 0) != 0
        if enforced { try database.execute("PRAGMA foreign_keys = OFF") }
        defer { if enforced { try? database.execute("PRAGMA foreign_keys = ON") } }
        for migration in pending {
            do {
                try database.transaction { database in
                    try migration.apply(to: database)
                    if let broken = try database.queryOne("PRAGMA foreign_key_check") {
                        let table = (try? broken.decode(0, as: String.self)) ?? "?"
                        throw StoreError(
                            kind: .constraint, message: "it would leave rows of \(table) pointing at rows that do not exist",
                            path: database.path)
                    }
                    // PRAGMA takes no bound parameters; the version is an Int from our own list.
                    try database.execute("PRAGMA user_version = \(migration.version)")
                }
            } catch let error as StoreError {
                throw StoreError(
                    kind: .migrationFailed(version: migration.version, name: migration.name),
                    resultCode: error.resultCode, message: error.message, sql: error.sql, path: database.path)
            } catch {
                throw StoreError(
                    kind: .migrationFailed(version: migration.version, name: migration.name),
                    message: error.summaryText, path: database.path)
            }
            applied.append(migration)
        }
        return applied
    }

    private func checkOrder(_ database: Database) throws(StoreError) {
        var previous = 0
        for migration in migrations {
            guard migration.version > previous else {
                throw StoreError(
                    kind: .misuse,
                    message: "migration \(migration.version) (\(migration.name)) is out of order: versions must increase from 1",
                    path: database.path)
            }
            previous = migration.version
        }
    }
}
