import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// A future migration that rebuilds `inspections` the way SQLite documents (new table, copy,
/// drop, rename) must keep every issue and photo that points at it: with foreign keys on, the
/// drop would cascade and delete a person's unsynced work.
@Suite struct MigrationSafetyTests {
    @Test func rebuildingInspectionsKeepsItsIssuesAndPhotos() async throws {
        try await withWorld { world in
            let outbox = try await world.readyOutbox()
            for _ in 0..<3 {
                let inspection = try outbox.completedInspection(photo: true)
                try outbox.issue(on: inspection, photo: true)
            }
            let path = world.profileDataDirectory + "/" + JQCStore.fileName
            func count(_ table: String) throws -> Int64? {
                let database = try Database(path: path)
                return try database.scalar("SELECT count(*) FROM \(table)", as: Int64.self)
            }
            let before = (try count("inspections"), try count("issues"), try count("photos"))
            #expect((before.1 ?? 0) >= 3 && (before.2 ?? 0) >= 6)

            let rebuild = Migration(version: JQCSchema.migrator.latestVersion + 1, name: "rebuild inspections") { database in
                guard
                    let definition = try database.scalar(
                        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'inspections'", as: String.self)
                else { return }
                let indexes = try database.query(
                    "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'inspections' AND sql IS NOT NULL"
                )
                .map { try $0.decode(0, as: String.self) }
                try database.execute(definition.replacingOccurrences(of: "CREATE TABLE inspections", with: "CREATE TABLE inspections_new"))
                try database.execute("INSERT INTO inspections_new SELECT * FROM inspections")
                try database.execute("DROP TABLE inspections")
                try database.execute("ALTER TABLE inspections_new RENAME TO inspections")
                for index in indexes { try database.execute(index) }
            }
            let database = try Database(path: path)
            try Migrator(JQCSchema.migrator.migrations + [rebuild]).migrate(database)
            let after = (try count("inspections"), try count("issues"), try count("photos"))
            #expect(after == before)
            #expect(try database.queryOne("PRAGMA foreign_key_check") == nil)
        }
    }
}
