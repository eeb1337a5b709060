import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// How `il docs sync` names files: titles a file system cannot hold, titles that collide
    /// case-insensitively, names that are not UTF-8, and the files it leaves alone.
    @Suite struct DocsSyncNamingTests {
        @Test func aFileNameThatIsNotUTF8IsSkippedAndTheOthersSync() async throws {
            try await DocSyncBed.with { sync in
                try sync.writeRaw(name: Array("bad".utf8) + [0xFF] + Array(".md".utf8), "# Bad name\n")
                try sync.writeRaw(name: Array("Latin-1.md".utf8), "caf\u{E9}")
                try Data([0x23, 0x20, 0xC3, 0x28, 0x0A]).write(to: URL(fileURLWithPath: sync.path("Broken.md")))
                try sync.write("Good.md", "# Good\n")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(
                    outcome.stdout == """
                        uploaded: Good.md
                        uploaded: Latin-1.md
                        skipped: bad\\xff.md: the name is not UTF-8, which a document title cannot hold; rename the file to sync it
                        skipped: Broken.md: the file is not UTF-8 text; it was left alone
                        synced: 2 uploaded

                        """)
                #expect(try await sync.serverTree() == DocSyncBed.seeded(changing: ["Good.md": "# Good\n", "Latin-1.md": "caf\u{E9}"]))
                let local = try sync.localTree()
                #expect(local["bad\\xff.md"] == "# Bad name\n")
                #expect(local["Good.md"] == "# Good\n")
                // Still skipped, and nothing else to do.
                let again = await sync.sync()
                #expect(again.exitCode == 0, "\(again)")
                #expect(again.stdout.hasSuffix("synced: nothing to do\n"), "\(again)")
                #expect(again.stdout.contains("skipped: bad\\xff.md: the name is not UTF-8"), "\(again)")
            }
        }

        @Test func titlesThatDifferOnlyInCaseGetDistinctFilesByDocumentID() async throws {
            try await DocSyncBed.with(firstSync: false) { sync in
                let lower = try await sync.create("notes", "# lower\n")
                let upper = try await sync.create("Notes", "# upper\n")
                #expect(lower < upper)
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stdout.contains("downloaded: notes.md\n"), "\(outcome)")
                #expect(outcome.stdout.contains("downloaded: Notes (2).md (“Notes” is named Notes (2).md here)\n"), "\(outcome)")
                let expected = DocSyncBed.seeded.merging(["notes.md": "# lower\n", "Notes (2).md": "# upper\n"]) { _, new in new }
                #expect(try sync.localTree() == expected)

                // The same names in another directory: the choice depends on the ids alone.
                let other = DocSyncBed(bed: sync.bed, directory: sync.bed.home.directory.path("other"))
                #expect(await other.sync().exitCode == 0)
                #expect(try other.localTree() == expected)

                // The copy's file stays bound to its document: an edit there goes to "Notes".
                try sync.write("Notes (2).md", "# upper, edited\n")
                #expect(await sync.sync().stdout == "updated on the server: Notes (2).md\nsynced: 1 updated on the server\n")
                let documents = try await sync.liveDocuments()
                #expect(documents.first { $0.id == upper }.map { [$0.title, $0.content] } == ["Notes", "# upper, edited\n"])
                #expect(documents.first { $0.id == lower }.map { [$0.title, $0.content] } == ["notes", "# lower\n"])
                #expect(await sync.sync().stdout == "synced: nothing to do\n")
            }
        }

        @Test func titlesAFileSystemCannotHoldAreMadeSafeAndKeepTheirTitle() async throws {
            try await DocSyncBed.with { sync in
                let slash = try await sync.create("a/b", "# a over b\n")
                try await sync.create("back\\slash", "# back\n")
                try await sync.create(".plan", "# plan\n")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(
                    outcome.stdout == """
                        downloaded: _.plan.md (“.plan” is named _.plan.md here)
                        downloaded: a_b.md (“a/b” is named a_b.md here)
                        downloaded: back_slash.md (“back\\slash” is named back_slash.md here)
                        synced: 3 downloaded

                        """)
                #expect(
                    try sync.localTree()
                        == DocSyncBed.seeded(changing: ["a_b.md": "# a over b\n", "back_slash.md": "# back\n", "_.plan.md": "# plan\n"]))
                #expect(await sync.sync().stdout == "synced: nothing to do\n")

                // An edit of the safe name updates the document and leaves its title alone.
                try sync.write("a_b.md", "# a over b, edited\n")
                #expect(await sync.sync().stdout == "updated on the server: a_b.md\nsynced: 1 updated on the server\n")
                let document = try #require(try await sync.liveDocuments().first { $0.id == slash })
                #expect(document.title == "a/b")
                #expect(document.content == "# a over b, edited\n")
            }
        }

        @Test func filesThatAreNotMarkdownOrAreHiddenAreIgnoredAndCounted() async throws {
            try await DocSyncBed.with { sync in
                try sync.write("notes.txt", "plain\n")
                try sync.write(".hidden.md", "# hidden\n")
                try sync.write(".git/config", "[core]\n")
                try sync.write("Work/.draft.md", "# draft\n")
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stdout == "synced: nothing to do; ignored 4 files that are not markdown or are hidden\n")
                #expect(try await sync.serverTree() == DocSyncBed.seeded)
                #expect(try await sync.writeRequests() == [])
            }
        }
    }
}
