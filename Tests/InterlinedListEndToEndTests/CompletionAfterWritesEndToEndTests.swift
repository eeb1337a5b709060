import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// Every write keeps shell completion current in the same step: the built binary's
    /// `fieldops __complete` offers what was just created, renamed or moved and no longer offers
    /// what was deleted — with the server stopped, so the answers come from the mirror alone.
    @Suite struct CompletionAfterWritesEndToEndTests {
        /// `fieldops -p PROFILE __complete WORDS…` by the built binary: its lines.
        func complete(_ bed: BackendTestBed, _ words: [String]) throws -> [String] {
            let outcome = try bed.home.runBinary(["__complete", "-p", "lists"] + words)
            #expect(outcome.exitCode == 0, "\(outcome)")
            return outcome.stdout.split(separator: "\n").map(String.init)
        }

        /// Runs a write, failing the test unless it succeeds; its plain output (the new id).
        func write(_ bed: BackendTestBed, _ arguments: [String]) async -> String {
            let outcome = await bed.run(arguments)
            #expect(outcome.exitCode == 0, "\(arguments): \(outcome)")
            return outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        // MARK: Lists and rows

        @Test func listsAndRowsCompleteAsTheyAreCreatedRenamedAndDeleted() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "sync"]).exitCode == 0)

                let list = await write(bed, ["il", "list", "create", "Verktøy 工具 🔧", "--column", "name:text:Name:required"])
                #expect(try complete(bed, ["il", "list", "show", ""]).contains("\(list)\tVerktøy 工具 🔧"))
                let row = await write(bed, ["il", "row", "add", list, "--set", "name=Skiftenøkkel"])
                #expect(try complete(bed, ["il", "row", "edit", list, ""]) == ["\(row)\tSkiftenøkkel"])

                _ = await write(bed, ["il", "list", "edit", list, "--title", "Ålesund verktøy"])
                #expect(try complete(bed, ["il", "list", "show", ""]).contains("\(list)\tÅlesund verktøy"))
                #expect(try complete(bed, ["il", "row", "show", list, ""]) == ["\(row)\tSkiftenøkkel"], "the rename keeps the rows")

                _ = await write(bed, ["il", "row", "edit", list, row, "--set", "name=Hammer 🔨"])
                #expect(try complete(bed, ["il", "row", "show", list, ""]) == ["\(row)\tHammer 🔨"])
                _ = await write(bed, ["--yes", "il", "row", "delete", list, row])
                #expect(try complete(bed, ["il", "row", "show", list, ""]).isEmpty)

                _ = await write(bed, ["--yes", "il", "list", "delete", list])
                bed.emulator.stop()
                #expect(try complete(bed, ["il", "list", "show", ""]).contains { $0.hasPrefix(list + "\t") } == false)
                #expect(try complete(bed, ["il", "list", "show", ""]).contains("l001\tGroceries"), "the other lists stay")
            }
        }

        @Test func rowIdsAfterAListIdAreThatListsRowsOnly() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "sync"]).exitCode == 0)
                let other = await write(bed, ["il", "list", "create", "Handleliste", "--column", "vare:text"])
                _ = await write(bed, ["il", "row", "add", other, "--set", "vare=Brunost"])
                bed.emulator.stop()

                let groceries = try complete(bed, ["il", "row", "edit", "l001", ""])
                #expect(groceries.sorted() == ["r001\tMilk", "r002\tBread", "r003\tEggs"], "\(groceries)")
                #expect(try complete(bed, ["il", "row", "delete", "l001", "r001", "r00"]).count == 3)
                #expect(try complete(bed, ["il", "row", "show", other, ""]).map { $0.hasSuffix("\tBrunost") } == [true])
                #expect(try complete(bed, ["il", "row", "show", "l002", ""]).isEmpty, "l002 has no rows")
            }
        }

        // MARK: Folders and documents

        @Test func foldersAndDocumentsCompleteAsTheyAreCreatedMovedAndDeleted() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "sync"]).exitCode == 0)

                let folder = await write(bed, ["il", "doc-folder", "create", "Møtereferater 会议"])
                #expect(try complete(bed, ["il", "doc", "move", "d001", "--folder", ""]).contains("\(folder)\tMøtereferater 会议"))
                _ = await write(bed, ["il", "doc-folder", "rename", folder, "Referater 📝"])
                #expect(try complete(bed, ["il", "doc", "move", "d001", "--folder", ""]).contains("\(folder)\tReferater 📝"))

                let document = await write(
                    bed, ["il", "doc", "create", "--title", "Styremøte “mars”", "--folder", folder, "--content", "# Sak 1\n"])
                #expect(try complete(bed, ["il", "doc", "show", ""]).contains("\(document)\tStyremøte “mars”"))
                _ = await write(bed, ["il", "doc", "move", document, "--folder", "root"])
                #expect(try complete(bed, ["il", "doc", "show", ""]).filter { $0.hasPrefix(document + "\t") }.count == 1)
                _ = await write(bed, ["--yes", "il", "doc", "delete", document])
                #expect(try complete(bed, ["il", "doc", "show", ""]).contains { $0.hasPrefix(document + "\t") } == false)

                _ = await write(bed, ["--yes", "il", "doc-folder", "delete", folder])
                #expect(try complete(bed, ["il", "doc", "move", "d001", "--folder", ""]).contains { $0.hasPrefix(folder + "\t") } == false)
                #expect(try complete(bed, ["il", "doc", "show", ""]).contains("d001\tReadme"), "the other documents stay")
            }
        }

        @Test func documentsADocsSyncUploadsComplete() async throws {
            try await DocSyncBed.with { sync in
                #expect(try complete(sync.bed, ["il", "doc", "show", ""]).contains("d001\tReadme"))
                let path = sync.directory + "/Vaktliste 夜勤.md"
                try Data("# Uke 12\n".utf8).write(to: URL(fileURLWithPath: path))
                let outcome = await sync.sync()
                #expect(outcome.exitCode == 0, "\(outcome)")
                sync.bed.emulator.stop()
                #expect(try complete(sync.bed, ["il", "doc", "show", ""]).contains { $0.hasSuffix("\tVaktliste 夜勤") })
            }
        }
    }
}
