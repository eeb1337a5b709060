import Testing
import FieldOpsCore

@Suite struct MigratorTests {
    struct Broken: Error {}

    static let base = [
        Migration(version: 1, name: "create facility", sql: """
            CREATE TABLE facility (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            -- seeded so the next migration can prove it runs after this one
            INSERT INTO facility (id, name) VALUES (1, 'HQ');
            """),
        Migration(version: 2, name: "copy names") { database in
            try database.execute("CREATE TABLE facility_name (name TEXT)")
            try database.execute("INSERT INTO facility_name SELECT name FROM facility")
        },
        Migration(version: 3, name: "add area", sql: "CREATE TABLE area (id INTEGER PRIMARY KEY, facility_id INTEGER REFERENCES facility(id))"),
    ]

    let directory: StoreScratchDirectory
    let database: Database

    init() throws {
        directory = try StoreScratchDirectory()
        database = try Database(path: directory.file("store.sqlite"))
    }

    // MARK: Applying

    @Test func appliesMissingMigrationsOnceAndInOrder() throws {
        let migrator = Migrator(Self.base)
        #expect(try migrator.migrate(database).map(\.version) == [1, 2, 3])
        #expect(try migrator.currentVersion(of: database) == 3)
        #expect(try database.scalar("SELECT name FROM facility_name", as: String.self) == "HQ")

        #expect(try migrator.migrate(database).isEmpty)
        #expect(try database.scalar("SELECT count(*) FROM facility", as: Int64.self) == 1)

        let next = Migrator(Self.base + [Migration(version: 4, name: "index", sql: "CREATE INDEX area_facility ON area(facility_id)")])
        #expect(try next.migrate(database).map(\.version) == [4])
        #expect(try next.currentVersion(of: database) == 4)
    }

    // MARK: Failures

    @Test func aFailingSQLMigrationLeavesTheVersionAndSchemaAsBefore() throws {
        let migrator = Migrator(Array(Self.base.prefix(1)) + [
            Migration(version: 2, name: "half broken", sql: """
                CREATE TABLE outbox (id INTEGER);
                INSERT INTO no_such_table VALUES (1);
                """),
        ])
        do {
            try migrator.migrate(database)
            Issue.record("the broken migration succeeded")
        } catch {
            #expect(error.kind == .migrationFailed(version: 2, name: "half broken"))
            #expect(error.sql == "INSERT INTO no_such_table VALUES (1);")
            #expect(error.summary.contains("failed at migration 2 (half broken)"))
            #expect(error.hint?.contains("still at version 1") == true)
        }
        let reopened = try Database(path: directory.file("store.sqlite"))
        #expect(try migrator.currentVersion(of: reopened) == 1)
        #expect(try reopened.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'outbox'", as: Int64.self) == 0)
    }

    @Test func aFailingClosureMigrationIsRolledBackToo() throws {
        let migrator = Migrator([
            Migration(version: 1, name: "throws") { database in
                try database.execute("CREATE TABLE partial (x)")
                throw Broken()
            },
        ])
        #expect(throws: StoreError.self) { try migrator.migrate(database) }
        #expect(try migrator.currentVersion(of: database) == 0)
        #expect(try database.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'partial'", as: Int64.self) == 0)
    }

    @Test func aStoreFromANewerFieldopsIsRefusedAndLeftAlone() throws {
        try database.execute("PRAGMA user_version = 9")
        do {
            try Migrator(Self.base).migrate(database)
            Issue.record("a newer store was accepted")
        } catch {
            #expect(error.kind == .newerSchema(found: 9, supported: 3))
            #expect(error.summary.contains("was created by a newer fieldops"))
        }
        #expect(try database.scalar("PRAGMA user_version", as: Int64.self) == 9)
        #expect(try database.scalar("SELECT count(*) FROM sqlite_master", as: Int64.self) == 0)
    }

    @Test func versionsOutOfOrderAreRefusedBeforeAnythingRuns() throws {
        let migrator = Migrator([Self.base[1], Self.base[0]])
        #expect { try migrator.migrate(database) } throws: { ($0 as? StoreError)?.kind == .misuse }
        #expect(try migrator.currentVersion(of: database) == 0)
    }
}
