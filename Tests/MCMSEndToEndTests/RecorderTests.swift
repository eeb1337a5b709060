import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// The recorder over simulated time: the emulator's clock frozen and moved by the test, and
/// fieldops' own clock (`WallClock`) set to the same instant for each `record --once`.
extension MCMSHarness {
    static let weekStart: Int64 = 1_780_315_200_000  // 2026-06-01T12:00:00Z

    /// Moves the emulator's clock to `instant` (frozen there).
    func setEmulatorClock(_ instant: Int64) async throws {
        let naive = String(Timestamp.isoUTC(milliseconds: instant).dropLast())
        try await adminRequest(.post, ["clock"], body: .json(JSONValue.object(["set": .string(naive), "frozen": .bool(true)]).jsonData()))
    }

    func postAdmin(_ path: String, _ body: JSONValue) async throws {
        try await adminRequest(.post, [path], body: .json(body.jsonData()))
    }

    /// Runs a command with fieldops' clock at `instant`.
    func run(at instant: Int64, _ arguments: [String], environment: [String: String] = [:], terminal: Bool = false) async -> CommandOutcome
    {
        await WallClock.$override.withValue(WallClock(startingAt: instant)) {
            await run(arguments, environment: environment, terminals: terminal ? .stdout : [])
        }
    }

    /// One sample at `instant`, on both clocks.
    func record(at instant: Int64) async throws {
        try await setEmulatorClock(instant)
        let outcome = await run(at: instant, ["mcms", "record", "--once"])
        guard outcome.exitCode == 0 else {
            throw TestSupportError("record at \(Timestamp.isoUTC(milliseconds: instant)) failed: \(outcome)")
        }
    }

    func historyStore() throws -> HistoryStore {
        try HistoryStore(path: HistoryStore.path(inDataDirectory: home.path("data") + "/fieldops/lab"))
    }

    /// Every recorded ONU with its OLT and port.
    func recordedONUs() throws -> [HistoryStore.KnownDevice] {
        try historyStore().knownDevices(olt: false).values.sorted { $0.id < $1.id }
    }

    static func naive(_ instant: Int64) -> JSONValue { .string(String(Timestamp.isoUTC(milliseconds: instant).dropLast())) }
}

@Suite struct RecorderTests {
    static let sixHours: Int64 = 6 * 3_600_000

    @Test func aSimulatedWeekShowsTheDriftAndNotTheBlips() async throws {
        let bed = try await MCMSHarness(onus: 64)
        try await bed.login()
        let start = MCMSHarness.weekStart
        try await bed.record(at: start)
        // Three ONUs on one OLT port lose 2.4 dB on day 5 (a dirty connector in the cabinet); one
        // ONU fades 1 dB a day; two only blip, each for one sample.
        let onus = try bed.recordedONUs().filter { $0.olt != nil && $0.port != nil }
        let byPort = Dictionary(grouping: onus) { "\($0.olt!)#\($0.port!)" }
        let shared = try #require(byPort.values.first { $0.count >= 3 }).prefix(3).map(\.id)
        let rest = onus.map(\.id).filter { !shared.contains($0) }
        let fading = rest[0]
        let blipping = [rest[1], rest[2]]
        let stepAt = start + 5 * 24 * 3_600_000 + 2 * 3_600_000
        let last = start + 28 * Self.sixHours
        var specs: [String: JSONValue] = [:]
        for id in shared { specs[id] = .object(["step_db": .number(JSONNumber(lexeme: "-2.4")!), "step_at": MCMSHarness.naive(stepAt)]) }
        specs[fading] = .object(["rx_db_per_day": .number(JSONNumber(lexeme: "-1.0")!)])
        specs[blipping[0]] = .object([
            "blips": .array([
                .object(["at": MCMSHarness.naive(last), "seconds": .number(JSONNumber(60)), "rx_db": .number(JSONNumber(-9))])
            ])
        ])
        specs[blipping[1]] = .object([
            "blips": .array([
                .object([
                    "at": MCMSHarness.naive(last - Self.sixHours), "seconds": .number(JSONNumber(60)), "rx_db": .number(JSONNumber(-6)),
                ])
            ])
        ])
        try await bed.setEmulatorClock(start)
        try await bed.postAdmin("drift", .object(["onus": .object(JSONObject(specs.sorted { $0.key < $1.key }))]))
        for step in 1...28 { try await bed.record(at: start + Int64(step) * Self.sixHours) }

        let drift = await bed.run(at: last + 60_000, ["mcms", "onu", "drift", "--json"])
        #expect(drift.exitCode == 0, "\(drift)")
        let findings = try JSONValue(parsing: drift.stdout).arrayValue ?? []
        #expect(Set(findings.compactMap { $0["id"]?.stringValue }) == Set(shared + [fading]), "\(drift.stdout)")
        for finding in findings where shared.contains(finding["id"]?.stringValue ?? "") {
            #expect(finding["group_size"]?.numberValue?.int64 == 3)
            let drop = finding["drop_db"]?.numberValue?.double ?? 0
            #expect(drop > 2.3 && drop < 2.5, "\(finding)")
            // The drop began with the first sample after the step.
            #expect(finding["since"]?.stringValue == Timestamp.isoUTC(milliseconds: start + 21 * Self.sixHours), "\(finding)")
        }
        let table = await bed.run(at: last + 60_000, ["mcms", "onu", "drift"], terminal: true)
        #expect(table.exitCode == 0, "\(table)")
        #expect(table.stdout.contains("3 ONUs on "), "\(table.stdout)")
        #expect(table.stdout.contains("dropped 2.4 dB since "), "\(table.stdout)")
        // A higher threshold leaves only the fading ONU: its last three samples are 3.0–3.5 dB
        // under its median (day 3.5), the shared step 2.4 dB.
        let strict = try JSONValue(
            parsing: await bed.run(at: last + 60_000, ["mcms", "onu", "drift", "--rx-drop", "2.7", "--json"]).stdout)
        #expect(strict.arrayValue?.compactMap { $0["id"]?.stringValue } == [fading])

        // History: every sample of the week, the step in it.
        let history = await bed.run(at: last + 60_000, ["mcms", "onu", "history", shared[0], "--since", "7d", "--metric", "rx", "--json"])
        #expect(history.exitCode == 0, "\(history)")
        let points = try JSONValue(parsing: history.stdout).arrayValue ?? []
        #expect(points.count == 28, "\(points.count)")
        let levels = points.compactMap { $0["rx_dbm"]?.numberValue?.double }
        #expect(levels.count == 28)
        #expect(abs((levels.first ?? 0) - (levels.last ?? 0) - 2.4) < 0.011, "\(levels)")
        let screen = await bed.run(at: last + 60_000, ["mcms", "onu", "history", shared[0], "--since", "7d"], terminal: true)
        #expect(screen.exitCode == 0, "\(screen)")
        #expect(screen.stdout.contains("RX "), "\(screen.stdout)")
        #expect(screen.stdout.contains("last "), "\(screen.stdout)")
        #expect(screen.stdout.unicodeScalars.contains { (0x2581...0x2588).contains($0.value) }, "\(screen.stdout)")
        #expect(screen.stdout.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 }, "\(screen.stdout)")
        // onu show gains the week's trend from the same store.
        let show = await bed.run(at: last + 60_000, ["mcms", "onu", "show", shared[0], "--json"])
        #expect(show.exitCode == 0, "\(show)")
        let trend = try JSONValue(parsing: show.stdout)["optical"]?["rx_trend"]
        let from = trend?["from_dbm"]?.numberValue?.double ?? 0
        let to = trend?["to_dbm"]?.numberValue?.double ?? 0
        #expect(abs(from - to - 2.4) < 0.011, "\(show.stdout)")
        let card = await bed.run(at: last + 60_000, ["mcms", "onu", "show", shared[0]], terminal: true)
        #expect(card.stdout.contains("RX 7d"), "\(card.stdout)")
        #expect(card.stdout.contains(" → "), "\(card.stdout)")
        // onu list: every row gets the week (its first and last level; a sparkline on a terminal).
        let listing = try JSONValue(parsing: await bed.run(at: last + 60_000, ["mcms", "onu", "list", "--json"]).stdout).arrayValue ?? []
        let row = try #require(listing.first { $0["id"]?.stringValue == shared[0] })
        let rowFrom = row["rx_7d_from_dbm"]?.numberValue?.double ?? 0
        let rowTo = row["rx_7d_to_dbm"]?.numberValue?.double ?? 0
        #expect(abs(rowFrom - rowTo - 2.4) < 0.011, "\(row)")
        #expect(listing.allSatisfy { $0.objectValue?.keys.contains("rx_7d_to_dbm") == true })
        let wide = await bed.run(
            at: last + 60_000, ["mcms", "onu", "list", "--limit", "5"], environment: ["COLUMNS": "200"], terminal: true)
        #expect(wide.stdout.contains("RX 7D"), "\(wide.stdout)")
        // An ONU never recorded is exit 1 with the way to record it.
        let unknown = await bed.run(at: last, ["mcms", "onu", "history", "ALPH00000000"])
        #expect(unknown.exitCode == 1)
        #expect(unknown.stderr.contains("no history of ONU ALPH00000000 on profile lab"), "\(unknown.stderr)")
    }

    @Test func alarmsRaisedAndClearedAreKeptWithTheirDuration() async throws {
        let bed = try await MCMSHarness()
        try await bed.login()
        try await bed.clearAlarms()
        let start = MCMSHarness.weekStart
        let onu = try #require(try await bed.onuIDs().first)
        try await bed.postAdmin(
            "alarm-schedule",
            .object([
                "alarms": .array([
                    .object([
                        "device": .string(onu),
                        "alarm": .object([
                            "Name": .string("Loss of Signal"), "Severity": .string("CRITICAL"),
                            "Message": .string("fibre cut at “Sjøgata 4”"),
                        ]),
                        "raise_at": MCMSHarness.naive(start + 30 * 60_000), "clear_at": MCMSHarness.naive(start + 150 * 60_000),
                    ])
                ])
            ]))
        for minutes in stride(from: 0, through: 180, by: 60) { try await bed.record(at: start + Int64(minutes) * 60_000) }
        let history = await bed.run(at: start + 181 * 60_000, ["mcms", "alarms", "history", "--since", "1d", "--json"])
        #expect(history.exitCode == 0, "\(history)")
        let spans = try JSONValue(parsing: history.stdout).arrayValue ?? []
        #expect(spans.count == 1, "\(history.stdout)")
        let span = try #require(spans.first)
        #expect(span["device"]?.stringValue == onu)
        #expect(span["alarm"]?.stringValue == "Loss of Signal")
        #expect(span["severity"]?.stringValue == "critical")
        #expect(span["message"]?.stringValue == "fibre cut at “Sjøgata 4”")
        #expect(span["raised_at"]?.stringValue == Timestamp.isoUTC(milliseconds: start + 30 * 60_000))
        // Cleared at 02:30; the first sample that no longer saw it is 03:00.
        #expect(span["cleared_at"]?.stringValue == Timestamp.isoUTC(milliseconds: start + 180 * 60_000))
        let active = span["active_seconds"]?.numberValue?.int64
        #expect(active == 9_000)
        let table = await bed.run(at: start + 181 * 60_000, ["mcms", "alarms", "history", "--device", onu], terminal: true)
        #expect(table.stdout.contains("Loss of Signal"), "\(table.stdout)")
        #expect(table.stdout.contains("2 h 30 min"), "\(table.stdout)")

        // An alarm raised after the last sample is marked new in alarms and counted in the dashboard.
        let other = try #require(try await bed.onuIDs().dropFirst().first)
        try await bed.setAlarms(other, [SilenceTests.alarm("Dying Gasp", "MAJOR", "power cut at Ålesundsvegen 7")])
        let now = start + 185 * 60_000
        let fresh = try JSONValue(parsing: await bed.run(at: now, ["mcms", "alarms", "--json"]).stdout).arrayValue ?? []
        #expect(fresh.map { $0["new"] } == [.bool(true)], "\(fresh)")
        let dashboard = try JSONValue(parsing: await bed.run(at: now, ["mcms", "dashboard", "--json"]).stdout)
        #expect(dashboard["health"]?["alarms_new"]?.numberValue?.int64 == 1, "\(dashboard)")
        let screen = await bed.run(at: now, ["mcms", "alarms"], terminal: true)
        #expect(screen.stdout.contains("major (new)"), "\(screen.stdout)")
        try await bed.record(at: start + 190 * 60_000)
        let seen = try JSONValue(parsing: await bed.run(at: now, ["mcms", "alarms", "--json"]).stdout).arrayValue ?? []
        #expect(seen.map { $0["new"] } == [.bool(false)], "\(seen)")
    }

    @Test func retentionRollsUpHoursAndDropsWhatIsPastKeep() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try HistoryStore(path: directory + "/history.sqlite")
        let start = MCMSHarness.weekStart
        let five: Int64 = 5 * 60_000
        let keep: Int64 = 8 * HistoryStore.day
        // Nine days of five-minute samples of two ONUs; RX walks through the hour so each hour's average is known.
        let count = 9 * 288
        for index in 0..<count {
            var sample = HistorySample(at: start + Int64(index) * five)
            for (offset, id) in ["ALPH0000aaaa", "BETA0000bbbb"].enumerated() {
                var point = ONUPoint(id: id)
                point.rx = -2_000 - offset * 100 - index % 12
                point.fecCorrected = Int64(index * 10)
                point.registration = .registered
                point.firmware = index < count / 2 ? "R2.4.1" : "R2.5.0"
                sample.onus.append(point)
            }
            sample.names = ["ALPH0000aaaa": "Ålesundsvegen 7", "BETA0000bbbb": "東京 1"]
            try store.record(sample, keep: keep)
        }
        let now = start + Int64(count - 1) * five
        let (ref, device) = try #require(try store.device("alph0000AAAA", olt: false))
        #expect(device.name == "Ålesundsvegen 7")
        let series = try store.onuSeries(ref: ref, since: now - 8 * HistoryStore.day, until: now)
        let hourly = series.filter(\.hourly)
        let raw = series.filter { !$0.hourly }
        // Samples as taken for the last 7 days, an hourly average before, no hour counted twice.
        let rawRange = (7 * 288 - 12)...(7 * 288 + 1)
        #expect(rawRange.contains(raw.count), "\(raw.count)")
        #expect(raw.first.map { $0.at >= now - HistoryStore.rawKept } == true)
        #expect(hourly.allSatisfy { $0.at < raw.first!.at })
        #expect(hourly.count >= 23 && hourly.count <= 25, "\(hourly.count)")
        // -2000 … -2011 in each hour: the average rounds to -2006 (−2005.5 away from zero).
        #expect(hourly.allSatisfy { $0.rx == -2_006 }, "\(hourly.map(\.rx))")
        // The counter is the hour's last reading, the firmware too.
        if let first = hourly.first { #expect(first.fecCorrected.map { $0 % 120 == 110 } == true, "\(first)") }
        #expect(series.last?.firmware == "R2.5.0")
        // Nothing older than --keep is left, raw or hourly.
        let oldest = try #require(try store.database.scalar("SELECT min(at) FROM samples", as: Int64.self))
        #expect(oldest >= now - keep)
        let rawOldest = try #require(try store.database.scalar("SELECT min(at) FROM samples WHERE span = 0", as: Int64.self))
        #expect(rawOldest >= now - HistoryStore.rawKept - HistoryStore.hour)
        // Points of dropped samples are gone too.
        let orphans = try store.database.scalar(
            "SELECT count(*) FROM onu_points WHERE key >> 24 NOT IN (SELECT seq FROM samples)", as: Int64.self)
        #expect(orphans == 0)
    }

    @Test func killedMidSampleTheStoreOpensAndTheNextSampleWorks() async throws {
        let bed = try await MCMSHarness(onus: 3_000)
        try await bed.login()
        var kills = 0
        for trial in 0..<6 {
            let process = try bed.spawn(["mcms", "record", "--every", "10s"])
            try await Task.sleep(nanoseconds: UInt64(120_000_000 + trial * 90_000_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
        }
        #expect(kills == 6)
        let store = try bed.historyStore()
        #expect(try store.database.scalar("PRAGMA integrity_check", as: String.self) == "ok")
        let before = try store.database.scalar("SELECT count(*) FROM samples WHERE span = 0", as: Int64.self) ?? 0
        let once = await bed.run(["mcms", "record", "--once"])
        #expect(once.exitCode == 0, "\(once)")
        let after = try store.database.scalar("SELECT count(*) FROM samples WHERE span = 0", as: Int64.self) ?? 0
        #expect(after == before + 1)
        // Every sample whole: as many points as the samples say they hold.
        let points = try store.database.scalar("SELECT count(*) FROM onu_points", as: Int64.self) ?? 0
        let promised = try store.database.scalar("SELECT sum(onus) FROM samples", as: Int64.self) ?? 0
        #expect(points == promised && points > 0, "\(points) points, \(promised) promised")
    }

    @Test func sigtermFinishesTheSampleAndExitsZero() async throws {
        let bed = try await MCMSHarness(onus: 2_000)
        try await bed.login()
        let log = bed.home.path("recorder.log")
        let process = try bed.spawn(["mcms", "record", "--every", "10s"], stderr: log)
        // Stopped while its first sample is being read: that sample still lands.
        try await Task.sleep(nanoseconds: 80_000_000)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("recorder stopped"), "\(stderr)")
        let samples = try bed.historyStore().database.scalar("SELECT count(*) FROM samples WHERE span = 0", as: Int64.self)
        #expect(samples == 1)
    }

    @Test func installWritesATimerSystemdAccepts() async throws {
        let bed = try await MCMSHarness()
        try await bed.login()
        let install = await bed.run(["mcms", "record", "install", "--every", "15m", "--keep", "30d"])
        #expect(install.exitCode == 0, "\(install)")
        let directory = bed.home.path("config") + "/systemd/user"
        let service = try String(contentsOfFile: directory + "/fieldops-mcms-record-lab.service", encoding: .utf8)
        let timer = try String(contentsOfFile: directory + "/fieldops-mcms-record-lab.timer", encoding: .utf8)
        #expect(service.contains("--profile lab mcms record --once --keep 30d"), "\(service)")
        #expect(timer.contains("OnCalendar=*-*-* *:00/15:00"), "\(timer)")
        let verify = try ProcessRunner.run(
            "/usr/bin/systemd-analyze", arguments: ["verify", "--user", directory + "/fieldops-mcms-record-lab.timer"],
            environment: bed.home.environment.merging(["SYSTEMD_LOG_LEVEL": "err"]) { _, new in new })
        #expect(!verify.stderr.contains("fieldops-mcms-record"), "\(verify.stderr)")
        let uninstall = await bed.run(["mcms", "record", "uninstall"])
        #expect(uninstall.exitCode == 0, "\(uninstall)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/fieldops-mcms-record-lab.timer"))
        // A recorder asked to sample too often is refused before anything is written.
        let tooOften = await bed.run(["mcms", "record", "--every", "2s", "--once"])
        #expect(tooOften.exitCode == 2)
        #expect(tooOften.stderr.contains("too often"), "\(tooOften.stderr)")
    }
}
