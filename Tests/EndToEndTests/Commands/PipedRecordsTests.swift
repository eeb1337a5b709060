import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Piped output is records (issue #39): every listing of every backend, in each form, holds the
/// records its `--json` holds — plain one tab-separated line each, csv a header and a row each,
/// ndjson a JSON object each — whatever the command draws on a terminal (cards, a tree).
@Suite struct PipedRecordsTests {
    struct Service: Sendable, CustomTestStringConvertible {
        var script: String
        var backend: String
        var username: String
        var password: String
        /// What fills the local store or mirror first, if anything.
        var prepare: [[String]]
        var listings: [[String]]
        var emulatorArguments: [String] = []
        var testDescription: String { backend }
    }

    static let services: [Service] = [
        Service(
            script: "jqc_emulator", backend: "jqc", username: "inspector", password: "secret123", prepare: [["jqc", "sync"]],
            listings: [
                ["jqc", "history"], ["jqc", "facilities"], ["jqc", "templates"], ["jqc", "inspect", "list"], ["jqc", "issue", "list"],
                ["jqc", "notifications", "list"],
            ]),
        Service(
            script: "mcms_emulator", backend: "mcms", username: "tech@example.net", password: "pon-secret", prepare: [],
            listings: [["mcms", "onu", "list"], ["mcms", "olt", "list"], ["mcms", "alarms"], ["mcms", "firmware", "files"]],
            emulatorArguments: ["--onus", "12", "--names", "world"]),
        Service(
            script: "interlinedlist_emulator", backend: "interlinedlist", username: "ada@example.com", password: "lovelace1",
            prepare: [],
            listings: [
                ["il", "feed"], ["il", "lists"], ["il", "folders"], ["il", "docs"], ["il", "orgs"], ["il", "list", "show", "l001"],
            ]),
    ]

    /// The records of a command's JSON, by the rule `-o` follows: an array's elements; an object
    /// whose one array member holds objects, those; else the value itself.
    static func records(_ json: JSONValue) -> [JSONValue] {
        if let array = json.arrayValue { return array }
        if let object = json.objectValue {
            let arrays = object.filter { $0.value.arrayValue != nil }
            if arrays.count == 1, let items = arrays[0].value.arrayValue, items.allSatisfy({ $0.objectValue != nil }) { return items }
        }
        return [json]
    }

    @Test(arguments: services)
    func everyListingPipedIsItsRecordsInEachForm(_ service: Service) async throws {
        try await withEmulator(script: service.script, arguments: service.emulatorArguments) { emulator in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try home.writeProfile(
                backend: service.backend, baseURL: emulator.baseURL, username: service.username, http: "{ retries: 0, timeout: 10s }")
            let login = try home.logIn(password: service.password)
            try #require(login.exitCode == 0, "\(login)")
            for step in service.prepare { try #require(try home.runBinary(["-p", "p"] + step).exitCode == 0) }
            for listing in service.listings {
                let json = try home.runBinary(["-p", "p"] + listing + ["--json"])
                try #require(json.exitCode == 0, "\(listing): \(json)")
                let ndjson = try home.runBinary(["-p", "p"] + listing + ["-o", "ndjson"])
                let objects = ndjson.stdout.split(separator: "\n").map { try? JSONValue(parsing: String($0)) }
                #expect(objects.allSatisfy { $0?.objectValue != nil }, "\(listing) ndjson:\n\(ndjson.stdout)")
                let count = objects.count
                // A listing whose JSON is its records holds as many (a list's JSON is the list
                // with its rows, whose records are the rows).
                let document = try JSONValue(parsing: json.stdout)
                if document.arrayValue != nil || document["rows"] == nil {
                    #expect(Self.records(document).count == count, "\(listing): --json and -o ndjson differ")
                } else {
                    #expect(document["rows"]?.arrayValue?.count == count, "\(listing): the rows of --json and -o ndjson differ")
                }

                let plain = try home.runBinary(["-p", "p"] + listing)
                #expect(plain.exitCode == 0, "\(listing): \(plain)")
                let lines = plain.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(lines.count == count, "\(listing) piped: \(count) records, \(lines.count) lines:\n\(plain.stdout)")
                #expect(lines.allSatisfy { $0.contains("\t") || !$0.contains("  ") }, "\(listing): not records:\n\(plain.stdout)")

                let csv = try PythonCSV.parse(try home.runBinary(["-p", "p"] + listing + ["-o", "csv"]).stdout)
                #expect(count == 0 ? csv.count <= 1 : csv.count == count + 1, "\(listing) csv: \(csv.count) rows for \(count) records")
            }
        }
    }

    @Test func aStatusPipedIsOneRecordWithTheFieldsOfItsJSON() async throws {
        try await withEmulator(script: "jqc_emulator") { emulator in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try home.syncJQC(at: emulator.baseURL)
            let plain = try home.runBinary(["-p", "p", "jqc", "status"])
            #expect(plain.exitCode == 0, "\(plain)")
            let fields = Dictionary(
                plain.stdout.split(separator: "\n").map { line in
                    let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    return (parts[0], parts.count > 1 ? parts[1] : "")
                }, uniquingKeysWith: { first, _ in first })
            #expect(fields["pending.inspections"] == "0", "\(plain.stdout)")
            #expect(fields["failed.photos"] == "0", "\(plain.stdout)")
            #expect(fields["last_sync_at"]?.isEmpty == false, "\(plain.stdout)")
            #expect(!plain.stdout.contains("agent:") && !plain.stdout.contains("last sync:"), "no prose piped: \(plain.stdout)")
            let csv = try PythonCSV.parse(try home.runBinary(["-p", "p", "jqc", "status", "-o", "csv"]).stdout)
            #expect(csv.count == 2 && csv[0].contains("pending.inspections"), "\(csv)")
            let ndjson = try home.runBinary(["-p", "p", "jqc", "status", "-o", "ndjson"]).stdout
            #expect(ndjson.split(separator: "\n").count == 1, "\(ndjson)")
        }
    }
}
