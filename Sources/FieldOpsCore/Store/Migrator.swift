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
            throw StoreError(kind: .newerSchema(found: current, supported: latestVersion), message: "user_version \(current)", path: database.path)
        }
        var applied: [Migration] = []
        for migration in migrations where migration.version > current {
            do {
                try database.transaction { database in
                    try migration.apply(to: database)
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
                    message: (error as? any UserFacingError)?.summary ?? "\(error)", path: database.path)
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
