import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// `il docs sync` when both sides changed the same document since the last run: merges,
    /// conflicts (markers or a second file), an edit against a deletion, and renames against edits.
    @Suite struct DocsSyncBothSidesTests {
        /// Todo's base for the merge cases: five lines, so edits can be apart or on the same line.
        static let base = "# Todo\none\ntwo\nthree\nfour\n"

        // MARK: Edit and edit

        @Test func editsOfDifferentLinesAreMergedOnBothSides() async throws {
            try await DocSyncBed.with { sync in
                try await Self.prepare(sync)
                try sync.write("Todo.md", "# Todo\nONE (local)\ntwo\nthree\nfour\n")
                try await sync.edit("d002", "# Todo\none\ntwo\nthree\nFOUR (server)\n")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stdout == "merged: Todo.md\nsynced: 1 merged\n")
                let merged = DocSyncBed.seeded(changing: ["Todo.md": "# Todo\nONE (local)\ntwo\nthree\nFOUR (server)\n"])
                #expect(try sync.localTree() == merged)
                #expect(try await sync.serverTree() == merged)
                #expect(await sync.sync().stdout == "synced: nothing to do\n")
            }
        }

        @Test func editsOfTheSameLineLeaveMarkersUntilAPersonResolvesThem() async throws {
            try await DocSyncBed.with { sync in
                try await Self.prepare(sync)
                try sync.write("Todo.md", "# Todo\none\ntwo (local)\nthree\nfour\n")
                try await sync.edit("d002", "# Todo\none\ntwo (server)\nthree\nfour\n")
                let first = await sync.sync()
                #expect(first.exitCode == 5, "\(first)")
                #expect(
                    first.stdout == """
                        conflict: Todo.md (1 conflicting region marked <<<<<<< / >>>>>>> in Todo.md; resolve them, then sync again)
                        synced: nothing to do; 1 conflict to resolve: Todo.md

                        """)
                #expect(first.stderr.contains("1 conflict needs a person in \(sync.directory)"), "\(first)")
                let marked = "# Todo\none\n<<<<<<< local\ntwo (local)\n=======\ntwo (server)\n>>>>>>> server\nthree\nfour\n"
                #expect(try sync.localTree() == DocSyncBed.seeded(changing: ["Todo.md": marked]))
                #expect(try await sync.serverTree() == DocSyncBed.seeded(changing: ["Todo.md": "# Todo\none\ntwo (server)\nthree\nfour\n"]))

                // While the markers stay, every run says so and uploads nothing.
                let writesBefore = try await sync.writeRequests()
                let again = await sync.sync()
                #expect(again.exitCode == 5, "\(again)")
                #expect(
                    again.stdout == """
                        conflict: Todo.md (still holds conflict markers; resolve them, then sync again)
                        synced: nothing to do; 1 conflict to resolve: Todo.md

                        """)
                #expect(try await sync.writeRequests() == writesBefore)
                #expect(try await sync.serverTree() == DocSyncBed.seeded(changing: ["Todo.md": "# Todo\none\ntwo (server)\nthree\nfour\n"]))
                #expect(try sync.read("Todo.md") == marked)

                // Resolved: the next run uploads the person's text.
                try sync.write("Todo.md", "# Todo\none\ntwo (both)\nthree\nfour\n")
                let resolved = await sync.sync()
                #expect(resolved.exitCode == 0, "\(resolved)")
                #expect(resolved.stdout == "updated on the server: Todo.md\nsynced: 1 updated on the server\n")
                let final = DocSyncBed.seeded(changing: ["Todo.md": "# Todo\none\ntwo (both)\nthree\nfour\n"])
                #expect(try sync.localTree() == final)
                #expect(try await sync.serverTree() == final)
                #expect(await sync.sync().stdout == "synced: nothing to do\n")
            }
        }

        @Test func keepBothPutsTheServersCopyInPlaceAndTheLocalEditBesideIt() async throws {
            try await DocSyncBed.with { sync in
                try await Self.prepare(sync)
                try sync.write("Todo.md", "# Todo\none\ntwo (local)\nthree\nfour\n")
                try await sync.edit("d002", "# Todo\none\ntwo (server)\nthree\nfour\n")
                let (outcome, report) = try await sync.syncJSON(["--conflict", "keep-both"])
                #expect(outcome.exitCode == 5, "\(outcome)")
                let conflict = try #require(report["conflicts"]?[0])
                #expect(report["conflicts"]?.arrayValue?.count == 1)
                #expect(conflict["path"] == "Todo.md")
                let copy = try #require(conflict["copy"]?.stringValue)
                #expect(copy.wholeMatch(of: /Todo\.conflict-[0-9]{8}-[0-9]{6}\.md/) != nil, "\(copy)")
                #expect(conflict["note"]?.stringValue == "the server's copy is in Todo.md; your edit is in \(copy)")
                let server = "# Todo\none\ntwo (server)\nthree\nfour\n"
                let local = "# Todo\none\ntwo (local)\nthree\nfour\n"
                #expect(try sync.localTree() == DocSyncBed.seeded(changing: ["Todo.md": server, copy: local]))
                #expect(try await sync.serverTree() == DocSyncBed.seeded(changing: ["Todo.md": server]))

                // The copy is a new file like any other: the next run uploads it.
                let next = await sync.sync()
                #expect(next.exitCode == 0, "\(next)")
                #expect(next.stdout == "uploaded: \(copy)\nsynced: 1 uploaded\n")
                let both = DocSyncBed.seeded(changing: ["Todo.md": server, copy: local])
                #expect(try sync.localTree() == both)
                #expect(try await sync.serverTree() == both)
            }
        }

        // MARK: Edit and delete

        @Test func aLocalEditWinsOverAServerDeletionAndIsCreatedAgain() async throws {
            try await DocSyncBed.with { sync in
                try sync.write("Todo.md", "# Todo\n\n- still needed\n")
                try await sync.delete("d002")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(
                    outcome.stdout == """
                        restored: Todo.md (deleted on the server but changed here; created again from Todo.md (it replaces d002))
                        synced: 1 restored

                        """)
                let expected = DocSyncBed.seeded(changing: ["Todo.md": "# Todo\n\n- still needed\n"])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
                let todos = try await sync.serverRows().documents.filter { $0.title == "Todo" }
                #expect(todos.filter { !$0.deleted }.count == 1)
                #expect(todos.first { $0.id == "d002" }?.deleted == true)
                #expect(try sync.statePairs().contains { $0.documentID == "d002" } == false)
                #expect(await sync.sync().stdout == "synced: nothing to do\n")
            }
        }

        @Test func aServerEditWinsOverALocalDeletionAndTheFileComesBack() async throws {
            try await DocSyncBed.with { sync in
                try sync.remove("Todo.md")
                try await sync.edit("d002", "# Todo\n\n- edited elsewhere\n")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(
                    outcome.stdout == """
                        restored: Todo.md (deleted here but changed on the server; the server's copy was restored)
                        synced: 1 restored

                        """)
                let expected = DocSyncBed.seeded(changing: ["Todo.md": "# Todo\n\n- edited elsewhere\n"])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
                #expect(await sync.sync().stdout == "synced: nothing to do\n")
            }
        }

        @Test func aDeletionOnBothSidesLeavesNothingBehind() async throws {
            try await DocSyncBed.with { sync in
                try sync.remove("Todo.md")
                try await sync.delete("d002")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stdout == "synced: nothing to do\n")
                let expected = DocSyncBed.seeded(changing: ["Todo.md": nil])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
                do {
                    #expect(try sync.statePairs().map(\.documentID).sorted() == ["d001", "d003", "d004", "d005"])
                }
                let writesBefore = try await sync.writeRequests()
                let again = await sync.sync()
                #expect(again.exitCode == 0, "\(again)")
                #expect(again.stdout == "synced: nothing to do\n")
                #expect(try await sync.writeRequests() == writesBefore)
            }
        }

        // MARK: Renames and moves against edits

        @Test func aLocalRenameAndAServerEditBothLand() async throws {
            try await DocSyncBed.with { sync in
                try sync.move("Todo.md", to: "Tasks.md")
                try await sync.edit("d002", "# Todo\n\n- from the office\n")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stdout == "updated here: Tasks.md (Todo.md → Tasks.md)\nsynced: 1 updated here\n")
                let expected = DocSyncBed.seeded(changing: ["Todo.md": nil, "Tasks.md": "# Todo\n\n- from the office\n"])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
                #expect(try await sync.liveDocuments().first { $0.id == "d002" }?.title == "Tasks")
                #expect(await sync.sync().stdout == "synced: nothing to do\n")
            }
        }

        @Test func aServerRenameAndALocalEditBothLand() async throws {
            try await DocSyncBed.with { sync in
                try await sync.rename("d002", "Tasks")
                try sync.write("Todo.md", "# Todo\n\n- from the field\n")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stdout == "updated on the server: Tasks.md (Todo.md → Tasks.md)\nsynced: 1 updated on the server\n")
                let expected = DocSyncBed.seeded(changing: ["Todo.md": nil, "Tasks.md": "# Todo\n\n- from the field\n"])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
                #expect(await sync.sync().stdout == "synced: nothing to do\n")
            }
        }

        @Test func aLocalMoveAndAServerRenameBothLand() async throws {
            try await DocSyncBed.with { sync in
                try sync.move("Todo.md", to: "Work/Todo.md")
                try await sync.rename("d002", "Tasks")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                let document = try #require(try await sync.liveDocuments().first { $0.id == "d002" })
                #expect(document.folderID == "df1")
                #expect(document.title == "Tasks")
                // The move lands on the server and the new title here: the file follows the title.
                let expected = DocSyncBed.seeded(changing: ["Todo.md": nil, "Work/Tasks.md": "# Todo\n"])
                #expect(try await sync.serverTree() == expected)
                do {
                    #expect(try sync.localTree() == expected, "\(outcome)")
                }
                #expect(await sync.sync().stdout == "synced: nothing to do\n")
            }
        }

        @Test func theSameRenameOnBothSidesIsRecordedSoALaterEditUpdatesTheDocument() async throws {
            try await DocSyncBed.with { sync in
                try sync.move("Readme.md", to: "Welcome.md")
                try await sync.rename("d001", "Welcome")
                let first = await sync.sync()
                #expect(first.exitCode == 0, "\(first)")
                let renamed = DocSyncBed.seeded(changing: ["Readme.md": nil, "Welcome.md": "# Readme\n"])
                #expect(try sync.localTree() == renamed)
                #expect(try await sync.serverTree() == renamed)

                try sync.write("Welcome.md", "# Welcome\n\nedited after the rename\n")
                let second = await sync.sync()
                #expect(second.exitCode == 0, "\(second)")
                let edited = DocSyncBed.seeded(changing: ["Readme.md": nil, "Welcome.md": "# Welcome\n\nedited after the rename\n"])
                do {
                    #expect(second.stdout == "updated on the server: Welcome.md\nsynced: 1 updated on the server\n")
                    #expect(try sync.localTree() == edited)
                    #expect(try await sync.serverTree() == edited)
                }
                // Whatever the names, no document may be on the server twice.
                do {
                    #expect(try await sync.liveDocuments().filter { $0.title == "Welcome" }.count == 1)
                }
            }
        }

        /// Todo (d002) at `base` on both sides, synced.
        static func prepare(_ sync: DocSyncBed) async throws {
            try await sync.edit("d002", base)
            let outcome = await sync.sync()
            try #require(outcome.stdout == "updated here: Todo.md\nsynced: 1 updated here\n", "\(outcome)")
        }
    }
}
