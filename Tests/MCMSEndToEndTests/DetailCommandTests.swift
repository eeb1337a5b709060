import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// `onu show|config|alarms|logs|cpe` and `olt show`.
@Suite struct DetailCommandTests {
    @Test func onuShowGathersStatusFirmwareOpticalPortsAndTraffic() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let state = try JSONValue(parsing: try await harness.adminGet(["onu-state", id]).body)
        let result = await harness.run(["mcms", "onu", "show", id, "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let detail = try JSONValue(parsing: result.stdout)
        let pointer = try #require(state["ONU"]?["FW Bank Ptr"]?.int64Value)
        #expect(detail["firmware"]?["active_bank"]?.int64Value == pointer)
        #expect(detail["firmware"]?["banks"]?[Int(pointer)]?["active"] == true)
        #expect(detail["firmware"]?["banks"]?[Int(1 - pointer)]?["active"] == false)
        #expect(detail["optical"]?["rx_dbm"] == state["STATS"]?["RX Optical Level"])
        #expect(detail["optical"]?["fec_corrected"] == state["STATS"]?["FEC Corrected"])
        #expect(detail["state"] == "registered")
        #expect(detail["uni_ports"]?.arrayValue?.isEmpty == false)
        let table = await harness.run(["mcms", "onu", "show", id, "-o", "table"])
        for section in ["Status", "Firmware", "Optical", "UNI ports", "Traffic"] {
            #expect(table.stdout.contains(section))
        }
        #expect(table.stdout.contains("active"))
    }

    @Test func onuShowKeepsMaxedCountersExact() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try #require(try await harness.special("max_counter").first)
        let result = await harness.run(["mcms", "onu", "show", id, "--json"])
        #expect(try JSONValue(parsing: result.stdout)["optical"]?["fec_corrected"]?.numberValue?.lexeme == "18446744073709551615")
    }

    @Test func onuShowOfAnONUWithoutStateStillShowsItsConfig() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try #require(try await harness.special("missing_state").first)
        let result = await harness.run(["mcms", "onu", "show", id, "-o", "table"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("unknown (no ONU state)"))
    }

    @Test func onuConfigPrintsTheRawDocument() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[4]
        let raw = try await harness.rawConfig(id)
        let exact = await harness.run(["mcms", "onu", "config", id, "--json"])
        #expect(exact.stdout == raw + "\n")
        let pretty = await harness.run(["mcms", "onu", "config", id])
        #expect(pretty.stdout.contains("\n  \"ONU\": {\n"))
        #expect(try JSONValue(parsing: pretty.stdout) == JSONValue(parsing: raw))
    }

    @Test func alarmsLogsAndCPE() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let logs = await harness.run(["mcms", "onu", "logs", id, "--limit", "7", "--json"])
        #expect(try JSONValue(parsing: logs.stdout).arrayValue?.count == 7)
        let requests = try await harness.emulator.requests()
        #expect(requests.last { $0.path.contains("/logs/") }?.query["limit"] == ["7"])
        try await harness.setAlarms(id, [FleetAlarmTests.alarm("LOS", "CRITICAL", "2026-06-01 11:00:00.000000")])
        let alarms = await harness.run(["mcms", "onu", "alarms", id, "-o", "table"])
        #expect(alarms.exitCode == 0)
        #expect(alarms.stdout.hasPrefix("TIME"))
        try await harness.setAlarms(id, [])
        let noAlarms = await harness.run(["mcms", "onu", "alarms", id, "-o", "table"])
        #expect(noAlarms.stdout == "" && noAlarms.stderr == "no active alarms\n")
        let piped = await harness.run(["mcms", "onu", "alarms", id])
        #expect(piped.stdout == "" && piped.stderr == "")
        // CPE DHCP is the versionless bare-array helper.
        let cpe = await harness.run(["mcms", "onu", "cpe", id, "--json"])
        #expect(cpe.exitCode == 0, "\(cpe.stderr)")
        #expect(try JSONValue(parsing: cpe.stdout).arrayValue != nil)
        #expect(try await harness.emulator.requests().last?.path == "/api/cpe/onu/\(id)/")
    }

    @Test func unknownONUIsNamedInTheError() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let result = await harness.run(["mcms", "onu", "config", "NOPE00000000"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("no ONU NOPE00000000 on profile lab"))
    }

    @Test func oltIdsKeepTheirColonsInThePath() async throws {
        // With --strict-ids the emulator answers "invalid id" to a double-encoded MAC.
        let harness = try await MCMSHarness(arguments: ["--strict-ids"])
        try await harness.login()
        let mac = try #require(try await harness.state()["olt_ids"]?[0]?.stringValue)
        let result = await harness.run(["mcms", "olt", "show", mac, "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let detail = try JSONValue(parsing: result.stdout)
        #expect(detail["mac"] == .string(mac))
        let registered = detail["onus"]?["registered"]?.arrayValue ?? []
        #expect(!registered.isEmpty)
        #expect(registered.allSatisfy { $0["name"] != nil })
        #expect(try await harness.emulator.requests().contains { $0.rawPath == "/api/v1/olts/states/\(mac)/" })
        #expect(await harness.run(["mcms", "olt", "reset", mac, "--yes"]).exitCode == 0)
        #expect(try await harness.writes().last?["status"] == 200)
        let table = await harness.run(["mcms", "olt", "show", mac, "-o", "table"])
        for section in ["Status", "Traffic", "Environment", "Uplink", "Registration"] {
            #expect(table.stdout.contains(section))
        }
    }
}
