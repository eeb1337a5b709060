import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// `il row add|edit|delete|show` against the emulator: typed values, bulk import, merge on edit.
    @Suite struct RowsEndToEndTests {
        // MARK: add --set

        @Test func setValuesAreTypedByTheirColumn() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "row", "add", "l001", "--set", "item=Tea", "--set", "qty=2", "--set", "done=yes"])
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stdout == "r004\n")
                #expect(try await bed.rowData("l001").last == ["item": "Tea", "qty": 2, "done": true])
            }
        }

        @Test func aNumberColumnGivenTextIsALocalErrorNamingTheColumnAndNothingIsSent() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "row", "add", "l001", "--set", "item=Tea", "--set", "qty=abc"])
                #expect(outcome.exitCode == 2)
                #expect(outcome.stderr.contains("--set qty=abc: Qty must be a valid number"), "\(outcome)")
                #expect(outcome.stderr.contains("hint: qty is a number column"))
                let missing = await bed.run(["il", "row", "add", "l001", "--set", "qty=3"])
                #expect(missing.exitCode == 2)
                #expect(missing.stderr.contains("item: Item is required"), "\(missing)")
                #expect(try await bed.count("POST /api/lists/l001/data") == 0)
            }
        }

        @Test func aMisspeltKeyGetsDidYouMean() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "row", "add", "l001", "--set", "item=Tea", "--set", "qtty=2"])
                #expect(outcome.exitCode == 2)
                #expect(outcome.stderr.contains("--set qtty: not a column of this list (did you mean 'qty'?)"), "\(outcome)")
            }
        }

        @Test func selectOptionsAreCheckedBeforeSending() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "row", "add", "l006", "--set", "task=Ship", "--set", "status=later"])
                #expect(outcome.exitCode == 2)
                #expect(outcome.stderr.contains("status: Status must be one of: todo, doing, done"), "\(outcome)")
                #expect(try await bed.count("POST /api/lists/l006/data") == 0)
            }
        }

        // MARK: add --from

        static func csv(rows: Int, badLine: Int? = nil) -> String {
            var text = "item,qty,done\n"
            for line in 2...(rows + 1) {
                text += line == badLine ? "Item \(line),abc,no\n" : "Item \(line),\(line),\(line % 2 == 0 ? "yes" : "no")\n"
            }
            return text
        }

        @Test func twoThousandFiveHundredRowsWithOneBadRowSendNothingThenAllLandWithIds() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let bad = try bed.file("rows.csv", Self.csv(rows: 2_500, badLine: 1_742))
                let refused = await bed.run(["il", "row", "add", "l001", "--from", bad])
                #expect(refused.exitCode == 2)
                #expect(refused.stderr.contains("\(bad):1742: qty: Qty must be a valid number"), "\(refused)")
                #expect(refused.stderr.contains("nothing was sent"))
                #expect(try await bed.count("POST /api/lists/l001/data") == 0)

                let good = try bed.file("rows.csv", Self.csv(rows: 2_500))
                let added = await bed.run(["il", "row", "add", "l001", "--from", good])
                #expect(added.exitCode == 0, "\(added.stderr)")
                let ids = added.stdout.split(separator: "\n")
                #expect(ids.count == 2_500)
                #expect(ids.first == "r004" && ids.last == "r2503")
                #expect(try await bed.state()["bulk_requests"] == [1_000, 1_000, 500])
                let data = try await bed.rowData("l001")
                #expect(data.count == 2_503)
                #expect(data[3] == ["item": "Item 2", "qty": 2, "done": true])
            }
        }

        @Test func jsonLinesAreCheckedPerLineAndQuotedCSVKeepsCommasAndNewlines() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let lines = try bed.file("rows.jsonl", "{\"item\":\"Tea\",\"qty\":1}\n\n{\"qty\":\"x\"}\n")
                let refused = await bed.run(["il", "row", "add", "l001", "--from", lines])
                #expect(refused.stderr.contains("rows.jsonl:3: item: Item is required"), "\(refused)")
                #expect(refused.stderr.contains("rows.jsonl:3: qty: Qty must be a valid number"))
                let quoted = try bed.file("q.csv", "Item,Qty\r\n\"Bread, rye\",1\r\n\"Two\nlines\",2\r\n")
                let added = await bed.run(["il", "row", "add", "l001", "--from", quoted])
                #expect(added.exitCode == 0, "\(added)")
                #expect(try await bed.rowData("l001").suffix(2) == [["item": "Bread, rye", "qty": 1], ["item": "Two\nlines", "qty": 2]])
            }
        }

        // MARK: edit, delete, show

        @Test func editKeepsTheUntouchedFields() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "row", "edit", "l001", "r001", "--set", "done=true"])
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(try await bed.rowData("l001").first == ["item": "Milk", "qty": 2, "done": true])
                _ = await bed.run(["il", "row", "edit", "l001", "r001", "--unset", "qty"])
                #expect(try await bed.rowData("l001").first == ["item": "Milk", "done": true])
                let missing = await bed.run(["il", "row", "edit", "l001", "r999", "--set", "done=true"])
                #expect(missing.exitCode == 1)
                #expect(missing.stderr.contains("no row r999 on profile lists (HTTP 404: Row not found)"), "\(missing)")
                #expect(try await bed.count("PUT /api/lists/l001/data/r999") == 0)
            }
        }

        @Test func deleteChecksEachRowAndShowReadsOne() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let shown = await bed.run(["il", "row", "show", "l001", "r002"])
                #expect(shown.stdout == "Item\titem\tBread\nQty\tqty\t1\nDone\tdone\ttrue\n", "\(shown)")
                let refused = await bed.run(["il", "row", "delete", "l001", "r002"])
                #expect(refused.exitCode == 2)
                let outcome = await bed.run(["--yes", "il", "row", "delete", "l001", "r002", "r999"])
                #expect(outcome.exitCode == 5, "\(outcome)")
                #expect(outcome.stderr.contains("no row r999 in list l001; the others were deleted"))
                #expect(try await bed.rowData("l001").count == 2)
            }
        }
    }

    /// `il folder …` and `il doc-folder …`.
    @Suite struct FolderCommandsEndToEndTests {
        @Test func deletingAListFolderLeavesItsListsAtTheRoot() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let refused = await bed.run(["il", "folder", "delete", "lf2"])
                #expect(refused.exitCode == 2)
                #expect(
                    refused.stderr.contains(
                        "delete folder lf2 “Home” and its 1 subfolder: its 2 lists move to the root (they are not deleted)"), "\(refused)")
                let outcome = await bed.run(["--yes", "il", "folder", "delete", "lf2", "-o", "table"])
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stdout == "deleted folder lf2 “Home”; 2 lists moved to the root\n")
                #expect(try await bed.storedList("l009")?["folderId"]?.isNull == true)
                #expect(try await bed.storedList("l001")?["folderId"]?.isNull == true)
                #expect(await bed.run(["il", "folders"]).stdout == "lf1\tWork\t\n")
            }
        }

        @Test func createRenameAndMoveSendNullForTheRoot() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let created = await bed.run(["il", "folder", "create", "Sites", "--parent", "lf1"])
                #expect(created.exitCode == 0, "\(created)")
                let id = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(await bed.run(["il", "folder", "rename", id, "Sites 2026"]).exitCode == 0)
                #expect(await bed.run(["il", "folder", "move", id, "--parent", "root"]).exitCode == 0)
                let duplicate = await bed.run(["il", "folder", "create", "Work"])
                #expect(duplicate.exitCode == 1)
                #expect(duplicate.stderr.contains("HTTP 409 Conflict: A folder with that name already exists here"), "\(duplicate)")
                let folders = await bed.run(["il", "folders"]).stdout
                #expect(folders.contains("\(id)\tSites 2026\t\n"), "\(folders)")
                let root = await bed.run(["il", "folder", "create", "Top"])
                #expect(root.exitCode == 0, "\(root)")
            }
        }

        @Test func documentFoldersHaveTheSameFourVerbsAndDeleteTheirDocuments() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let created = await bed.run(["il", "doc-folder", "create", "Sites"])
                #expect(created.exitCode == 0, "\(created)")
                let id = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(await bed.run(["il", "doc-folder", "move", id, "--parent", "df1"]).exitCode == 0)
                #expect(await bed.run(["il", "doc-folder", "rename", id, "Sites B"]).exitCode == 0)
                let refused = await bed.run(["il", "doc-folder", "delete", "df1"])
                #expect(
                    refused.stderr.contains("delete document folder df1 “Work” with its 2 subfolders and the 2 documents in them"),
                    "\(refused)")
                let outcome = await bed.run(["--yes", "il", "doc-folder", "delete", "df1"])
                #expect(outcome.exitCode == 0, "\(outcome)")
                let documents = try await bed.state()["documents"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
                #expect(!documents.contains("d003") && !documents.contains("d004"))
                #expect(documents.contains("d005"))
            }
        }
    }
}
