import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// `fieldops api` on an MCMS profile: limit/skip paging, CSRF on writes, the document written
/// exactly as given.
@Suite struct APICommandTests {
    @Test func paginateSlurpWalksLimitAndSkipOverTheWholeFleet() async throws {
        let harness = try await MCMSHarness(onus: 1_200)
        try await harness.login()
        let result = await harness.run(["api", "-X", "GET", "/v1/onus/states/", "--paginate", "--slurp", "-f", "projection={\"_id\":1}"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let ids = try #require(try JSONValue(parsing: result.stdout).arrayValue).compactMap { $0["_id"]?.stringValue }
        #expect(ids.count == Set(ids).count)
        // The same collection in one answer (no limit): the same devices.
        let whole = await harness.run(["api", "/v1/onus/states/?projection={\"_id\":1}"])
        let everyone = try #require(try JSONValue(parsing: whole.stdout)["data"]?.arrayValue).compactMap { $0["_id"]?.stringValue }
        #expect(everyone.count > 1_000)
        #expect(Set(ids) == Set(everyone))
        let pages = try await harness.emulator.requests().filter { $0.path == "/api/v1/onus/states/" }
        let paged = pages.filter { $0.query["limit"] != nil }
        #expect(paged.map { $0.query["skip"]?.last ?? "0" } == ["0", "500", "1000"])
        #expect(paged.allSatisfy { $0.query["limit"] == ["500"] })
    }

    @Test func aPutCarriesTheCSRFTokenAndRefererAndStoresTheBytesGiven() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let before = try await harness.rawConfig(id)
        let edited = before.replacingOccurrences(of: #""Enable":true"#, with: #""Enable":false"#)
        let file = NSTemporaryDirectory() + "fieldops-mcms-api-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data((#"{"data":"# + edited + "}").utf8).write(to: URL(fileURLWithPath: file))
        let result = await harness.run(["api", "-X", "PUT", "/v1/onus/configs/\(id)/", "--input", file])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let put = try #require(try await harness.emulator.requests().last { $0.method == "PUT" })
        #expect(put.header("X-CSRFToken") != nil)
        #expect(put.header("Referer")?.hasPrefix(harness.emulator.baseURL.replacingOccurrences(of: "/api", with: "")) == true)
        #expect(try await harness.rawConfig(id) == edited)
    }

    @Test func anErrorStatusExitsOneWithTheServersMessage() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let result = await harness.run(["api", "/v1/onus/states/NOPE/"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("HTTP 404"), "\(result.stderr)")
        let loggedOut = try await MCMSHarness()
        let refused = await loggedOut.run(["api", "/v1/onus/states/"])
        #expect(refused.exitCode == 3, "\(refused.stderr)")
    }
}

/// The exact forms of MCMS listings: CSV read back by python's csv module, numbers as in --json.
@Suite struct ListingFormatTests {
    @Test func onuListAsCSVAndNDJSONCarriesTheJSONValuesExactly() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let json = try #require(try JSONValue(parsing: await harness.run(["mcms", "onu", "list", "--json"]).stdout).arrayValue)
        let csv = try PythonCSV.parse(
            await harness.run(["mcms", "onu", "list", "-o", "csv", "--fields", "id,rx_optical_dbm,uptime_seconds"]).stdout)
        #expect(csv.first == ["id", "rx_optical_dbm", "uptime_seconds"])
        #expect(csv.count == json.count + 1)
        for (row, record) in zip(csv.dropFirst(), json) {
            #expect(
                row
                    == [record["id"], record["rx_optical_dbm"], record["uptime_seconds"]].map { value in
                        switch value {
                        case .string(let text)?: text
                        case .number(let number)?: number.description
                        default: ""
                        }
                    })
        }
        let ndjson = await harness.run(["mcms", "olt", "list", "-o", "ndjson"])
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == 4, "\(ndjson.stdout)")
        #expect(try lines.allSatisfy { try JSONValue(parsing: String($0)).objectValue != nil })
        let bad = await harness.run(["mcms", "onu", "list", "--fields", "id,nmae"])
        #expect(bad.exitCode == 2)
        #expect(bad.stderr.contains("unknown field 'nmae'"), "\(bad.stderr)")
    }
}
