import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// What keeps `il docs sync` from doing damage: the refusals (an empty side, too many
    /// deletions, a first run into a full directory off a terminal) change nothing, `--yes`
    /// overrides them, and `--dry-run` only prints.
    @Suite struct DocsSyncSafetyTests {
        /// Expects a refusal: exit 2, `message` and "nothing was changed" on stderr, no write sent.
        static func expectRefusal(
            _ outcome: CommandOutcome, _ message: String, writesBefore: [String], _ sync: DocSyncBed,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            #expect(outcome.exitCode == 2, "\(outcome)", sourceLocation: sourceLocation)
            #expect(outcome.stderr.contains(message), "\(outcome)", sourceLocation: sourceLocation)
            #expect(outcome.stderr.contains("nothing was changed"), "\(outcome)", sourceLocation: sourceLocation)
            #expect(outcome.stdout == "", sourceLocation: sourceLocation)
            #expect(try await sync.writeRequests() == writesBefore, sourceLocation: sourceLocation)
        }

        // MARK: An empty side

        @Test func aDirectoryEmptiedOfMarkdownIsRefusedUntilYes() async throws {
            try await DocSyncBed.with { sync in
                for path in DocSyncBed.seeded.keys { try sync.remove(path) }
                try sync.write("Work/notes.txt", "not markdown\n")
                let writes = try await sync.writeRequests()
                let refused = await sync.sync()
                try await Self.expectRefusal(
                    refused, "\(sync.directory) holds no markdown files, but 5 were synced from it before",
                    writesBefore: writes, sync)
                #expect(try await sync.serverTree() == DocSyncBed.seeded)
                #expect(try sync.statePairs().count == 5)

                let forced = await sync.sync(["--yes"])
                #expect(forced.exitCode == 0, "\(forced)")
                #expect(
                    forced.stdout.hasSuffix("synced: 5 deleted on the server; ignored 1 file that is not markdown or is hidden\n"),
                    "\(forced)")
                #expect(try await sync.serverTree() == [:])
                #expect(try sync.localTree() == ["Work/notes.txt": "not markdown\n"])
            }
        }

        @Test func aServerEmptiedOfDocumentsIsRefused() async throws {
            try await DocSyncBed.with { sync in
                for id in ["d001", "d002", "d003", "d004", "d005"] { try await sync.delete(id) }
                let writes = try await sync.writeRequests()
                let refused = await sync.sync()
                try await Self.expectRefusal(refused, "the server holds no documents, but 5 were synced before", writesBefore: writes, sync)
                #expect(try sync.localTree() == DocSyncBed.seeded)
                #expect(try sync.statePairs().count == 5)
            }
        }

        // MARK: --max-delete

        @Test func deletingMoreThanMaxDeleteOfTheServersDocumentsIsRefusedUntilYes() async throws {
            try await DocSyncBed.with { sync in
                for path in ["Readme.md", "Todo.md", "Work/Meeting Notes.md"] { try sync.remove(path) }
                let writes = try await sync.writeRequests()
                let refused = await sync.sync()
                try await Self.expectRefusal(
                    refused, "the sync would delete 3 of 5 documents on the server, more than --max-delete 50%",
                    writesBefore: writes, sync)
                #expect(try await sync.serverTree() == DocSyncBed.seeded)

                let forced = await sync.sync(["--yes"])
                #expect(forced.exitCode == 0, "\(forced)")
                #expect(forced.stdout.hasSuffix("synced: 3 deleted on the server\n"), "\(forced)")
                let expected = DocSyncBed.seeded(changing: ["Readme.md": nil, "Todo.md": nil, "Work/Meeting Notes.md": nil])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
            }
        }

        @Test func deletingMoreThanMaxDeleteOfTheLocalFilesIsRefusedAndAHigherLimitLetsItThrough() async throws {
            try await DocSyncBed.with { sync in
                for id in ["d001", "d002"] { try await sync.delete(id) }
                let writes = try await sync.writeRequests()
                let refused = await sync.sync(["--max-delete", "30"])
                try await Self.expectRefusal(
                    refused, "the sync would delete 2 of 5 local files, more than --max-delete 30%",
                    writesBefore: writes, sync)
                #expect(try sync.localTree() == DocSyncBed.seeded)

                let allowed = await sync.sync(["--max-delete", "40%"])
                #expect(allowed.exitCode == 0, "\(allowed)")
                #expect(allowed.stdout == "deleted here: Readme.md\ndeleted here: Todo.md\nsynced: 2 deleted here\n")
                let expected = DocSyncBed.seeded(changing: ["Readme.md": nil, "Todo.md": nil])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
            }
        }

        @Test func aMaxDeleteThatIsNotAPercentageIsAUsageError() async throws {
            try await DocSyncBed.with(firstSync: false) { sync throws in
                let before = try await sync.bed.requestLines()
                let outcome = await sync.sync(["--max-delete", "150"])
                #expect(outcome.exitCode == 2, "\(outcome)")
                #expect(outcome.stderr.contains("--max-delete must be a percentage from 0 to 100"), "\(outcome)")
                #expect(try await sync.bed.requestLines() == before)
                #expect(!FileManager.default.fileExists(atPath: sync.directory))
            }
        }

        @Test func watchOptionsThatCannotWorkAreUsageErrors() async throws {
            try await DocSyncBed.with(firstSync: false) { sync throws in
                let before = try await sync.bed.requestLines()
                let fast = await sync.sync(["--watch", "--interval", "10s"])
                #expect(fast.exitCode == 2, "\(fast)")
                #expect(fast.stderr.contains("--interval must be at least 30s"), "\(fast)")
                let both = await sync.sync(["--watch", "--dry-run"])
                #expect(both.exitCode == 2, "\(both)")
                #expect(both.stderr.contains("--dry-run and --watch cannot be used together"), "\(both)")
                let style = await sync.sync(["--conflict", "theirs"])
                #expect(style.exitCode == 2, "\(style)")
                #expect(try await sync.bed.requestLines() == before)
            }
        }

        // MARK: The first run into a directory that holds files

        @Test func aFirstRunIntoAFullDirectoryShowsThePlanAndRefusesOffATerminal() async throws {
            try await DocSyncBed.with(firstSync: false) { sync in
                try sync.write("Field notes.md", "# Field notes\n")
                try sync.write("Readme.md", "# Readme\n")
                let refused = await sync.sync()
                #expect(refused.exitCode == 2, "\(refused)")
                #expect(
                    refused.stderr.contains("refusing to sync \(sync.directory) with the server as planned above without confirmation"),
                    "\(refused)")
                // The plan, on stderr: the same-named file with the same text is paired, not downloaded.
                #expect(refused.stderr.contains("Field notes.md\n") && refused.stderr.contains("Todo.md\n"), "\(refused)")
                do {
                    #expect(refused.stderr.contains("  upload: Field notes.md\n"), "\(refused)")
                    #expect(refused.stderr.contains("  download: Todo.md\n"), "\(refused)")
                }
                #expect(!refused.stderr.contains("download: Readme.md"), "\(refused)")
                #expect(try sync.localTree() == ["Field notes.md": "# Field notes\n", "Readme.md": "# Readme\n"])
                #expect(try await sync.serverTree() == DocSyncBed.seeded)
                #expect(try await sync.writeRequests() == [])

                let confirmed = await sync.sync(["--yes"])
                #expect(confirmed.exitCode == 0, "\(confirmed)")
                #expect(
                    confirmed.stdout == """
                        downloaded: Archive/Old Spec.md
                        uploaded: Field notes.md
                        downloaded: Todo.md
                        downloaded: Work/Meeting Notes.md
                        downloaded: Work/Projects/Spec.md
                        synced: 1 uploaded, 4 downloaded

                        """)
                let expected = DocSyncBed.seeded(changing: ["Field notes.md": "# Field notes\n"])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
                #expect(try await sync.liveDocuments().filter { $0.title == "Readme" }.map(\.id) == ["d001"])
            }
        }

        // MARK: --dry-run

        @Test func aDryRunPrintsThePlanAndChangesNeitherSide() async throws {
            try await DocSyncBed.with { sync in
                try sync.write("Todo.md", "# Todo\n\n- local edit\n")
                try sync.write("Field/Visit.md", "# Visit\n")
                try sync.remove("Work/Meeting Notes.md")
                try await sync.edit("d001", "# Readme\n\nserver edit\n")
                try await sync.create("Site Log", "# Site log\n", in: "df3")
                try await sync.rename("d004", "Specification")
                let localBefore = try sync.localTree()
                let serverBefore = try await sync.serverTree()
                let writes = try await sync.writeRequests()

                let dry = await sync.sync(["--dry-run"])
                #expect(dry.exitCode == 0, "\(dry)")
                #expect(
                    dry.stdout == """
                        create folder for Field/
                        update here: Readme.md
                        update on the server: Todo.md
                        delete on the server: Work/Meeting Notes.md
                        rename here: Work/Projects/Specification.md (Work/Projects/Spec.md → Work/Projects/Specification.md)
                        download: Archive/Site Log.md
                        upload: Field/Visit.md
                        would sync: 1 uploaded, 1 downloaded, 1 updated on the server, 1 updated here, 1 renamed here, 1 deleted on the server

                        """)
                #expect(try sync.localTree() == localBefore)
                #expect(try sync.localDirectories().contains("Field"))
                #expect(try await sync.serverTree() == serverBefore)
                #expect(try await sync.writeRequests() == writes)

                // A second dry run sees the same: the first recorded nothing (not even the cursor).
                #expect(await sync.sync(["--dry-run"]).stdout == dry.stdout)

                let real = await sync.sync()
                #expect(real.exitCode == 0, "\(real)")
                #expect(
                    real.stdout.hasSuffix(
                        "synced: 1 uploaded, 1 downloaded, 1 updated on the server, 1 updated here, 1 renamed here, 1 deleted on the server\n"
                    ), "\(real)")
                let expected = DocSyncBed.seeded(changing: [
                    "Todo.md": "# Todo\n\n- local edit\n", "Field/Visit.md": "# Visit\n", "Work/Meeting Notes.md": nil,
                    "Readme.md": "# Readme\n\nserver edit\n", "Archive/Site Log.md": "# Site log\n",
                    "Work/Projects/Spec.md": nil, "Work/Projects/Specification.md": "# Spec\n",
                ])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
            }
        }

        @Test func aDryRunBeforeTheFirstSyncCreatesNothing() async throws {
            try await DocSyncBed.with(firstSync: false) { sync throws in
                let dry = await sync.sync(["--dry-run"])
                #expect(dry.exitCode == 0, "\(dry)")
                #expect(dry.stderr.contains("does not exist yet; the first sync will create it"), "\(dry)")
                #expect(dry.stdout.hasSuffix("would sync: 5 downloaded\n"), "\(dry)")
                #expect(dry.stdout.contains("download: Work/Projects/Spec.md\n"), "\(dry)")
                // "Changes nothing": not even the directory the message says the first sync will create.
                #expect(!FileManager.default.fileExists(atPath: sync.directory))
                let folder = sync.bed.profileDataDirectory + "/docsync"
                let states = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".sqlite") } ?? []
                #expect(states == [])
                #expect(try await sync.writeRequests() == [])
            }
        }

        // MARK: JSON

        @Test func theJSONReportListsEveryKindOfChange() async throws {
            try await DocSyncBed.with { sync in
                try sync.write("Field/Visit.md", "# Visit\n")
                try sync.write("Todo.md", "# Todo\n\n- local edit\n")
                try sync.write("photo.jpg", "not really a photo")
                try await sync.edit("d001", "# Readme\n\nserver edit\n")
                try await sync.delete("d005")
                let (outcome, report) = try await sync.syncJSON()
                #expect(outcome.exitCode == 0, "\(outcome)")
                let expected: JSONValue = .object([
                    "dryRun": .bool(false),
                    "uploaded": .array(["Field/Visit.md"]), "downloaded": .array([]),
                    "updatedRemote": .array(["Todo.md"]), "updatedLocal": .array(["Readme.md"]),
                    "merged": .array([]), "conflicts": .array([]),
                    "renamedLocal": .array([]), "renamedRemote": .array([]), "restored": .array([]),
                    "deletedLocal": .array(["Archive/Old Spec.md"]), "deletedRemote": .array([]),
                    "folders": .array(["created folder for Field/"]),
                    "skipped": .array([]), "failed": .array([]),
                    "ignored": .number(JSONNumber(Int64(1))),
                ])
                #expect(report == expected, "\(outcome.stdout)")
            }
        }
    }
}
