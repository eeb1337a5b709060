import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// Several MCMS appliances, as a NOC runs them: one emulator process per appliance (its own
/// seed, so its own ONU ids, OLTs and Norwegian names; its own clock), one home with a profile
/// per appliance (`site-a`, `site-b`, …), each logged in.
final class MCMSNetwork: Sendable {
    let home: FieldOpsHome
    let emulators: [String: Emulator]
    let names: [String]

    /// - Parameters:
    ///   - seeds: each appliance's fleet (the same seed twice: the same ONUs on two appliances).
    ///   - down: appliances stopped once logged in (their port then refuses connections).
    init(seeds: [Int] = [11, 12, 13], onus: Int = 40, down: Set<String> = []) async throws {
        home = try FieldOpsHome()
        var emulators: [String: Emulator] = [:]
        var names: [String] = []
        var profiles = ""
        for (index, seed) in seeds.enumerated() {
            let name = "site-" + String("abcdefgh"[String.Index(utf16Offset: index, in: "abcdefgh")])
            names.append(name)
            let emulator = try await EmulatorPool.shared.lease(
                script: "mcms_emulator", arguments: ["--onus", String(onus), "--olts", "4", "--seed", String(seed)])
            try await emulator.setClockOffset(seconds: Double(index * 37))
            emulators[name] = emulator
            profiles += "  \(name):\n    backend: mcms\n    base_url: \(emulator.baseURL)\n    http: { retries: 0, timeout: 5s }\n"
        }
        try home.writeConfig("profile_sets:\n  north: [site-a, site-b]\nprofiles:\n" + profiles)
        self.emulators = emulators
        self.names = names
        for name in names {
            let login = await run(
                ["-p", name, "auth", "login", "--username", MCMSHarness.tech, "--password-stdin"], stdin: MCMSHarness.password + "\n")
            guard login.exitCode == 0 else { throw TestSupportError("login to \(name) failed: \(login)") }
        }
        for name in down { _ = emulators[name]?.stop() }
    }

    deinit {
        for emulator in emulators.values { emulator.release() }
        home.remove()
    }

    func run(_ arguments: [String], stdin: String = "", terminals: Terminals = []) async -> CommandOutcome {
        await home.run(arguments, backends: [MCMSBackend()], stdin: stdin, terminals: terminals)
    }

    /// The records of a `--json` command line, which must succeed.
    func records(_ arguments: [String]) async throws -> [JSONValue] {
        let outcome = await run(arguments + ["--json"])
        guard outcome.exitCode == 0 else { throw TestSupportError("\(arguments) failed: \(outcome)") }
        return try JSONValue(parsing: outcome.stdout).arrayValue ?? []
    }
}

@Suite struct ApplianceSetTests {
    static func rx(_ record: JSONValue) -> Double { record["rx_optical_dbm"]?.numberValue?.double ?? .infinity }

    @Test func theWorstAcrossAppliancesAreTheWorstOfEach() async throws {
        let network = try await MCMSNetwork()
        var everyone: [(profile: String, record: JSONValue)] = []
        for name in network.names {
            everyone += try await network.records(["-p", name, "mcms", "onu", "list"]).map { (name, $0) }
        }
        let expected = everyone.sorted { Self.rx($0.record) < Self.rx($1.record) }.prefix(5)
        let merged = try await network.records(["mcms", "onu", "list", "--profiles", "site-*", "--sort", "rx", "--limit", "5"])
        #expect(merged.count == 5)
        #expect(merged.map { $0["id"] } == expected.map { $0.record["id"] })
        #expect(merged.map { $0["profile"]?.stringValue } == expected.map(\.profile))
        // Every appliance's rows are there, each once, and more than one appliance is among the worst.
        let all = try await network.records(["mcms", "onu", "list", "--all-profiles"])
        #expect(all.count == everyone.count)
        #expect(Set(all.compactMap { $0["profile"]?.stringValue }) == Set(network.names))
        #expect(Set(merged.compactMap { $0["profile"]?.stringValue }).count > 1)
    }

    @Test func everyFormCarriesTheProfile() async throws {
        let network = try await MCMSNetwork()
        let ndjson = await network.run(["mcms", "onu", "list", "--profiles", "@north", "-o", "ndjson"])
        #expect(ndjson.exitCode == 0, "\(ndjson)")
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == 80)
        for line in lines {
            let record = try JSONValue(parsing: Data(line.utf8))
            #expect(record.objectValue?.keys.first == "profile")
            #expect(["site-a", "site-b"].contains(record["profile"]?.stringValue ?? ""))
        }
        let csv = await network.run(["mcms", "onu", "list", "--profiles", "site-a,site-c", "-o", "csv"])
        #expect(csv.exitCode == 0, "\(csv)")
        let rows = try PythonCSV.parse(csv.stdout)
        #expect(rows.first?.first == "profile")
        #expect(Set(rows.dropFirst().map { $0[0] }) == ["site-a", "site-c"])
        // A table has the Profile column first; names in Norwegian survive it.
        let table = await network.run(["mcms", "onu", "list", "--all-profiles"], terminals: .stdout)
        #expect(table.stdout.hasPrefix("PROFILE"), "\(table.stdout.prefix(200))")
        #expect(table.stdout.contains("site-c"))
        // Alarms, OLTs and firmware files too.
        for command in [["alarms"], ["olt", "list"], ["firmware", "files"]] {
            let records = try await network.records(["mcms"] + command + ["--all-profiles"])
            #expect(!records.isEmpty, "\(command)")
            #expect(records.allSatisfy { $0["profile"]?.stringValue.map(network.names.contains) == true }, "\(command)")
        }
    }

    @Test func anApplianceDownIsOneLineAndExitFive() async throws {
        let network = try await MCMSNetwork(down: ["site-b"])
        let outcome = await network.run(["mcms", "onu", "list", "--all-profiles", "--json"])
        #expect(outcome.exitCode == 5, "\(outcome)")
        let records = try JSONValue(parsing: outcome.stdout).arrayValue ?? []
        #expect(records.count == 80)
        #expect(Set(records.compactMap { $0["profile"]?.stringValue }) == ["site-a", "site-c"])
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("fieldops: profile site-b: ") && $0.contains("cannot reach") }.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("1 appliance of 3 could not be read (site-b)"))
        // The dashboard adds up the others and names them line by line.
        let dashboard = await network.run(["mcms", "dashboard", "--all-profiles", "--json"])
        #expect(dashboard.exitCode == 5, "\(dashboard)")
        let value = try JSONValue(parsing: dashboard.stdout)
        #expect(value["network"]?["onus"] == 80)
        #expect(value["appliances"]?.arrayValue?.compactMap { $0["profile"]?.stringValue } == ["site-a", "site-c"])
    }

    @Test func aSlowApplianceTimesOutAloneAndTheOthersAreListed() async throws {
        let network = try await MCMSNetwork(seeds: [61, 62])
        try await network.emulators["site-b"]!.setLatency(milliseconds: 4000)
        let outcome = await network.run(["--timeout", "1s", "mcms", "onu", "list", "--all-profiles", "-o", "ndjson"])
        #expect(outcome.exitCode == 5, "\(outcome)")
        #expect(outcome.stdout.split(separator: "\n").count == 40)
        #expect(outcome.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix(#"{"profile":"site-a""#) })
        #expect(outcome.stderr.contains("fieldops: profile site-b: "), "\(outcome.stderr)")
    }

    @Test func everyApplianceDownIsExitFour() async throws {
        let network = try await MCMSNetwork(seeds: [11, 12], down: ["site-a", "site-b"])
        let outcome = await network.run(["mcms", "alarms", "--all-profiles"])
        #expect(outcome.exitCode == 4, "\(outcome)")
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("none of the 2 appliances could be read (site-a, site-b)"), "\(outcome.stderr)")
    }

    @Test func aLoggedOutApplianceIsNamedAndTheOthersAnswer() async throws {
        let network = try await MCMSNetwork()
        try await network.emulators["site-c"]?.admin(post: "expire-sessions")
        let outcome = await network.run(["mcms", "olt", "list", "--all-profiles", "--json"])
        #expect(outcome.exitCode == 5, "\(outcome)")
        #expect(
            outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("fieldops: ") && $0.contains("profile site-c") }.count == 1,
            "one line of its own: \(outcome.stderr)")
        #expect(outcome.stderr.contains("1 appliance of 3 could not be read (site-c)"))
        #expect(outcome.stderr.contains("auth login"), "the hint says how to log in again: \(outcome.stderr)")
        let records = try JSONValue(parsing: outcome.stdout).arrayValue ?? []
        #expect(Set(records.compactMap { $0["profile"]?.stringValue }) == ["site-a", "site-b"])
    }

    @Test func profileSetsNameTheirProfilesOrSayWhy() async throws {
        let network = try await MCMSNetwork(seeds: [11, 12])
        let unknown = await network.run(["mcms", "onu", "list", "--profiles", "@nroth"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderr.contains("unknown profile set '@nroth'"))
        #expect(unknown.stderr.contains("did you mean '@north'?"), "\(unknown.stderr)")
        let none = await network.run(["mcms", "onu", "list", "--profiles", "oslo-*"])
        #expect(none.exitCode == 2)
        #expect(none.stderr.contains("no mcms profile matches 'oslo-*'"))
        let both = await network.run(["-p", "site-a", "mcms", "alarms", "--profiles", "site-b"])
        #expect(both.exitCode == 2)
        #expect(both.stderr.contains("--profile names one profile and --profiles several"))
        let parallel = await network.run(["mcms", "alarms", "--max-parallel", "2"])
        #expect(parallel.exitCode == 2)
    }

    @Test func findAnswersFromTheCachesThenLive() async throws {
        let network = try await MCMSNetwork()
        let siteB = try await network.records(["-p", "site-b", "mcms", "onu", "list"])
        _ = try await network.records(["-p", "site-a", "mcms", "onu", "list"])
        let target = try #require(siteB.first { ($0["name"]?.stringValue ?? "").count > 3 })
        let id = try #require(target["id"]?.stringValue)

        // By id, from the caches only: no request reaches an appliance.
        let before = try await network.emulators["site-b"]!.requests().count
        let cached = try await network.records(["mcms", "onu", "find", id, "--cached"])
        #expect(cached.count == 1)
        #expect(cached.first?["profile"] == "site-b")
        #expect(cached.first?["seen"] == "cache")
        #expect(try await network.emulators["site-b"]!.requests().count == before)

        // Live: confirmed with its OLT and port.
        let live = try await network.records(["mcms", "onu", "find", id.lowercased()])
        #expect(live.count == 1)
        #expect(live.first?["seen"] == "live")
        #expect(live.first?["olt_mac"] == target["olt_mac"])
        #expect(live.first?["pon_port"]?.stringValue != nil)

        // By serial (the digits without the vendor), and by part of its name.
        let serial = try await network.records(["mcms", "onu", "find", String(id.dropFirst(4))])
        #expect(serial.map { $0["id"] } == [.string(id)])
        let name = try #require(target["name"]?.stringValue)
        let byName = try await network.records(["mcms", "onu", "find", name])
        #expect(byName.contains { $0["id"] == .string(id) && $0["profile"] == "site-b" })

        // Several: every ONU whose name has a common word, on more than one appliance.
        let several = try await network.records(["mcms", "onu", "find", "a"])
        #expect(Set(several.compactMap { $0["profile"]?.stringValue }).count > 1)

        // None: exit 1, nothing on stdout.
        let nothing = await network.run(["mcms", "onu", "find", "Ingensteds 999"])
        #expect(nothing.exitCode == 1)
        #expect(nothing.stdout.isEmpty)
        #expect(nothing.stderr.contains("no ONU matches Ingensteds 999"))
    }

    @Test func findKeepsTheCachedAnswerOfAnApplianceThatIsDown() async throws {
        let network = try await MCMSNetwork()
        let siteC = try await network.records(["-p", "site-c", "mcms", "onu", "list"])
        let id = try #require(siteC.first?["id"]?.stringValue)
        _ = network.emulators["site-c"]!.stop()
        let outcome = await network.run(["mcms", "onu", "find", id, "--json"])
        #expect(outcome.exitCode == 5, "\(outcome)")
        let found = try JSONValue(parsing: outcome.stdout).arrayValue ?? []
        #expect(found.map { $0["profile"] } == ["site-c"])
        #expect(found.first?["seen"] == "cache")
    }

    @Test func aWriteGoesOnlyWhereEachTargetIsOnOneAppliance() async throws {
        // site-a and site-b hold the same fleet (one seed): every id is on both.
        let network = try await MCMSNetwork(seeds: [21, 21, 22])
        let shared = try #require(try await network.records(["-p", "site-a", "mcms", "onu", "list"]).first?["id"]?.stringValue)
        let own = try #require(try await network.records(["-p", "site-c", "mcms", "onu", "list"]).first?["id"]?.stringValue)

        let ambiguous = await network.run(["mcms", "onu", "reset", shared, "--all-profiles", "--yes"])
        #expect(ambiguous.exitCode == 2, "\(ambiguous)")
        #expect(ambiguous.stderr.contains("is on 2 appliances (site-a, site-b)"))
        #expect(ambiguous.stderr.contains("fieldops -p site-a mcms onu reset \(shared)"), "\(ambiguous.stderr)")
        for name in ["site-a", "site-b"] { #expect(try await network.emulators[name]!.writeCount() == 0) }

        let missing = await network.run(["mcms", "onu", "reset", "ALPH00000000", "--all-profiles", "--yes"])
        #expect(missing.exitCode == 1)
        #expect(missing.stderr.contains("on any of the 3 appliances asked"))

        // One appliance holds it: written there, and only there.
        let one = await network.run(["mcms", "onu", "reset", own, "--all-profiles", "--yes"])
        #expect(one.exitCode == 0, "\(one)")
        #expect(one.stderr.contains("ONU \(own) is on profile site-c"))
        #expect(try await network.emulators["site-c"]!.writeCount() == 1)

        // Off a terminal without --yes: refused, naming each appliance with its count.
        let ownB = try #require(try await network.records(["-p", "site-c", "mcms", "onu", "list"]).dropFirst().first?["id"]?.stringValue)
        let refused = await network.run(["mcms", "onu", "reset", "--ids", "\(own),\(ownB)", "--profiles", "site-c"])
        #expect(refused.exitCode == 2)
    }

    @Test func aWriteOverSeveralAppliancesConfirmsEachWithItsCount() async throws {
        let network = try await MCMSNetwork(seeds: [31, 32])
        let a = try await network.records(["-p", "site-a", "mcms", "onu", "list"]).prefix(2).compactMap { $0["id"]?.stringValue }
        let b = try #require(try await network.records(["-p", "site-b", "mcms", "onu", "list"]).first?["id"]?.stringValue)
        let ids = (a + [b]).joined(separator: ",")
        let refused = await network.run(["mcms", "onu", "reset", "--ids", ids, "--all-profiles"])
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("reset 3 ONUs on 2 appliances (site-a: 2, site-b: 1)"), "\(refused.stderr)")
        let typed = await network.run(
            ["mcms", "onu", "reset", "--ids", ids, "--all-profiles"], stdin: "3\n", terminals: [.stdin, .stderr])
        #expect(typed.exitCode == 0, "\(typed)")
        #expect(try await network.emulators["site-a"]!.writeCount() == 2)
        #expect(try await network.emulators["site-b"]!.writeCount() == 1)
        // A rollout runs on one appliance: targets on two are refused with the command for each.
        let rollout = await network.run([
            "mcms", "onu", "firmware-bulk", "--file", "ALPH-R4.3.1.bin", "--ids", ids, "--all-profiles", "--dry-run",
        ])
        #expect(rollout.exitCode == 2, "\(rollout)")
        #expect(
            rollout.stderr.contains("on site-b: fieldops -p site-b mcms onu firmware-bulk --file ALPH-R4.3.1.bin --ids \(b) --dry-run"),
            "\(rollout.stderr)")
    }

    @Test func rolloutReportsNameTheirApplianceAndResumeOnlyThere() async throws {
        let network = try await MCMSNetwork(seeds: [51, 52], onus: 16)
        var reports: [String] = []
        for name in ["site-a", "site-b"] {
            let mac = try #require(try await network.records(["-p", name, "mcms", "olt", "list"]).first?["mac"]?.stringValue)
            let report = network.home.path("\(name)-rollout.jsonl")
            let run = await network.run([
                "-p", name, "mcms", "onu", "firmware-bulk", "--file", "ALPH-R4.3.1.bin", "--olt", mac, "--stage-only", "--report", report,
                "--yes",
            ])
            #expect([0, 5].contains(run.exitCode), "\(run)")
            reports.append(report)
        }
        let status = await network.run(["mcms", "rollout", "status"] + reports + ["--json"])
        #expect(status.exitCode == 0, "\(status)")
        let values = try JSONValue(parsing: status.stdout).arrayValue ?? []
        #expect(values.map { $0["profile"] } == ["site-a", "site-b"])
        let table = await network.run(["mcms", "rollout", "status"] + reports, terminals: .stdout)
        #expect(table.stdout.contains("profile site-a: \(reports[0])"))
        #expect(table.stdout.contains("profile site-b: \(reports[1])"))
        // Resuming site-a's rollout against site-b is refused, naming the command that resumes it.
        let wrong = await network.run(["-p", "site-b", "mcms", "onu", "firmware-bulk", "--resume", reports[0], "--yes"])
        #expect(wrong.exitCode == 2, "\(wrong)")
        #expect(wrong.stderr.contains("ran on profile site-a, not site-b"))
        #expect(wrong.stderr.contains("fieldops -p site-a mcms onu firmware-bulk --resume"))
    }

    @Test func aWatchAcrossAppliancesStreamsOneRecordPerRefresh() async throws {
        let network = try await MCMSNetwork(seeds: [41, 42], onus: 20)
        let outcome = await network.run([
            "mcms", "alarms", "--all-profiles", "--watch", "--interval", "1s", "--until", "count>=0", "--until-timeout", "30s",
        ])
        #expect(outcome.exitCode == 0, "\(outcome)")
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let record = try JSONValue(parsing: Data(lines[0].utf8))
        let data = try #require(record["data"]?.arrayValue)
        #expect(Set(data.compactMap { $0["profile"]?.stringValue }) == ["site-a", "site-b"])
        #expect(record["errors"] == nil)
    }

    @Test func aWatchNamesAnApplianceThatFailsAndGoesOn() async throws {
        let network = try await MCMSNetwork(seeds: [41, 42], onus: 20, down: ["site-b"])
        let outcome = await network.run([
            "mcms", "onu", "list", "--all-profiles", "--watch", "--interval", "1s", "--until", "count>=20", "--until-timeout", "30s",
        ])
        #expect(outcome.exitCode == 0, "\(outcome)")
        let record = try JSONValue(parsing: Data(outcome.stdout.split(separator: "\n")[0].utf8))
        #expect(record["data"]?.arrayValue?.count == 20)
        #expect(record["errors"]?[0]?["profile"] == "site-b")
    }
}

extension Emulator {
    /// Writes the MCMS emulator logged (one per unsafe request to a document).
    func writeCount() async throws -> Int {
        (try JSONValue(parsing: try await state())["writes"]?.arrayValue ?? []).count
    }
}

/// The merged listings and a watch across appliances on real terminals (a pty read back by pyte),
/// at 60 and 80 columns, with Norwegian, CJK and emoji names, and `stty -a` as before.
@Suite struct ApplianceSetTerminalTests {
    func environment(_ network: MCMSNetwork) -> [String: String] {
        var environment = network.home.environment
        environment["TERM"] = "xterm-256color"
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return environment
    }

    @Test(arguments: [60, 80])
    func theMergedListingKeepsProfileAndIdWhole(columns: Int) async throws {
        let network = try await MCMSNetwork(seeds: [71, 72], onus: 8)
        for (name, label) in [("site-a", "Sjøgata 5 “Kvartal” Ålesundsvegen"), ("site-b", "東京 ビル 3F 受付 🔧")] {
            let id = try #require(try await network.records(["-p", name, "mcms", "onu", "list"]).first?["id"]?.stringValue)
            #expect(await network.run(["-p", name, "mcms", "onu", "rename", id, label, "--yes"]).exitCode == 0)
        }
        let screen = try TerminalScreen(
            "/bin/sh",
            arguments: [
                "-c", #""$@"; echo "exit status $?"; sleep 30"#, "sh", FieldOpsBinary.path, "mcms", "onu", "list", "--all-profiles",
            ],
            environment: environment(network), columns: columns, rows: 40)
        let done = try screen.wait(for: "exit status 0")
        #expect(done.ok, "\(done.text)")
        let rows = done.lines.filter { $0.hasPrefix("site-") }
        #expect(rows.count == 16, "one screen line per ONU: \(done.text)")
        for row in rows {
            let words = row.split(separator: " ", omittingEmptySubsequences: true)
            #expect(words.count >= 2 && words[0].count == 6 && words[1].count == 12, "profile and id whole: \(row)")
        }
        #expect(done.lines.first { $0.hasPrefix("PROFILE") } != nil, "\(done.text)")
    }

    @Test func aWatchAcrossAppliancesNamesTheOneDownAboveTheFrame() async throws {
        let network = try await MCMSNetwork(seeds: [73, 74], onus: 8, down: ["site-b"])
        let stty = network.home.path("stty")
        let screen = try ModesKeptRun.start(
            ["mcms", "alarms", "--all-profiles", "--watch", "--interval", "1s"], environment: environment(network), stty: stty,
            columns: 80, rows: 24)
        let shown = try screen.wait(for: "profile site-b:")
        #expect(shown.ok, "\(shown.text)")
        #expect(shown.lines.contains { $0.hasPrefix("site-a") }, "\(shown.text)")
        try ModesKeptRun.quit(screen, stty: stty)
    }
}

@Suite struct ONUSearchTests {
    @Test func termsAreIdsSerialsMACsOrNames() {
        #expect(ONUSearch("alph0067DBA8").wholeID == "ALPH0067dba8")
        #expect(ONUSearch("ALPH0067dba8").matches(id: "ALPH0067dba8", name: ""))
        #expect(!ONUSearch("ALPH0067dba8").matches(id: "ALPH0067dba9", name: "ALPH0067dba8"))
        #expect(ONUSearch("0067dba8").matches(id: "ALPH0067dba8", name: ""))
        #expect(ONUSearch("70-B3-D5-52-31-27").matches(id: "70:b3:d5:52:31:27", name: ""))
        #expect(!ONUSearch("70:b3:d5:52:31:27").matches(id: "ALPH0067dba8", name: "70:b3:d5:52:31:27 kiosk"))
        #expect(ONUSearch("sjøgata 7").matches(id: "CXNK76003a09", name: "Sjøgata 7"))
        #expect(ONUSearch("Ålesund*").matches(id: "CXNK76003a09", name: "Ålesundsvegen 2"))
        #expect(ONUSearch("“Kiosk”").matches(id: "X", name: "Storgata 1 “Kiosk”"))
    }
}
