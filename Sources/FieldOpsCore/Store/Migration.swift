/// One numbered step of a store's schema history.
///
/// Versions are recorded in `PRAGMA user_version`; a migration, once released, is never
/// edited — a change is a new migration with the next number.
public struct Migration: Sendable {
    enum Step: Sendable {
        case sql(String)
        case closure(@Sendable (Database) throws -> Void)
    }

    /// Strictly increasing from 1 within a `Migrator`.
    public let version: Int
    /// A short description shown when the migration fails ("create outbox").
    public let name: String
    let step: Step

    /// A migration that runs an SQL script (several statements separated by `;`).
    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.step = .sql(sql)
    }

    /// A migration that runs Swift code, for data transformations SQL cannot express.
    public init(version: Int, name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.version = version
        self.name = name
        self.step = .closure(apply)
    }

    func apply(to database: Database) throws {
        switch step {
        case .sql(let script): try database.executeScript(script)
        case .closure(let body): try body(database)
        }
    }
}
