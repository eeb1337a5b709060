import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

/// The README's "InterlinedList API coverage" table against the service's OpenAPI document:
/// every user-facing operation is mapped to a command or listed as out of scope with a reason.
@Suite struct ILCoverageTests {
    static let root = Emulator.packageRoot
    static let copy = root.appendingPathComponent("Tests/Emulators/contracts/interlinedlist-openapi.json")
    /// The groups the issue leaves out as a whole.
    static let excluded = [
        "/api/admin/", "/api/cron/", "/api/stripe/", "/api/webhooks/", "/api/analytics/", "/api/test-db",
        "/api/linkedin/", "/api/github/", "/api/auth/linkedin/", "/api/auth/github/",
    ]

    static func operations() throws -> [String] {
        let document = try JSONValue(parsing: try Data(contentsOf: copy))
        var found: [String] = []
        for member in document["paths"]?.objectValue ?? JSONObject() {
            for method in member.value.objectValue?.keys ?? [] where ["get", "post", "put", "patch", "delete"].contains(method) {
                found.append(method.uppercased() + " " + member.key)
            }
        }
        return found
    }

    static func isExcluded(_ operation: String) -> Bool {
        let path = String(operation.split(separator: " ")[1])
        return excluded.contains { path.hasPrefix($0) } || path.contains("/linkedin/")
    }

    /// `operation → what covers it`, from the table in docs/dev/interlinedlist-api-coverage.md.
    static func table() throws -> [String: String] {
        let readme = try String(
            contentsOf: root.appendingPathComponent("docs/dev/interlinedlist-api-coverage.md"), encoding: .utf8)
        guard let start = readme.range(of: "# InterlinedList API coverage") else { return [:] }
        var rows: [String: String] = [:]
        for line in readme[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") || line.hasPrefix("### ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        return rows
    }

    @Test func everyUserFacingOperationIsMappedOrOutOfScopeWithAReason() throws {
        let operations = try Self.operations()
        #expect(operations.count > 150, "read \(operations.count) operations")
        let table = try Self.table()
        for operation in operations where !Self.isExcluded(operation) {
            guard let covered = table[operation] else {
                Issue.record("the InterlinedList API coverage table (docs/dev) does not map \(operation)")
                continue
            }
            if covered.hasPrefix("out of scope") {
                #expect(covered.count > "out of scope: ".count + 8, "\(operation) is out of scope without a reason")
            } else {
                #expect(covered.contains("`"), "\(operation) should name the command that covers it: \(covered)")
            }
        }
        for operation in table.keys {
            #expect(operations.contains(operation), "the coverage table names \(operation), which the OpenAPI document does not have")
        }
    }

    /// `fieldops api` completes IL paths from the same document.
    @Test func apiPathCompletionHasEveryPathOfTheDocument() throws {
        let document = try JSONValue(parsing: try Data(contentsOf: Self.copy))
        let paths = try #require(document["paths"]?.objectValue).keys.sorted()
        #expect(ILOpenAPIPaths.all == paths)
        let candidates = InterlinedListBackend().completions(
            for: .apiPath, profile: Profile(name: "p", backend: "interlinedlist", baseURL: "https://il"),
            paths: ConfigPaths(environment: ["HOME": "/nonexistent"]), partial: Invocation(), prefix: "/api/lists/")
        #expect(candidates.map(\.value).contains("/api/lists/{id}"))
        #expect(candidates.allSatisfy { $0.value.hasPrefix("/api/lists/") })
    }

    @Test func theCopyIsTheSharedContractWhenThatIsAtHand() throws {
        let shared = Self.root.deletingLastPathComponent().appendingPathComponent("shared/contracts/interlinedlist-openapi.json")
        guard let original = FileManager.default.contents(atPath: shared.path) else { return }  // a fresh clone has only the copy
        #expect(
            try Data(contentsOf: Self.copy) == original, "Tests/Emulators/contracts/interlinedlist-openapi.json differs from \(shared.path)"
        )
    }
}
