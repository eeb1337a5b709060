import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// `onu list`, `olt list`, `dashboard` and completion from the listing cache.
@Suite struct InventoryCommandTests {
    func listing(_ harness: MCMSHarness, _ extra: [String] = []) async throws -> [JSONValue] {
        let result = await harness.run(["mcms", "onu", "list", "--json"] + extra)
        #expect(result.exitCode == 0, "\(result.stderr)")
        return try JSONValue(parsing: result.stdout).arrayValue ?? []
    }

    @Test func onuListJoinsStatesNamesAndOLTBuckets() async throws {
        let harness = try await MCMSHarness(onus: 60)
        try await harness.login()
        let rows = try await listing(harness)
        #expect(rows.count == 60)
        let byID = Dictionary(uniqueKeysWithValues: rows.compactMap { row in row["id"]?.stringValue.map { ($0, row) } })

        // Every name is ONU.Name from the config, never NETCONF.Name (which is the id).
        let id0 = try await harness.onuIDs()[0]
        let config0 = try JSONValue(parsing: try await harness.rawConfig(id0))
        #expect(byID[id0]?["name"] == config0["ONU"]?["Name"])
        #expect(byID[id0]?["state"] == "registered")
        #expect(byID[id0]?["olt_name"]?.stringValue?.hasPrefix("OLT ") == true)

        // The oddities of the fleet.
        let unbucketed = try #require(try await harness.special("unbucketed").first)
        #expect(byID[unbucketed]?["state"] == "unknown")
        let noState = try #require(try await harness.special("missing_state").first)
        #expect(byID[noState] != nil, "an ONU without state still has a row")
        #expect(byID[noState]?["firmware_version"] == .null)
        let badPointer = try #require(try await harness.special("unknown_bank").first)
        #expect(byID[badPointer]?["firmware_bank"] == .null)
        let maxed = try #require(try await harness.special("max_counter").first)
        #expect(byID[maxed]?["rx_optical_dbm"]?.numberValue != nil)

        // Uptime uses the contract's timestamps.
        #expect(rows.allSatisfy { $0["uptime_seconds"]?.int64Value.map { $0 > 0 } ?? ($0["id"] == .string(noState)) })

        // Names were fetched with a projection, not whole documents (seed).
        let requests = try await harness.emulator.requests()
        let configList = try #require(requests.first { $0.path == "/api/v1/onus/configs/" })
        #expect(configList.query["projection"] == [#"{"ONU.Name":1}"#])
    }

    @Test func onuListFiltersByOLTAndState() async throws {
        let harness = try await MCMSHarness(onus: 60)
        try await harness.login()
        let all = try await listing(harness)
        let mac = try #require(try await harness.state()["olt_ids"]?[1]?.stringValue)
        let ofOLT = try await listing(harness, ["--olt", mac])
        #expect(!ofOLT.isEmpty)
        #expect(ofOLT.allSatisfy { $0["olt_mac"] == .string(mac) })
        #expect(ofOLT.count == all.filter { $0["olt_mac"] == .string(mac) }.count)
        let dying = try await listing(harness, ["--state", "unknown"])
        #expect(dying.allSatisfy { $0["state"] == "unknown" })
        #expect(dying.count == all.filter { $0["state"] == "unknown" }.count)
        let bad = await harness.run(["mcms", "onu", "list", "--state", "sleepy"])
        #expect(bad.exitCode == 2)
    }

    @Test func onuListTableOnATerminalAndTabsWhenPiped() async throws {
        let harness = try await MCMSHarness(onus: 20)
        try await harness.login()
        let plain = await harness.run(["mcms", "onu", "list"])
        let lines = plain.stdout.split(separator: "\n")
        #expect(lines.count == 20)
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 7 })
        let table = await harness.run(["mcms", "onu", "list", "-o", "table"])
        #expect(table.stdout.hasPrefix("ID "))
        #expect(table.stdout.contains(" dBm"))
    }

    @Test func oltListCountsBucketsAndDashboardSumsTheFleet() async throws {
        let harness = try await MCMSHarness(onus: 60)
        try await harness.login()
        let olts = await harness.run(["mcms", "olt", "list", "--json"])
        #expect(olts.exitCode == 0, "\(olts.stderr)")
        let rows = try JSONValue(parsing: olts.stdout).arrayValue ?? []
        #expect(rows.count == 4)
        let bucketed = rows.reduce(0) { total, row in
            total + RegistrationState.bucketed.reduce(0) { $0 + Int(row["onus"]?[$1.word]?.int64Value ?? 0) }
        }
        let unbucketed = try await harness.special("unbucketed").count
        #expect(bucketed == 60 - unbucketed)

        let dashboard = await harness.run(["mcms", "dashboard", "--json"])
        #expect(dashboard.exitCode == 0, "\(dashboard.stderr)")
        let summary = try JSONValue(parsing: dashboard.stdout)
        #expect(summary["onus"] == 60)
        #expect(summary["olts"] == 4)
        #expect(summary["registration"]?["unknown"]?.int64Value == Int64(unbucketed))
        #expect(summary["health"]?["offline_olts"] == [])
        let text = await harness.run(["mcms", "dashboard"])
        #expect(text.stdout.contains("Registration"))
        #expect(text.stdout.contains("Health"))
    }

    // MARK: Completion

    @Test func completionOffersCachedIdsWithoutTheNetwork() async throws {
        let harness = try await MCMSHarness(onus: 20)
        try await harness.login()
        #expect(await harness.run(["mcms", "onu", "list"]).exitCode == 0)
        let id = try await harness.onuIDs()[0]
        let before = try await harness.emulator.requests().count
        let completion = await harness.run(["__complete", "mcms", "onu", "show", String(id.prefix(6))])
        #expect(completion.stdout.contains(id), "\(completion.stdout)")
        let olt = await harness.run(["__complete", "mcms", "olt", "show", "70:b3"])
        #expect(olt.stdout.contains("70:b3:d5:"))
        #expect(try await harness.emulator.requests().count == before, "completion never asks the server")
        // Logout forgets the cached fleet.
        _ = await harness.run(["auth", "logout"])
        #expect(await harness.run(["__complete", "mcms", "onu", "show", String(id.prefix(6))]).stdout.contains(id) == false)
    }
}
