import FieldOpsCore
import Testing

@Suite struct MigratorTests {
    struct Broken: Error {}

    static let base = [
        Migration(
            version: 1, name: "create facility",
            sql: """
                CREATE TABLE facility (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                -- seeded so the next migration can prove it runs after this one
                INSERT INTO facility (id, name) VALUES (1, 'HQ');
                """),
        Migration(version: 2, name: "copy names") { database in
            try database.execute("CREATE TABLE facility_name (name TEXT)")
            try database.execute("INSERT INTO facility_name SELECT name FROM facility")
        },
        Migration(
            version: 3, name: "add area", sql: "CREATE TABLE area (id INTEGER PRIMARY KEY, facility_id INTEGER REFERENCES facility(id))"),
    ]

    let directory: StoreScratchDirectory
    let database: Database

    init() throws {
        directory = try StoreScratchDirectory()
        database = try Database(path: directory.file("store.sqlite"))
    }

    // MARK: Foreign keys

    /// SQLite's recommended table rebuild (new table, copy, drop, rename) with foreign keys on
    /// would cascade the drop onto the children; the migrator turns them off around it.
    @Test func rebuildingAParentTableKeepsItsChildren() throws {
        let schema = Migration(
            version: 1, name: "parent and child",
            sql: """
                CREATE TABLE parent (id TEXT PRIMARY KEY, name TEXT);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id TEXT REFERENCES parent(id) ON DELETE CASCADE);
                INSERT INTO parent VALUES ('p1', 'one');
                INSERT INTO child (parent_id) VALUES ('p1'), ('p1');
                """)
        try Migrator([schema]).migrate(database)
        let rebuild = Migration(
            version: 2, name: "rebuild parent",
            sql: """
                CREATE TABLE parent_new (id TEXT PRIMARY KEY, name TEXT, extra TEXT NOT NULL DEFAULT '');
                INSERT INTO parent_new (id, name) SELECT id, name FROM parent;
                DROP TABLE parent;
                ALTER TABLE parent_new RENAME TO parent;
                """)
        try Migrator([schema, rebuild]).migrate(database)
        #expect(try database.scalar("SELECT count(*) FROM child", as: Int64.self) == 2)
        #expect(try database.scalar("PRAGMA foreign_keys", as: Int64.self) == 1)
        #expect(try Migrator([schema, rebuild]).currentVersion(of: database) == 2)
    }

    @Test func aMigrationThatBreaksForeignKeysIsRolledBack() throws {
        let schema = Migration(
            version: 1, name: "parent and child",
            sql: """
                CREATE TABLE parent (id TEXT PRIMARY KEY);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id TEXT REFERENCES parent(id));
                INSERT INTO parent VALUES ('p1');
                INSERT INTO child (parent_id) VALUES ('p1');
                """)
        let orphaning = Migration(version: 2, name: "orphan the child", sql: "DELETE FROM parent")
        try Migrator([schema]).migrate(database)
        #expect(throws: StoreError.self) { try Migrator([schema, orphaning]).migrate(database) }
        #expect(try database.scalar("SELECT count(*) FROM parent", as: Int64.self) == 1)
        #expect(try Migrator([schema]).currentVersion(of: database) == 1)
        #expect(try database.scalar("PRAGMA foreign_keys", as: Int64.self) == 1)
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
        let migrator = Migrator(
            Array(Self.base.prefix(1)) + [
                Migration(
                    version: 2, name: "half broken",
                    sql: """
                        CREATE TABLE outbox (id INTEGER);
                        INSERT INTO no_such_table VALUES (1);
                        """)
            ])
        do {
            try migrator.migrate(database)
            Issue.record("the broken migration succeeded")
        } catch {
            #expect(error.kind == .migrationFailed(version: 2, name: "half broken"))
            #expect(error.sql == "INSERT INTO no_such_table VALUES (1);")
            #expect(error.summary.contains("failed at migration 2 (half broken)"))
            #expect(error.hint?.contains("left as it was at version 1, nothing in it is lost") == true)
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
            }
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
