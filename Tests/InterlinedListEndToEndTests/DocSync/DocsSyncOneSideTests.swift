import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// `il docs sync` carrying a change made on one side only: each case starts from the seeded
    /// documents synced into an empty directory, changes one side, syncs, and expects the same
    /// tree on both sides (and a second run with nothing to do).
    @Suite struct DocsSyncOneSideTests {
        /// The seeded tree with `changes` applied (nil removes a path).
        /// Syncs, expects `stdout` and exit 0, both sides equal to `expected`, then a no-op run.
        static func expectSync(
            _ sync: DocSyncBed, stdout: String, expected: [String: String],
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            let outcome = await sync.sync()
            #expect(outcome.exitCode == 0, "\(outcome)", sourceLocation: sourceLocation)
            #expect(outcome.stdout == stdout, sourceLocation: sourceLocation)
            #expect(try sync.localTree() == expected, sourceLocation: sourceLocation)
            #expect(try await sync.serverTree() == expected, sourceLocation: sourceLocation)
            let again = await sync.sync()
            #expect(again.exitCode == 0, "\(again)", sourceLocation: sourceLocation)
            #expect(again.stdout == "synced: nothing to do\n", sourceLocation: sourceLocation)
        }

        // MARK: The first run

        @Test func aFirstSyncIntoAMissingDirectoryDownloadsEveryDocumentOfTheAccount() async throws {
            try await DocSyncBed.with(firstSync: false) { sync throws in
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(
                    outcome.stdout == """
                        downloaded: Archive/Old Spec.md
                        downloaded: Readme.md
                        downloaded: Todo.md
                        downloaded: Work/Meeting Notes.md
                        downloaded: Work/Projects/Spec.md
                        synced: 5 downloaded

                        """)
                #expect(try sync.localTree() == DocSyncBed.seeded)
                #expect(try sync.localDirectories() == ["Archive", "Work", "Work/Projects"])
                // Bob's document stays his.
                #expect(try sync.localTree().values.contains("# Bob Notes\n") == false)
                #expect(try sync.statePairs().map(\.documentID).sorted() == ["d001", "d002", "d003", "d004", "d005"])
            }
        }

        @Test func aSyncOfAFolderMirrorsOnlyThatFolder() async throws {
            try await DocSyncBed.with(firstSync: false) { sync in
                let outcome = await sync.sync(["--folder", "df1"])
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(try sync.localTree() == ["Meeting Notes.md": "# Meeting Notes\n", "Projects/Spec.md": "# Spec\n"])
                try sync.write("Projects/Plan.md", "# Plan\n")
                #expect(await sync.sync(["--folder", "df1"]).stdout == "uploaded: Projects/Plan.md\nsynced: 1 uploaded\n")
                #expect(try await sync.serverTree() == DocSyncBed.seeded(changing: ["Work/Projects/Plan.md": "# Plan\n"]))
            }
        }

        // MARK: Local changes

        @Test func aNewLocalFileIsUploadedIntoItsDirectorysFolder() async throws {
            try await DocSyncBed.with { sync in
                try sync.write("Work/Site Visit.md", "# Site visit\n\nAll good.\n")
                try await Self.expectSync(
                    sync, stdout: "uploaded: Work/Site Visit.md\nsynced: 1 uploaded\n",
                    expected: DocSyncBed.seeded(changing: ["Work/Site Visit.md": "# Site visit\n\nAll good.\n"]))
                let created = try #require(try await sync.liveDocuments().first { $0.title == "Site Visit" })
                #expect(created.folderID == "df1")
            }
        }

        @Test func aNewLocalDirectoryBecomesAFolder() async throws {
            try await DocSyncBed.with { sync in
                try sync.write("Field/North/Visit.md", "# Visit\n")
                try await Self.expectSync(
                    sync,
                    stdout: """
                        created folder for Field/
                        created folder for Field/North/
                        uploaded: Field/North/Visit.md
                        synced: 1 uploaded

                        """, expected: DocSyncBed.seeded(changing: ["Field/North/Visit.md": "# Visit\n"]))
                #expect(try await sync.serverFolders() == ["Work", "Work/Projects", "Archive", "Field", "Field/North"])
            }
        }

        @Test func aLocalEditUpdatesTheDocument() async throws {
            try await DocSyncBed.with { sync in
                try sync.write("Todo.md", "# Todo\n\n- check the pump\n")
                try await Self.expectSync(
                    sync, stdout: "updated on the server: Todo.md\nsynced: 1 updated on the server\n",
                    expected: DocSyncBed.seeded(changing: ["Todo.md": "# Todo\n\n- check the pump\n"]))
            }
        }

        @Test func aLocalDeletionDeletesTheDocument() async throws {
            try await DocSyncBed.with { sync in
                try sync.remove("Work/Meeting Notes.md")
                try await Self.expectSync(
                    sync, stdout: "deleted on the server: Work/Meeting Notes.md\nsynced: 1 deleted on the server\n",
                    expected: DocSyncBed.seeded(changing: ["Work/Meeting Notes.md": nil]))
                #expect(try await sync.serverRows().documents.first { $0.id == "d003" }?.deleted == true)
                #expect(try sync.statePairs().contains { $0.documentID == "d003" } == false)
            }
        }

        @Test func aLocalRenameRetitlesTheDocumentAndKeepsItsServerPath() async throws {
            try await DocSyncBed.with { sync in
                try sync.move("Readme.md", to: "Read Me First.md")
                try await Self.expectSync(
                    sync,
                    stdout: """
                        renamed on the server: Read Me First.md (Readme.md → Read Me First.md)
                        synced: 1 renamed on the server

                        """, expected: DocSyncBed.seeded(changing: ["Readme.md": nil, "Read Me First.md": "# Readme\n"]))
                let document = try #require(try await sync.liveDocuments().first { $0.id == "d001" })
                #expect(document.title == "Read Me First")
                #expect(document.relativePath == "readme.md")
            }
        }

        @Test func aLocalMoveToAnotherDirectoryMovesTheDocumentToItsFolder() async throws {
            try await DocSyncBed.with { sync in
                try sync.move("Readme.md", to: "Archive/Readme.md")
                try await Self.expectSync(
                    sync,
                    stdout: """
                        renamed on the server: Archive/Readme.md (Readme.md → Archive/Readme.md)
                        synced: 1 renamed on the server

                        """, expected: DocSyncBed.seeded(changing: ["Readme.md": nil, "Archive/Readme.md": "# Readme\n"]))
                let document = try #require(try await sync.liveDocuments().first { $0.id == "d001" })
                #expect(document.folderID == "df3")
                #expect(document.title == "Readme")
            }
        }

        @Test func aLocalDirectoryRenameRenamesTheFolder() async throws {
            try await DocSyncBed.with { sync in
                try sync.move("Archive", to: "Attic")
                try await Self.expectSync(
                    sync, stdout: "renamed folder on the server → Attic/\nsynced: nothing to do\n",
                    expected: DocSyncBed.seeded(changing: ["Archive/Old Spec.md": nil, "Attic/Old Spec.md": "# Old Spec\n"]))
                let folders = try await sync.serverRows().folders
                #expect(folders.first { $0.id == "df3" }?.name == "Attic")
                #expect(folders.filter { !$0.deleted }.count == 3)
                #expect(
                    try await sync.writeRequests().filter { $0.hasPrefix("PUT /api/documents/folders/") } == [
                        "PUT /api/documents/folders/df3"
                    ])
            }
        }

        // MARK: Server changes

        @Test func aNewDocumentOnTheServerIsDownloaded() async throws {
            try await DocSyncBed.with { sync in
                try await sync.create("Site Log", "# Site log\n\n- 09:00 arrived\n", in: "df2")
                try await Self.expectSync(
                    sync, stdout: "downloaded: Work/Projects/Site Log.md\nsynced: 1 downloaded\n",
                    expected: DocSyncBed.seeded(changing: ["Work/Projects/Site Log.md": "# Site log\n\n- 09:00 arrived\n"]))
            }
        }

        @Test func aNewFolderOnTheServerBecomesADirectory() async throws {
            try await DocSyncBed.with { sync in
                let field = try await sync.createFolder("Field")
                try await sync.create("Plan", "# Plan\n", in: field)
                try await Self.expectSync(
                    sync, stdout: "downloaded: Field/Plan.md\nsynced: 1 downloaded\n",
                    expected: DocSyncBed.seeded(changing: ["Field/Plan.md": "# Plan\n"]))
                #expect(try sync.localDirectories().contains("Field"))
            }
        }

        @Test func aServerEditUpdatesTheFile() async throws {
            try await DocSyncBed.with { sync in
                try await sync.edit("d002", "# Todo\n\n- order gaskets\n")
                try await Self.expectSync(
                    sync, stdout: "updated here: Todo.md\nsynced: 1 updated here\n",
                    expected: DocSyncBed.seeded(changing: ["Todo.md": "# Todo\n\n- order gaskets\n"]))
            }
        }

        @Test func aServerDeletionDeletesTheFile() async throws {
            try await DocSyncBed.with { sync in
                try await sync.delete("d003")
                try await Self.expectSync(
                    sync, stdout: "deleted here: Work/Meeting Notes.md\nsynced: 1 deleted here\n",
                    expected: DocSyncBed.seeded(changing: ["Work/Meeting Notes.md": nil]))
                do {
                    #expect(try sync.statePairs().contains { $0.documentID == "d003" } == false)
                }
            }
        }

        @Test func aFileRecreatedAfterItsDocumentWasDeletedOnTheServerIsUploaded() async throws {
            try await DocSyncBed.with { sync in
                try await sync.delete("d003")
                #expect(await sync.sync().stdout == "deleted here: Work/Meeting Notes.md\nsynced: 1 deleted here\n")
                // The person puts the file back (from a backup, say): it is new here, and goes up.
                try sync.write("Work/Meeting Notes.md", "# Meeting Notes\n")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                do {
                    #expect(outcome.stdout.hasPrefix("uploaded: Work/Meeting Notes.md"), "\(outcome)")
                    #expect(try sync.localTree() == DocSyncBed.seeded)
                    #expect(try await sync.serverTree() == DocSyncBed.seeded)
                }
            }
        }

        @Test func aServerRenameRenamesTheFile() async throws {
            try await DocSyncBed.with { sync in
                try await sync.rename("d001", "Welcome")
                try await Self.expectSync(
                    sync, stdout: "renamed here: Welcome.md (Readme.md → Welcome.md)\nsynced: 1 renamed here\n",
                    expected: DocSyncBed.seeded(changing: ["Readme.md": nil, "Welcome.md": "# Readme\n"]))
            }
        }

        @Test func aServerMoveMovesTheFile() async throws {
            try await DocSyncBed.with { sync in
                try await sync.moveDocument("d004", to: "df3")
                try await Self.expectSync(
                    sync,
                    stdout: """
                        renamed here: Archive/Spec.md (Work/Projects/Spec.md → Archive/Spec.md)
                        synced: 1 renamed here

                        """, expected: DocSyncBed.seeded(changing: ["Work/Projects/Spec.md": nil, "Archive/Spec.md": "# Spec\n"]))
            }
        }

        @Test func aServerMoveToTheRootMovesTheFileUp() async throws {
            try await DocSyncBed.with { sync in
                try await sync.moveDocument("d003", to: nil)
                try await Self.expectSync(
                    sync,
                    stdout: """
                        renamed here: Meeting Notes.md (Work/Meeting Notes.md → Meeting Notes.md)
                        synced: 1 renamed here

                        """, expected: DocSyncBed.seeded(changing: ["Work/Meeting Notes.md": nil, "Meeting Notes.md": "# Meeting Notes\n"]))
            }
        }

        @Test func aServerFolderRenameRenamesTheDirectoryAndItsSubfoldersFollow() async throws {
            try await DocSyncBed.with { sync in
                try await sync.renameFolder("df1", "Office")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stdout == "renamed directory Work/ → Office/ (renamed on the server)\nsynced: nothing to do\n")
                let expected = DocSyncBed.seeded(changing: [
                    "Work/Meeting Notes.md": nil, "Work/Projects/Spec.md": nil,
                    "Office/Meeting Notes.md": "# Meeting Notes\n", "Office/Projects/Spec.md": "# Spec\n",
                ])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
                #expect(try sync.localDirectories() == ["Archive", "Office", "Office/Projects"])

                // Projects (df2) now lives in Office/Projects: the next run knows it.
                let again = await sync.sync()
                #expect(again.exitCode == 0, "\(again)")
                do {
                    #expect(again.stdout == "synced: nothing to do\n")
                    #expect(try await sync.serverFolders() == ["Office", "Office/Projects", "Archive"])
                }
                try sync.write("Office/Projects/Plan.md", "# Plan\n")
                #expect(await sync.sync().exitCode == 0)
                let plan = try await sync.liveDocuments().first { $0.title == "Plan" }
                do {
                    #expect(plan?.folderID == "df2")
                }
            }
        }

        @Test func aLocalRenameOfAParentDirectoryRenamesTheFolderAndItsSubfoldersFollow() async throws {
            try await DocSyncBed.with { sync in
                try sync.move("Work", to: "Office")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stdout == "renamed folder on the server → Office/\nsynced: nothing to do\n")
                let expected = DocSyncBed.seeded(changing: [
                    "Work/Meeting Notes.md": nil, "Work/Projects/Spec.md": nil,
                    "Office/Meeting Notes.md": "# Meeting Notes\n", "Office/Projects/Spec.md": "# Spec\n",
                ])
                #expect(try sync.localTree() == expected)
                #expect(try await sync.serverTree() == expected)
                let again = await sync.sync()
                #expect(again.exitCode == 0, "\(again)")
                do {
                    #expect(again.stdout == "synced: nothing to do\n")
                    #expect(try await sync.serverFolders() == ["Office", "Office/Projects", "Archive"])
                }
            }
        }
    }
}
