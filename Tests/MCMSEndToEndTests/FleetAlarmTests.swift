import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// `mcms alarms` over the two collection requests, the dashboard's counts, and the OLT's own
/// alarms, logs and config.
@Suite struct FleetAlarmTests {
    static func alarm(_ name: String, _ severity: String, _ time: String, _ message: String = "test") -> JSONValue {
        .object(
            JSONObject([("Name", .string(name)), ("Severity", .string(severity)), ("Time", .string(time)), ("Message", .string(message))]))
    }

    func alarms(_ harness: MCMSHarness, _ extra: [String] = []) async throws -> [JSONValue] {
        let result = await harness.run(["mcms", "alarms", "--json"] + extra)
        #expect(result.exitCode == 0, "\(result.stderr)")
        return try JSONValue(parsing: result.stdout).arrayValue ?? []
    }

    @Test func alarmsListEveryONUAndOLTAlarmAndMatchTheDashboardCounts() async throws {
        let harness = try await MCMSHarness(onus: 60)
        try await harness.login()
        let olt = try #require(try await harness.state()["olt_ids"]?[0]?.stringValue)
        let onu = try await harness.onuIDs()[0]
        try await harness.setAlarms(olt, [Self.alarm("UPLINK-DOWN", "CRITICAL", "2026-06-01 11:00:00.000000", "Uplink down")])
        try await harness.setAlarms(
            onu,
            [
                Self.alarm("LOS", "CRITICAL", "2026-06-01 11:30:00.000000"),
                Self.alarm("HIGH-TEMP", "WARNING", "2026-06-01 11:45:00.000000"),
            ])
        let rows = try await alarms(harness)
        #expect(rows.contains { $0["kind"] == "olt" && $0["id"] == .string(olt) && $0["alarm"] == "UPLINK-DOWN" })
        #expect(rows.contains { $0["kind"] == "onu" && $0["id"] == .string(onu) && $0["alarm"] == "LOS" })
        // Every row carries its device's friendly name.
        let onuName = try JSONValue(parsing: try await harness.rawConfig(onu))["ONU"]?["Name"]
        #expect(rows.first { $0["id"] == .string(onu) }?["name"] == onuName)
        #expect(rows.first { $0["id"] == .string(olt) }?["name"]?.stringValue?.hasPrefix("OLT ") == true)

        // Severity first, then newest first: the ONU's 11:30 LOS before the OLT's 11:00 one.
        let ranks = rows.map { AlarmSeverity.rank($0["severity"]?.stringValue ?? "").0 }
        #expect(ranks == ranks.sorted())
        let critical = rows.filter { $0["severity"] == "CRITICAL" }.compactMap { $0["time"]?.stringValue }
        #expect(critical == critical.sorted(by: >))

        // The same totals as the server's own per-device documents, and as the dashboard.
        let dashboard = try JSONValue(parsing: await harness.run(["mcms", "dashboard", "--json"]).stdout)
        let counts = Dictionary(grouping: rows, by: { $0["severity"]?.stringValue ?? "" }).mapValues(\.count)
        for (severity, count) in counts {
            #expect(dashboard["health"]?["alarms"]?[severity]?.int64Value == Int64(count), "\(severity)")
        }
        #expect(dashboard["health"]?["alarms_total"]?.int64Value == Int64(rows.count))
        #expect(rows.contains { $0["kind"] == "onu" } && rows.contains { $0["kind"] == "olt" })

        // The dashboard and the listing read the collections, never one request per device.
        let paths = try await harness.emulator.requests().map(\.path)
        #expect(paths.contains("/api/v1/onus/alarms/") && paths.contains("/api/v1/olts/alarms/"))
        #expect(!paths.contains { $0.hasPrefix("/api/v1/onus/alarms/") && $0 != "/api/v1/onus/alarms/" })
    }

    @Test func severityKindAndOLTNarrowTheList() async throws {
        let harness = try await MCMSHarness(onus: 40)
        try await harness.login()
        try await harness.clearAlarms()
        let olts = try #require(try await harness.state()["olt_ids"]?.arrayValue?.compactMap(\.stringValue))
        let listing = try JSONValue(parsing: await harness.run(["mcms", "onu", "list", "--json"]).stdout).arrayValue ?? []
        let onOLT0 = try #require(listing.first { $0["olt_mac"] == .string(olts[0]) }?["id"]?.stringValue)
        let onOLT1 = try #require(listing.first { $0["olt_mac"] == .string(olts[1]) }?["id"]?.stringValue)
        try await harness.setAlarms(onOLT0, [Self.alarm("LOS", "CRITICAL", "2026-06-01 11:00:00.000000")])
        try await harness.setAlarms(onOLT1, [Self.alarm("LOW-RX-POWER", "MINOR", "2026-06-01 11:00:00.000000")])
        try await harness.setAlarms(olts[0], [Self.alarm("FAN", "MAJOR", "2026-06-01 10:00:00.000000")])

        #expect(try await alarms(harness).count == 3)
        #expect(try await alarms(harness, ["--severity", "critical,major"]).compactMap { $0["alarm"]?.stringValue } == ["LOS", "FAN"])
        #expect(try await alarms(harness, ["--severity", "minor"]).map(\.["id"]) == [.string(onOLT1)])
        #expect(try await alarms(harness, ["--kind", "olt"]).map(\.["alarm"]) == ["FAN"])
        #expect(try await alarms(harness, ["--kind", "onu"]).count == 2)
        let ofOLT0 = try await alarms(harness, ["--olt", olts[0]])
        #expect(Set(ofOLT0.compactMap { $0["id"]?.stringValue }) == [onOLT0, olts[0]])
        // By name too.
        let name = try #require(
            try JSONValue(parsing: await harness.run(["mcms", "olt", "list", "--json"]).stdout)
                .arrayValue?.first { $0["mac"] == .string(olts[1]) }?["name"]?.stringValue)
        #expect(try await alarms(harness, ["--olt", name]).map(\.["id"]) == [.string(onOLT1)])
    }

    @Test func unknownOLTIsNotFoundAndUnknownSeverityAUsageErrorBothWithASuggestion() async throws {
        let harness = try await MCMSHarness(onus: 20)
        try await harness.login()
        let mac = try #require(try await harness.state()["olt_ids"]?[0]?.stringValue)
        let typo = String(mac.dropLast()) + (mac.last == "0" ? "1" : "0")
        for command in [["mcms", "alarms"], ["mcms", "onu", "list"], ["mcms", "onu", "reset", "--yes"]] {
            let result = await harness.run(command + ["--olt", typo])
            #expect(result.exitCode == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("no OLT with MAC or name \(typo) on "))
            #expect(result.stderr.contains("did you mean '\(mac)'?"), "\(result.stderr)")
        }
        let severity = await harness.run(["mcms", "alarms", "--severity", "critcal"])
        #expect(severity.exitCode == 2)
        #expect(severity.stderr.contains("did you mean 'critical'?"), "\(severity.stderr)")
    }

    @Test func emptyResultsSaySoOnATerminalAndNothingWhenPiped() async throws {
        let harness = try await MCMSHarness(onus: 20)
        try await harness.login()
        try await harness.clearAlarms()
        let json = await harness.run(["mcms", "alarms", "--json"])
        #expect(json.exitCode == 0)
        #expect(json.stdout == "[]\n")
        let piped = await harness.run(["mcms", "alarms"])
        #expect(piped.exitCode == 0 && piped.stdout.isEmpty && piped.stderr.isEmpty)
        let terminal = await harness.runOnTerminal(["mcms", "alarms"])
        #expect(terminal.stdout == "" && terminal.stderr == "no active alarms\n")
        let olt = try #require(try await harness.state()["olt_ids"]?[0]?.stringValue)
        #expect(await harness.runOnTerminal(["mcms", "olt", "alarms", olt]).stderr == "no active alarms\n")
        #expect(await harness.run(["mcms", "olt", "alarms", olt, "--json"]).stdout == "[]\n")
        let none = await harness.runOnTerminal(["mcms", "onu", "list", "--rx-below", "-99"])
        #expect(none.stdout == "" && none.stderr == "no ONUs match\n")
        #expect(await harness.runOnTerminal(["--quiet", "mcms", "onu", "list", "--rx-below", "-99"]).stderr == "")
    }

    @Test func criticalAlarmsAreRedOnAColourTerminalAndPlainWithNoColor() async throws {
        let harness = try await MCMSHarness(onus: 20)
        try await harness.login()
        try await harness.clearAlarms()
        let onu = try await harness.onuIDs()[0]
        try await harness.setAlarms(onu, [Self.alarm("LOS", "CRITICAL", "2026-06-01 11:00:00.000000")])
        let colour = await harness.runOnTerminal(["mcms", "alarms"], color: true)
        #expect(colour.stdout.contains("\u{1B}[31m"), "\(colour.stdout)")
        let noColor = await harness.runOnTerminal(["mcms", "alarms"], color: false)
        #expect(!noColor.stdout.contains("\u{1B}["))
        #expect(noColor.stdout.contains("critical  "), "one case for every severity: \(noColor.stdout)")
    }

    // MARK: OLT alarms, logs and config

    @Test func oltAlarmsLogsAndConfigAreServedAsForONUs() async throws {
        let harness = try await MCMSHarness(onus: 20)
        try await harness.login()
        let olt = try #require(try await harness.state()["olt_ids"]?[1]?.stringValue)
        try await harness.setAlarms(olt, [Self.alarm("FAN", "MAJOR", "2026-06-01 10:00:00.000000", "Fan 2 stopped")])
        let alarms = await harness.run(["mcms", "olt", "alarms", olt, "--json"])
        #expect(alarms.exitCode == 0, "\(alarms.stderr)")
        #expect(try JSONValue(parsing: alarms.stdout) == [Self.alarm("FAN", "MAJOR", "2026-06-01 10:00:00.000000", "Fan 2 stopped")])
        let table = await harness.run(["mcms", "olt", "alarms", olt, "-o", "table"])
        #expect(table.stdout.contains("Fan 2 stopped"))

        let logs = await harness.run(["mcms", "olt", "logs", olt, "--limit", "7", "--json"])
        #expect(logs.exitCode == 0, "\(logs.stderr)")
        let entries = try JSONValue(parsing: logs.stdout).arrayValue ?? []
        #expect(entries.count == 7)
        let times = entries.compactMap { $0["Time"]?.stringValue }
        #expect(times == times.sorted(by: >))
        #expect(try await harness.emulator.requests().last { $0.path.hasPrefix("/api/v1/olts/logs/") }?.query["limit"] == ["7"])

        let raw = try await harness.rawConfig(olt)
        let config = await harness.run(["mcms", "olt", "config", olt, "--json"])
        #expect(config.stdout == raw + "\n")
        let pretty = await harness.run(["mcms", "olt", "config", olt])
        #expect(try JSONValue(parsing: pretty.stdout) == JSONValue(parsing: raw))
        // The MAC's colons went into the path once, unencoded twice.
        #expect(try await harness.emulator.requests().contains { $0.rawPath == "/api/v1/olts/configs/\(olt)/" })

        let missing = await harness.run(["mcms", "olt", "logs", "70:b3:d5:00:00:00"])
        #expect(missing.exitCode == 1)
        #expect(missing.stderr.contains("no OLT 70:b3:d5:00:00:00 on profile lab"))
    }
}
