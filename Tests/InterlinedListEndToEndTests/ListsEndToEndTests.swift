import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

extension InterlinedListEndToEnd {
    /// `il lists`, `il lists --tree`, `il folders`, `il list show|create` against the emulator.
    @Suite struct ListsEndToEndTests {
        @Test func treeTreatsEmptyStringAndNullParentsAsRoot() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "lists", "--tree"])
                #expect(outcome.exitCode == 0)
                #expect(outcome.stderr.isEmpty, "\(outcome)")
                // l002 has parentId "", l007 has parentId "" and folderId "", lf2 has parentId "".
                #expect(
                    outcome.stdout == """
                        Home/  lf2
                        ├── Errands/  lf3
                        │   └── Groceries  l001
                        └── Recipes  l009
                            └── Desserts  l010
                        Work/  lf1
                        └── Projects  l005
                            └── fieldops  l006
                        Books  l002
                        ├── Non-fiction  l004
                        └── Science fiction  l003
                        Travel  l007
                        └── Packing  l008

                        """)
            }
        }

        @Test func cyclesAndDanglingParentsAreShownAtRootWithWarnings() async throws {
            try await ILTestBed.with(arguments: ["--fixture", "cycle"]) { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "lists", "--tree"])
                #expect(outcome.exitCode == 0, "\(outcome)")
                let roots = outcome.stdout.split(separator: "\n").filter {
                    !$0.hasPrefix(" ") && !$0.hasPrefix("├") && !$0.hasPrefix("└") && !$0.hasPrefix("│")
                }
                #expect(roots.contains("Loop A/  lfc1"))
                #expect(roots.contains("Orphan folder/  lfc3"))
                #expect(roots.contains("Cycle A  lc1"))
                #expect(roots.contains("Orphan  lc3"))
                #expect(outcome.stdout.contains("└── Cycle B  lc2"))
                #expect(outcome.stderr.contains("warning: list lc1 “Cycle A” is in a parent cycle (lc1 → lc2 → lc1); shown at the root"))
                #expect(outcome.stderr.contains("warning: folder lfc1 “Loop A” is in a parent cycle (lfc1 → lfc2 → lfc1)"))
                #expect(outcome.stderr.contains("names parent list l_missing, which does not exist"))
                #expect(outcome.stderr.contains("names parent folder lf_missing, which does not exist"))
            }
        }

        @Test func fiveThousandListsArriveOverSeveralPagesAndMakeOneTree() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                try await bed.adminPost("generate-lists", #"{"lists": 5000, "folders": 500}"#)
                let before = try await bed.count("GET /api/lists")
                let outcome = await bed.run(["il", "lists", "--tree"])
                #expect(outcome.exitCode == 0, "\(outcome.stderr)")
                #expect(outcome.stdout.split(separator: "\n").count == 5_010 + 503)
                #expect(try await bed.count("GET /api/lists") - before == 6)
                let json = await bed.run(["il", "lists", "--tree", "--json"])
                #expect(json.exitCode == 0)
                #expect(try JSONValue(parsing: json.stdout).arrayValue?.isEmpty == false)
            }
        }

        @Test func listShowPrintsPropertiesAndRows() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let plain = await bed.run(["il", "list", "show", "l001"])
                #expect(plain.stdout == "r003\tEggs\t12\tfalse\nr002\tBread\t1\ttrue\nr001\tMilk\t2\tfalse\n", "\(plain)")
                let table = await bed.run(["il", "list", "show", "l001", "-o", "table"])
                #expect(
                    table.stdout.hasPrefix(
                        "Groceries  l001\nprivate · folder Errands (lf3) · 3 rows\n\nKEY   NAME  TYPE     REQUIRED\nitem  Item  text     yes\n"
                    ), "\(table)")
                #expect(table.stdout.contains("ID    ITEM   QTY  DONE\nr003  Eggs   12   false\n"))
                let json = try JSONValue(parsing: await bed.run(["il", "list", "show", "l001", "--json"]).stdout)
                #expect(json["list"]?["title"]?.stringValue == "Groceries")
                #expect(json["rows"]?.arrayValue?.count == 3)
            }
        }

        @Test func aMissingListIsNotFoundNotLoggedOut() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "list", "show", "l999"])
                #expect(outcome.exitCode == 1)
                #expect(outcome.stderr.contains("no list l999 on profile lists (HTTP 404: List not found)"), "\(outcome)")
            }
        }

        @Test func listCreateSendsCamelCaseParentAndDescription() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "list", "create", "Hand tools", "--parent", "l005", "--description", "for crew B"])
                #expect(outcome.exitCode == 0, "\(outcome)")
                let id = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                let stored = try await bed.state()["lists"]?.arrayValue?.first { $0["id"]?.stringValue == id }
                #expect(stored?["parentId"]?.stringValue == "l005")
                #expect(stored?["title"]?.stringValue == "Hand tools")
                #expect(try await bed.snakeCaseKeys().isEmpty)
            }
        }

        @Test func foldersAreListedFlat() async throws {
            try await ILTestBed.with { bed in
                try await bed.login()
                let outcome = await bed.run(["il", "folders"])
                // The server sorts folders by name.
                #expect(outcome.stdout == "lf3\tErrands\tlf2\nlf2\tHome\t\nlf1\tWork\t\n", "\(outcome)")
            }
        }
    }
}
