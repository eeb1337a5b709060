import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// `il list create|edit|delete|search|export|schema` against the emulator's real list rules.
    @Suite struct ListManagementEndToEndTests {
        // MARK: create

        @Test func createWithColumnsSendsTheDSLObjectAndFilesTheListWithAPut() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run([
                    "il", "list", "create", "Ladders", "--folder", "lf1", "--public",
                    "--column", "name:text:Name:required", "--column", "height:number",
                    "--column", "state:select=ok|worn|broken",
                ])
                #expect(outcome.exitCode == 0, "\(outcome)")
                let id = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                let stored = try await bed.storedList(id)
                #expect(stored?["folderId"]?.stringValue == "lf1")
                #expect(stored?["isPublic"]?.boolValue == true)
                let schema = await bed.run(["il", "list", "schema", id])
                #expect(
                    schema.stdout
                        == "name\tName\ttext\tyes\t\nheight\tHeight\tnumber\tno\t\nstate\tState\tselect\tno\toptions ok|worn|broken\n",
                    "\(schema)")
                #expect(try await bed.count("PUT /api/lists/\(id)") == 1)
                #expect(try await bed.snakeCaseKeys().isEmpty)
            }
        }

        @Test func aSchemaTheServerWouldRefuseIsRefusedLocallyWithItsMessage() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "list", "create", "Bad", "--column", "state:select"])
                #expect(outcome.exitCode == 2)
                #expect(
                    outcome.stderr.contains("invalid schema in --column: Field 'state' (type: select) must have an 'options' array"),
                    "\(outcome)")
                let yaml = try bed.file("dup.yaml", "fields:\n  - {key: a, type: text, label: A}\n  - {key: a, type: number, label: B}\n")
                let fromFile = await bed.run(["il", "list", "create", "Dup", "--schema", yaml])
                #expect(fromFile.exitCode == 2)
                #expect(fromFile.stderr.contains("Duplicate field keys found: a"), "\(fromFile)")
                #expect(try await bed.count("POST /api/lists") == 0)
            }
        }

        @Test func createFromAYAMLSchemaKeepsOptionsAndRules() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let yaml = try bed.file(
                    "punch.yaml",
                    """
                    name: Punch list
                    fields:
                      - key: task
                        type: text
                        label: Task
                        required: true
                      - key: cost
                        type: number
                        label: Cost
                        validation: {min: 0}
                      - key: priority
                        type: priority
                        label: Priority

                    """)
                let outcome = await bed.run(["il", "list", "create", "Punch", "--schema", yaml])
                #expect(outcome.exitCode == 0, "\(outcome)")
                let id = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                let schema = await bed.run(["il", "list", "schema", id])
                #expect(schema.stdout.contains("cost\tCost\tnumber\tno\tmin 0\n"), "\(schema)")
                #expect(schema.stdout.contains("priority\tPriority\tpriority\tno\toptions low|medium|high|urgent\n"))
                let negative = await bed.run(["il", "row", "add", id, "--set", "task=Paint", "--set", "cost=-3"])
                #expect(negative.exitCode == 2)
                #expect(negative.stderr.contains("cost: Cost must be at least 0"), "\(negative)")
            }
        }

        // MARK: edit and delete

        @Test func editSendsNullForRootAndOnlyTheKeysGiven() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "list", "edit", "l003", "--parent", "root", "--folder", "lf1", "--title", "SF"])
                #expect(outcome.exitCode == 0, "\(outcome)")
                let stored = try await bed.storedList("l003")
                #expect(stored?["parentId"]?.isNull == true)
                #expect(stored?["folderId"]?.stringValue == "lf1")
                #expect(stored?["title"]?.stringValue == "SF")
                #expect(stored?["isPublic"]?.boolValue == true)
                let selfParent = await bed.run(["il", "list", "edit", "l003", "--parent", "l003"])
                #expect(selfParent.exitCode == 2)
                #expect(selfParent.stderr.contains("a list cannot be its own parent"))
            }
        }

        @Test func deleteStatesRowsAndSublistsAndNeedsConfirmation() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let refused = await bed.run(["il", "list", "delete", "l001"])
                #expect(refused.exitCode == 2)
                #expect(refused.stderr.contains("delete list l001 “Groceries” for good: its 3 rows are deleted with it"), "\(refused)")
                #expect(try await bed.count("DELETE /api/lists/l001") == 0)
                let books = await bed.run(["--yes", "il", "list", "delete", "l002", "-o", "table"])
                #expect(books.exitCode == 0, "\(books)")
                #expect(books.stdout == "deleted list l002 “Books” and 0 rows; 2 sublists moved to the root\n")
                #expect(try await bed.storedList("l002") == nil)
                #expect(try await bed.storedList("l003")?["parentId"]?.isNull == true)
                let groceries = await bed.run(["--yes", "il", "list", "delete", "l001"])
                #expect(groceries.exitCode == 0)
                #expect(try await bed.state()["rows"]?.int64Value == 0)
            }
        }

        // MARK: show, search, export

        @Test func showNamesTheParentAndFolderAndListsSublists() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let groceries = await bed.run(["il", "list", "show", "l001", "-o", "table"])
                #expect(groceries.stdout.hasPrefix("Groceries  l001\nprivate · folder Errands (lf3) · 3 rows\n"), "\(groceries)")
                let scifi = await bed.run(["il", "list", "show", "l003", "-o", "table"])
                #expect(scifi.stdout.hasPrefix("Science fiction  l003\npublic · parent Books (l002) · 0 rows\n"), "\(scifi)")
                let books = await bed.run(["il", "list", "show", "l002", "-o", "table"])
                #expect(books.stdout.contains("sublists: "), "\(books)")
                #expect(books.stdout.contains("Science fiction (l003)") && books.stdout.contains("Non-fiction (l004)"))
            }
        }

        @Test func whereSortAndLimitAreAppliedOnTheClient() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                // Numbers sort by value (12 after 2), which the server cannot do: it ignores sort.
                let sorted = await bed.run(["il", "list", "show", "l001", "--sort", "qty"])
                #expect(sorted.stdout == "r002\tBread\t1\ttrue\nr001\tMilk\t2\tfalse\nr003\tEggs\t12\tfalse\n", "\(sorted)")
                let filtered = await bed.run([
                    "il", "list", "show", "l001", "--where", "done=false", "--sort", "qty", "--desc", "--limit", "1",
                ])
                #expect(filtered.stdout == "r003\tEggs\t12\tfalse\n", "\(filtered)")
                let table = await bed.run(["il", "list", "show", "l001", "--where", "done=false", "-o", "table"])
                #expect(table.stdout.contains("· 2 of 3 rows\n"))
                let typo = await bed.run(["il", "list", "show", "l001", "--where", "dnoe=true"])
                #expect(typo.exitCode == 2)
                #expect(typo.stderr.contains("did you mean 'done'?"), "\(typo)")
                // No stray query parameter reached the rows route (it would have filtered there).
                #expect(try await bed.emulator.requests().allSatisfy { $0.query["done"] == nil })
            }
        }

        @Test func searchFindsByTitleAndExportWritesRFC4180() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let search = await bed.run(["il", "list", "search", "GROC"])
                #expect(search.stdout.hasPrefix("l001\tGroceries\t3\t"), "\(search)")
                _ = await bed.run(["il", "row", "add", "l001", "--set", "item=Tea, \"green\"", "--set", "qty=1"])
                let export = await bed.run(["il", "list", "export", "l001"])
                #expect(export.stdout.hasPrefix("id,item,qty,done\r\n"), "\(export)")
                #expect(export.stdout.contains(",\"Tea, \"\"green\"\"\",1,\r\n"))
                let json = try JSONValue(parsing: await bed.run(["il", "list", "export", "l001", "-o", "json"]).stdout)
                #expect(json.arrayValue?.count == 4)
            }
        }

        @Test func exportIsCSVByDefaultAndWithDashOCSVAndTheServersRowsWithDashOJSON() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let added = await bed.run(["il", "row", "add", "l001", "--set", "item=Tea, \"green\"\nloose", "--set", "qty=1"])
                #expect(added.exitCode == 0, "\(added)")
                let byDefault = await bed.run(["il", "list", "export", "l001"])
                #expect(byDefault.exitCode == 0, "\(byDefault)")
                #expect(await bed.run(["il", "list", "export", "l001", "-o", "csv"]).stdout == byDefault.stdout)
                let table = try PythonCSV.parse(byDefault.stdout)
                #expect(table.first == ["id", "item", "qty", "done"], "\(byDefault)")
                let cells = table.dropFirst().map { Array($0.dropFirst()) }
                #expect(
                    Set(cells) == [
                        ["Tea, \"green\"\nloose", "1", ""], ["Milk", "2", "false"], ["Bread", "1", "true"], ["Eggs", "12", "false"],
                    ])

                // -o json: the rows as the server keeps them, the same rows as the CSV.
                let json = try JSONValue(parsing: await bed.run(["il", "list", "export", "l001", "-o", "json"]).stdout).arrayValue ?? []
                #expect(json.count == 4)
                #expect(Set(json.compactMap { $0["id"]?.stringValue }) == Set(table.dropFirst().map { $0[0] }))
                #expect(json.contains { $0["rowData"]?["qty"] == .number(JSONNumber(12)) })
                let ndjson = await bed.run(["il", "list", "export", "l001", "-o", "ndjson"])
                #expect(
                    try ndjson.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0))["id"]?.stringValue }
                        == json.map { $0["id"]?.stringValue })

                // --fields picks and orders the export's columns.
                let picked = try PythonCSV.parse(await bed.run(["il", "list", "export", "l001", "--fields", "qty,item"]).stdout)
                #expect(picked.first == ["qty", "item"] && picked.count == 5, "\(picked)")
                #expect(await bed.run(["il", "list", "export", "l001", "--fields", "colour"]).exitCode == 2)

                // No schema: the keys of every row, and every row has every column.
                #expect(await bed.run(["il", "row", "add", "l002", "--set", "title=Dune"]).exitCode == 0)
                #expect(await bed.run(["il", "row", "add", "l002", "--set", "author=Herbert"]).exitCode == 0)
                let loose = try PythonCSV.parse(await bed.run(["il", "list", "export", "l002"]).stdout)
                #expect(loose.first.map(Set.init) == ["id", "title", "author"], "\(loose)")
                #expect(loose.count == 3 && loose.allSatisfy { $0.count == 3 })
                // A cell keyed id cannot share the row id's column: left out, and said.
                #expect(await bed.run(["il", "row", "add", "l003", "--set", "id=isbn-1", "--set", "title=Dune"]).exitCode == 0)
                let clash = await bed.run(["il", "list", "export", "l003"])
                #expect(clash.stderr.contains("the cells under the key id are not in the CSV"), "\(clash)")
                let clashing = try PythonCSV.parse(clash.stdout)
                #expect(clashing.first == ["id", "title"] && clashing.count == 2 && clashing.last?.first != "isbn-1", "\(clashing)")
                // An empty list still gets its header, a template to fill in and import.
                #expect(await bed.run(["il", "list", "export", "l006"]).stdout == "id,task,status\r\n")
            }
        }

        @Test func anExportImportsBackUnchangedAndItsIDColumnUpdatesThoseRows() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                #expect(
                    await bed.run(["il", "row", "add", "l001", "--set", "item=Rømmegrøt “hjemmelaget”", "--set", "qty=2"]).exitCode == 0)
                let export = await bed.run(["il", "list", "export", "l001"])
                try #require(export.exitCode == 0, "\(export)")
                let file = try bed.file("groceries.csv", export.stdout)
                let puts = { try await bed.requestLines().filter { $0.hasPrefix("PUT /api/lists/l001/data") }.count }
                let putsBefore = try await puts()
                // Imported back as it was: every row is already as in the file; nothing is sent.
                let same = await bed.run(["il", "row", "add", "l001", "--from", file, "-o", "table"])
                #expect(same.exitCode == 0, "\(same)")
                #expect(same.stdout.contains("4 rows already as in the file"), "\(same)")
                #expect(!same.stderr.contains("1 row"), "the header is no row: \(same)")
                #expect(try await puts() == putsBefore)
                #expect(try await bed.rowData("l001").count == 4)

                // Edited: a changed cell updates its row, a line without an id is a new row.
                var lines = export.stdout.components(separatedBy: "\r\n")
                let milk = try #require(lines.firstIndex { $0.contains(",Milk,") })
                lines[milk] = lines[milk].replacingOccurrences(of: ",Milk,2,", with: ",Melk fra Ålesundsvegen,3,")
                lines.insert(",Smør 🧈,1,false", at: lines.count - 1)
                let edited = try bed.file("edited.csv", lines.joined(separator: "\r\n"))
                let applied = await bed.run(["il", "row", "add", "l001", "--from", edited, "-o", "table"])
                #expect(applied.exitCode == 0, "\(applied)")
                #expect(applied.stdout.contains("added 1 row"), "\(applied)")
                #expect(applied.stdout.contains("updated 1 row"), "\(applied)")
                let rows = try await bed.rowData("l001")
                #expect(rows.count == 5)
                #expect(
                    rows.contains { $0["item"]?.stringValue == "Melk fra Ålesundsvegen" && $0["qty"] == .number(JSONNumber(3)) }, "\(rows)")
                #expect(!rows.contains { $0["item"]?.stringValue == "Milk" })

                // row edit --from updates only, and refuses a row without an id or an id the list lacks.
                let refused = await bed.run(["il", "row", "edit", "l001", "--from", edited])
                #expect(refused.exitCode == 2, "\(refused)")
                #expect(refused.stderr.contains("no row id (il row edit --from updates rows"), "\(refused)")
                let stray = try bed.file("stray.csv", "id,item,qty,done\r\nr999,Kaffe,1,false\r\n")
                let unknown = await bed.run(["il", "row", "edit", "l001", "--from", stray])
                #expect(unknown.exitCode == 2 && unknown.stderr.contains("stray.csv:2: id: no row r999 in list l001"), "\(unknown)")
                #expect(try await bed.rowData("l001").count == 5, "nothing was sent")
            }
        }

        // MARK: schema

        @Test func schemaSetShowsTheDiffAndRefusesRemovingColumnsWithDataWithoutForce() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let file = try bed.file(
                    "groceries.json",
                    #"{"fields":[{"key":"item","type":"text","label":"Item","required":true},{"key":"done","type":"boolean","label":"Done"},{"key":"shop","type":"text","label":"Shop"}]}"#
                )
                let refused = await bed.run(["--yes", "il", "list", "schema", "l001", "--set", file])
                #expect(refused.exitCode == 2)
                #expect(refused.stderr.contains("+ shop  text “Shop”"), "\(refused)")
                #expect(refused.stderr.contains("- qty  number “Qty”  — 3 rows hold data: r001, r002, r003"))
                #expect(refused.stderr.contains("refusing to remove a column that holds data: qty (3 rows)"))
                #expect(try await bed.count("PUT /api/lists/l001/schema") == 0)
                let forced = await bed.run(["--yes", "il", "list", "schema", "l001", "--set", file, "--force", "-o", "table"])
                #expect(forced.exitCode == 0, "\(forced)")
                #expect(forced.stdout == "updated the columns of list l001: 1 added, 1 removed\n")
                #expect(try await bed.storedList("l001")?["title"]?.stringValue == "Groceries")
                #expect(try await bed.rowData("l001").first == ["item": "Milk", "done": false])
                let json = try JSONValue(parsing: await bed.run(["il", "list", "schema", "l001", "--json"]).stdout)
                #expect(json["fields"]?.arrayValue?.compactMap { $0["key"]?.stringValue } == ["item", "done", "shop"])
            }
        }

        @Test func schemaSetWithSelectColumnsRebuildsButKeepsTheTitle() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let file = try bed.file(
                    "f.yaml",
                    "name: Renamed by the file\nfields:\n  - {key: task, type: text, label: Task, required: true}\n  - {key: status, type: select, label: Status, options: [todo, done]}\n"
                )
                let outcome = await bed.run(["--yes", "il", "list", "schema", "l006", "--set", file])
                #expect(outcome.exitCode == 0, "\(outcome)")
                #expect(outcome.stderr.contains("~ status  options todo|done"))
                #expect(try await bed.storedList("l006")?["title"]?.stringValue == "fieldops")
            }
        }
    }
}
