import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// Completion of list, folder and document ids from the cache, never the network.
    @Suite struct CompletionEndToEndTests {
        @Test func completesIdsFromTheCacheWithoutTheServer() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(await bed.run(["il", "lists", "--tree"]).exitCode == 0)
                #expect(await bed.run(["il", "docs"]).exitCode == 0)
                #expect(await bed.run(["il", "docs", "--folder", "df1"]).exitCode == 0)
                bed.emulator.stop()

                let lists = await bed.run(["__complete", "-p", "lists", "il", "list", "show", "l00"])
                #expect(lists.stdout.contains("l001\tGroceries\n"), "\(lists)")
                #expect(lists.stdout.contains("l010\tDesserts\n") == false)  // prefix l00 only
                let parents = await bed.run(["__complete", "-p", "lists", "il", "list", "create", "x", "--parent", "l01"])
                #expect(parents.stdout == "l010\tDesserts\n", "\(parents)")
                let documents = await bed.run(["__complete", "-p", "lists", "il", "doc", "show", "d00"])
                #expect(documents.stdout.contains("d001\tReadme\n") && documents.stdout.contains("d003\tMeeting Notes\n"), "\(documents)")
                let folders = await bed.run(["__complete", "-p", "lists", "il", "doc", "move", "d001", "--folder", ""])
                #expect(folders.stdout.contains("df2\tProjects\n") && folders.stdout.contains("root\t"), "\(folders)")
            }
        }

        @Test func completesNothingBeforeTheFirstLogin() async throws {
            try await ILTestBed.with { bed in
                let outcome = await bed.run(["__complete", "-p", "lists", "il", "list", "show", ""])
                #expect(outcome.exitCode == 0)
                #expect(outcome.stdout.isEmpty, "\(outcome)")
            }
        }
    }
}
