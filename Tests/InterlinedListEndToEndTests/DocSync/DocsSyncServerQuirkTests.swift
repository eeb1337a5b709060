import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// `il docs sync` against the server's quirks: the delta's `lastSyncAt` race, writes that
    /// answer success without happening, and a folder's unique key held by deleted documents.
    @Suite struct DocsSyncServerQuirkTests {
        // MARK: The delta race

        @Test func anEditInTheDeltasRaceWindowArrivesOnTheNextRun() async throws {
            try await DocSyncBed.with { sync in
                // Meeting Notes is in a folder: only the delta carries its content, not the listings.
                try await sync.quirks(["race": ["id": "d003", "content": "# Meeting Notes\n\n- raced in\n"]])
                let first = await sync.sync()
                #expect(first.exitCode == 0, "\(first)")
                #expect(first.stdout == "synced: nothing to do\n")
                #expect(try sync.localTree() == DocSyncBed.seeded)
                // The edit did land on the server, inside that run's delta request.
                let raced = DocSyncBed.seeded(changing: ["Work/Meeting Notes.md": "# Meeting Notes\n\n- raced in\n"])
                #expect(try await sync.serverTree() == raced)

                // Stamped before the cursor the server handed out: only the overlap finds it.
                let second = await sync.sync()
                #expect(second.exitCode == 0, "\(second)")
                #expect(second.stdout == "updated here: Work/Meeting Notes.md\nsynced: 1 updated here\n")
                #expect(try sync.localTree() == raced)
                #expect(try await sync.serverTree() == raced)
            }
        }

        // MARK: Writes that do not happen

        @Test func anEditTheServerDidNotKeepFailsTheRunAndTheNextRunMakesIt() async throws {
            try await DocSyncBed.with { sync in
                try sync.write("Todo.md", "# Todo\n\n- silently dropped once\n")
                try await sync.quirks(["silentWrites": 1])
                let first = await sync.sync()
                #expect(first.exitCode == 5, "\(first)")
                #expect(
                    first.stdout.hasPrefix(
                        "failed: Todo.md: the server answered success but did not keep the change (document d002 has contentHash "),
                    "\(first)")
                #expect(
                    first.stdout.hasSuffix("; nothing was recorded\nsynced: nothing to do; 1 failed (retried on the next run)\n"),
                    "\(first)")
                #expect(first.stderr.contains("1 change could not be synced in \(sync.directory)"), "\(first)")
                #expect(try await sync.serverTree() == DocSyncBed.seeded)

                let second = await sync.sync()
                #expect(second.exitCode == 0, "\(second)")
                #expect(second.stdout == "updated on the server: Todo.md\nsynced: 1 updated on the server\n")
                let expected = DocSyncBed.seeded(changing: ["Todo.md": "# Todo\n\n- silently dropped once\n"])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
            }
        }

        @Test func aCreateTheServerDidNotKeepIsCreatedOnceByTheNextRun() async throws {
            try await DocSyncBed.with { sync in
                try sync.write("Work/Field notes.md", "# Field notes\n")
                try await sync.quirks(["silentWrites": 1])
                let first = await sync.sync()
                #expect(first.exitCode == 5, "\(first)")
                #expect(
                    first.stdout.hasPrefix(
                        "failed: Work/Field notes.md: the server answered success but did not keep the change (document "), "\(first)")
                #expect(first.stdout.contains("does not exist after the write"), "\(first)")
                #expect(try await sync.serverTree() == DocSyncBed.seeded)

                let second = await sync.sync()
                #expect(second.exitCode == 0, "\(second)")
                #expect(second.stdout == "uploaded: Work/Field notes.md\nsynced: 1 uploaded\n")
                let expected = DocSyncBed.seeded(changing: ["Work/Field notes.md": "# Field notes\n"])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
                #expect(await sync.sync().stdout == "synced: nothing to do\n")
            }
        }

        @Test func aFailedEditIsReportedAndRetriedOnTheNextRun() async throws {
            try await DocSyncBed.with { sync in
                try sync.write("Readme.md", "# Readme\n\nsecond try\n")
                try await sync.quirks(["failWrites": 1])
                let first = await sync.sync()
                #expect(first.exitCode == 5, "\(first)")
                #expect(first.stdout.hasPrefix("failed: Readme.md: "), "\(first)")
                #expect(try await sync.serverTree() == DocSyncBed.seeded)
                let second = await sync.sync()
                #expect(second.exitCode == 0, "\(second)")
                let expected = DocSyncBed.seeded(changing: ["Readme.md": "# Readme\n\nsecond try\n"])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
            }
        }

        // MARK: Deleted documents hold their server path

        @Test func aFileRecreatedWhereADeletedDocumentWasGetsAnotherServerPathAndExistsOnce() async throws {
            try await DocSyncBed.with { sync in
                // Todo moves into Work, then is deleted there: its (df1, todo.md) key stays taken.
                try await sync.moveDocument("d002", to: "df1")
                #expect(await sync.sync().stdout == "renamed here: Work/Todo.md (Todo.md → Work/Todo.md)\nsynced: 1 renamed here\n")
                try sync.remove("Work/Todo.md")
                #expect(await sync.sync().stdout == "deleted on the server: Work/Todo.md\nsynced: 1 deleted on the server\n")

                try sync.write("Work/todo.md", "# todo, again\n")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(
                    outcome.stdout.wholeMatch(
                        of:
                            /uploaded: Work\/todo\.md \(the server keeps a deleted document's name in this folder, so it was created under the server path todo-[0-9a-f]+\.md\)\nsynced: 1 uploaded\n/
                    ) != nil,
                    "\(outcome)")
                let expected = DocSyncBed.seeded(changing: ["Todo.md": nil, "Work/todo.md": "# todo, again\n"])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
                let inWork = try await sync.serverRows().documents.filter { $0.folderID == "df1" && $0.title.lowercased() == "todo" }
                #expect(inWork.filter { !$0.deleted }.count == 1)
                #expect(inWork.first { $0.id == "d002" }?.deleted == true)
                #expect(await sync.sync().stdout == "synced: nothing to do\n")
            }
        }

        @Test func anEditRestoredIntoAFolderAfterAServerDeletionExistsOnce() async throws {
            try await DocSyncBed.with { sync in
                try sync.write("Work/Meeting Notes.md", "# Meeting Notes\n\n- keep this\n")
                try await sync.delete("d003")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(
                    outcome.stdout.hasPrefix(
                        "restored: Work/Meeting Notes.md (deleted on the server but changed here; created again from Work/Meeting Notes.md (it replaces d003); the server keeps a deleted document's name in this folder"
                    ), "\(outcome)")
                let expected = DocSyncBed.seeded(changing: ["Work/Meeting Notes.md": "# Meeting Notes\n\n- keep this\n"])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
                #expect(try await sync.liveDocuments().filter { $0.title == "Meeting Notes" }.count == 1)
                #expect(await sync.sync().stdout == "synced: nothing to do\n")
            }
        }
    }
}
