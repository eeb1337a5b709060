import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// Documents through the path-scoped routes: create in a folder, move with camelCase `folderId`.
    @Suite struct DocumentsEndToEndTests {
        func document(_ bed: ILTestBed, titled title: String) async throws -> JSONValue? {
            try await bed.state()["documents"]?.arrayValue?.first { $0["title"]?.stringValue == title }
        }

        @Test func createInAFolderUsesTheFolderRoute() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "doc", "create", "--title", "Site 4", "--folder", "df1", "--content", "# Site 4\n"])
                #expect(outcome.exitCode == 0, "\(outcome)")
                let requests = try await bed.requestLines()
                #expect(requests.contains("POST /api/documents/folders/df1/documents"))
                #expect(!requests.contains("POST /api/documents"))
                #expect(try await self.document(bed, titled: "Site 4")?["folderId"]?.stringValue == "df1")
                let ignored = try await bed.state()["ignored_folder_ids"]?.arrayValue
                #expect(ignored?.isEmpty == true)
            }
        }

        @Test func createAtTheRootFromAFile() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let file = bed.home.directory.path("notes.md")
                try "# Crew notes\n\nAll good.\n".write(toFile: file, atomically: true, encoding: .utf8)
                let outcome = await bed.run(["il", "doc", "create", "--title", "Crew notes", "--file", file])
                #expect(outcome.exitCode == 0, "\(outcome)")
                let id = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                let shown = await bed.run(["il", "doc", "show", id])
                #expect(shown.stdout == "# Crew notes\n\nAll good.\n")
                let stored = try await self.document(bed, titled: "Crew notes")
                #expect(stored?["folderId"]?.isNull == true)
            }
        }

        @Test func moveToRootSendsNullAndIntoAFolderSendsItsId() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let toRoot = await bed.run(["il", "doc", "move", "d003", "--folder", "root"])
                #expect(toRoot.exitCode == 0, "\(toRoot)")
                let patches = try await bed.emulator.requests().filter { $0.method == "PATCH" && $0.path == "/api/documents/d003" }
                #expect(patches.map(\.body) == [#"{"folderId":null}"#])
                #expect(try await self.document(bed, titled: "Meeting Notes")?["folderId"]?.isNull == true)

                let intoFolder = await bed.run(["il", "doc", "move", "d003", "--folder", "df2", "-o", "table"])
                #expect(intoFolder.stdout == "moved d003 to folder df2\n")
                #expect(try await self.document(bed, titled: "Meeting Notes")?["folderId"]?.stringValue == "df2")
            }
        }

        @Test func docsListsAFoldersSubfoldersThenItsDocuments() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let root = await bed.run(["il", "docs", "-o", "table"])
                let rootLines = root.stdout.split(separator: "\n").map {
                    $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).joined(separator: " ")
                }
                #expect(Array(rootLines.dropFirst().prefix(3)) == ["df3 Archive/", "df1 Work/", "d001 Readme"], "\(root)")
                let work = await bed.run(["il", "docs", "--folder", "df1", "-o", "table"])
                #expect(
                    work.stdout.contains("df2") && work.stdout.contains("Projects/") && work.stdout.contains("Meeting Notes"), "\(work)")
                // Piped, the records of --json: the documents.
                let piped = await bed.run(["il", "docs"])
                #expect(piped.stdout.hasPrefix("d001\tReadme\treadme.md\tno\t"), "\(piped)")
                let requests = try await bed.requestLines()
                #expect(requests.contains("GET /api/documents/folders/df1/documents"))
            }
        }

        @Test func aMoveIsSeenByTheNextListingDespiteTheCache() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "docs"]).stdout.contains("d001"))
                #expect(await bed.run(["il", "doc", "move", "d001", "--folder", "df3"]).exitCode == 0)
                #expect(!(await bed.run(["il", "docs"]).stdout.contains("d001")))
                #expect(await bed.run(["il", "docs", "--folder", "df3"]).stdout.contains("d001\tReadme"))
            }
        }

        @Test func createNeedsExactlyOneContentSource() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let both = await bed.run(["il", "doc", "create", "--title", "x", "--content", "a", "--file", "/dev/null"])
                #expect(both.exitCode == 2)
                let neither = await bed.run(["il", "doc", "create", "--title", "x"])
                #expect(neither.exitCode == 2)
                let requests = try await bed.requestLines()
                #expect(!requests.contains { $0.hasPrefix("POST /api/documents") })
            }
        }
    }
}
