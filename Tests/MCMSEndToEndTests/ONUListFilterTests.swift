import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// `onu list` health filters and sorting, against ONUs seeded with known values.
@Suite struct ONUListFilterTests {
    /// Five ordinary ONUs given known RX levels, FEC counts, models, names and firmware.
    struct Seeded {
        var ids: [String]
        let rx = ["-26.50", "-12.00", "-25.10", "-24.99", "-30.00"]
        let fec = [0, 17, 5000, 4, 0]
        let models = ["AP-G2110", "AP-G2425", "AP-G2110", "ISK-4G1", "AP-G2425"]
        let names = ["Storgata 1", "storgata 2B", "Fjellveien 9", "Kirkegata 3", "Storgata 10 kiosk"]
    }

    func seed(_ harness: MCMSHarness) async throws -> Seeded {
        let special = try await harness.state()["special"]
        let odd = Set(
            ["missing_state", "unknown_bank", "unbucketed", "max_counter"].flatMap { key in
                (special?[key]?.arrayValue ?? []).compactMap(\.stringValue)
            })
        let listing = try JSONValue(parsing: await harness.run(["mcms", "onu", "list", "--json"]).stdout).arrayValue ?? []
        let ids = Array(listing.compactMap { $0["id"]?.stringValue }.filter { !odd.contains($0) }.prefix(5))
        let seeded = Seeded(ids: ids)
        // Every other ONU gets an unremarkable level, so only the seeded ones can match.
        for row in listing {
            guard let id = row["id"]?.stringValue, !ids.contains(id) else { continue }
            var config = try JSONValue(parsing: try await harness.rawConfig(id))
            try config.set("Other", at: ["ONU", "Name"])
            try await harness.putRaw("config", id, config.jsonString())
            guard row["uptime_seconds"] != .null else { continue }
            try await harness.editState(id) { state in
                try state.set(.number(JSONNumber(lexeme: "-15.00")!), at: ["STATS", "RX Optical Level"])
                try state.set(0, at: ["STATS", "FEC Uncorrectable"])
                try state.set("CXNK-X", at: ["ONU", "Model"])
            }
        }
        for (index, id) in ids.enumerated() {
            try await harness.editState(id) { state in
                try state.set(.number(JSONNumber(lexeme: seeded.rx[index])!), at: ["STATS", "RX Optical Level"])
                try state.set(.number(JSONNumber(seeded.fec[index])), at: ["STATS", "FEC Uncorrectable"])
                try state.set(.string(seeded.models[index]), at: ["ONU", "Model"])
                try state.set(0, at: ["ONU", "FW Bank Ptr"])
                try state.set(index == 2 ? ["R9.9.9", "R1.0.0"] : ["R4.2.0", "R1.0.0"], at: ["ONU", "FW Bank Versions"])
            }
            var config = try JSONValue(parsing: try await harness.rawConfig(id))
            try config.set(.string(seeded.names[index]), at: ["ONU", "Name"])
            try await harness.putRaw("config", id, config.jsonString())
        }
        return seeded
    }

    func ids(_ harness: MCMSHarness, _ arguments: [String]) async throws -> [String] {
        let result = await harness.run(["mcms", "onu", "list", "--json"] + arguments)
        #expect(result.exitCode == 0, "\(arguments): \(result.stderr)")
        return (try JSONValue(parsing: result.stdout).arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    @Test func eachFilterSelectsExactlyTheSeededONUs() async throws {
        let harness = try await MCMSHarness(onus: 30)
        try await harness.login()
        let seeded = try await seed(harness)
        let id = seeded.ids
        // Below -25 dBm: -26.50, -25.10 and -30.00 (not -24.99), weakest first.
        #expect(try await ids(harness, ["--rx-below", "-25", "--sort", "rx"]) == [id[4], id[0], id[2]])
        #expect(try await ids(harness, ["--fec-uncorrectable-above", "4"]) == [id[1], id[2]].sorted())
        #expect(try await ids(harness, ["--model", "ap-g2110"]) == [id[0], id[2]].sorted())
        #expect(try await ids(harness, ["--firmware", "R9.9.9"]) == [id[2]])
        #expect(try await ids(harness, ["--name", "storgata*"]) == [id[0], id[1], id[4]].sorted())
        #expect(try await ids(harness, ["--name", "Storgata ?"]) == [id[0]])
        // Filters combine.
        #expect(try await ids(harness, ["--name", "Storgata*", "--rx-below", "-25"]) == [id[0], id[4]].sorted())
    }

    @Test func sortAndLimitOrderTheRows() async throws {
        let harness = try await MCMSHarness(onus: 30)
        try await harness.login()
        let seeded = try await seed(harness)
        let rx = try await ids(harness, ["--sort", "rx", "--limit", "3"])
        #expect(rx == [seeded.ids[4], seeded.ids[0], seeded.ids[2]])
        let all = try JSONValue(parsing: await harness.run(["mcms", "onu", "list", "--json"]).stdout).arrayValue ?? []
        func sorted(_ key: String) async throws -> [JSONValue] {
            try JSONValue(parsing: await harness.run(["mcms", "onu", "list", "--json", "--sort", key]).stdout).arrayValue ?? []
        }
        let byName = try await sorted("name").compactMap { $0["name"]?.stringValue }.filter { !$0.isEmpty }
        #expect(byName == byName.sorted { $0.lowercased() < $1.lowercased() })
        let byUptime = try await sorted("uptime").compactMap { $0["uptime_seconds"]?.int64Value }
        #expect(byUptime == byUptime.sorted())
        let order = RegistrationState.allCases.map(\.word)
        let byState = try await sorted("state").compactMap { $0["state"]?.stringValue }.map { order.firstIndex(of: $0) ?? 99 }
        #expect(byState == byState.sorted())
        let byOLT = try await sorted("olt").compactMap { $0["olt_name"]?.stringValue }
        #expect(byOLT == byOLT.sorted())
        #expect(try await sorted("rx").count == all.count)
        #expect(try await ids(harness, ["--limit", "4"]).count == 4)
    }

    @Test func withAlarmsKeepsOnlyONUsWithActiveAlarms() async throws {
        let harness = try await MCMSHarness(onus: 30)
        try await harness.login()
        try await harness.clearAlarms()
        let onus = try await harness.onuIDs()
        try await harness.setAlarms(onus[0], [FleetAlarmTests.alarm("LOS", "CRITICAL", "2026-06-01 11:00:00.000000")])
        try await harness.setAlarms(onus[5], [FleetAlarmTests.alarm("HIGH-TEMP", "WARNING", "2026-06-01 11:00:00.000000")])
        #expect(try await ids(harness, ["--with-alarms"]) == [onus[0], onus[5]].sorted())
    }

    @Test func oltFilterTakesAMACOrANameOrAPartOfOne() async throws {
        let harness = try await MCMSHarness(onus: 30)
        try await harness.login()
        let olts = try JSONValue(parsing: await harness.run(["mcms", "olt", "list", "--json"]).stdout).arrayValue ?? []
        let mac = try #require(olts.first?["mac"]?.stringValue)
        let name = try #require(olts.first?["name"]?.stringValue)
        let byMAC = try await ids(harness, ["--olt", mac.uppercased()])
        #expect(!byMAC.isEmpty)
        #expect(try await ids(harness, ["--olt", name]) == byMAC)
        // A part of the name is enough; a letter dropped is a near miss, not found (exit 1).
        #expect(try await ids(harness, ["--olt", String(name.dropFirst(4)).lowercased()]) == byMAC)
        var typo = name
        typo.remove(at: typo.index(typo.startIndex, offsetBy: 5))
        let bad = await harness.run(["mcms", "onu", "list", "--olt", typo])
        #expect(bad.exitCode == 1)
        #expect(bad.stderr.contains("did you mean '\(name)'?"), "\(bad.stderr)")
    }

    @Test func hostileNumbersNeverCrashAListingOrADetailPage() async throws {
        let harness = try await MCMSHarness(onus: 20)
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        try await harness.editState(id) { state in
            try state.set(.number(JSONNumber(lexeme: "1e400")!), at: ["STATS", "RX Optical Level"])
            try state.set(.number(JSONNumber(lexeme: "-1e308")!), at: ["STATS", "RX Rate bps"])
            try state.set(.number(JSONNumber(lexeme: "1e400")!), at: ["STATS", "TX Rate bps"])
            try state.set(.number(JSONNumber(lexeme: "99999999999999999999999")!), at: ["STATS", "FEC Uncorrectable"])
            try state.set(.number(JSONNumber(lexeme: "1e400")!), at: ["ONU", "FW Bank Ptr"])
        }
        let olt = try #require(try await harness.state()["olt_ids"]?[0]?.stringValue)
        try await harness.editState(olt, kind: "olt-state") { state in
            try state.set(.number(JSONNumber(lexeme: "1e400")!), at: ["STATS", "RX Rate bps"])
        }
        for command in [
            ["mcms", "onu", "list", "-o", "table", "--sort", "rx", "--rx-below", "0", "--fec-uncorrectable-above", "1"],
            ["mcms", "onu", "show", id, "-o", "table"], ["mcms", "onu", "show", id, "--json"],
            ["mcms", "olt", "list", "-o", "table"], ["mcms", "dashboard", "-o", "table"], ["mcms", "dashboard", "--json"],
            ["mcms", "olt", "show", olt, "-o", "table"],
        ] {
            let result = await harness.run(command)
            #expect(result.exitCode == 0, "\(command): \(result.stderr)")
        }
        let show = await harness.run(["mcms", "onu", "show", id, "-o", "table"])
        #expect(show.stdout.contains("1e400 (out of range)"), "\(show.stdout)")
        #expect(show.stdout.contains("-1e308 (out of range)"))
        let olts = await harness.run(["mcms", "olt", "list", "-o", "table"])
        #expect(olts.stdout.contains("1e400 (out of range)"))
    }
}
