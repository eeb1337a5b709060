import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// `firmware-bulk` as a staged rollout against the emulator's device model: waves, the
/// failure limit, per-OLT caps, skips, rollback of failures, kill -9 and `--resume`, and
/// `rollout status`.
@Suite struct RolloutTests {
    static let image = ["--file", "ALPH-R4.3.1.bin", "--verify-poll", "1s"]

    /// `count` registered ALPH ONUs running R4.1.0 in bank 0, and a boot of `bootDelay` seconds.
    func prepare(_ harness: MCMSHarness, count: Int, bootDelay: Double = 0.5) async throws -> [String] {
        let ids = try await FirmwareBulkTests().prepare(harness, count: count)
        try await harness.setActivation(["boot_delay": .number(try #require(JSONNumber(bootDelay)))])
        return ids
    }

    func report(_ path: String) throws -> RolloutReportFile {
        try RolloutReportFile(contentsOf: path)
    }

    func rollout(_ harness: MCMSHarness, _ ids: [String], _ extra: [String]) async -> CommandOutcome {
        await harness.run(["mcms", "onu", "firmware-bulk"] + Self.image + ["--ids", ids.joined(separator: ","), "--yes"] + extra)
    }

    // MARK: Waves

    @Test func wavesRunInOrderEachStartingOnlyOnceThePreviousVerified() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 12)
        let path = harness.home.path("waves.jsonl")
        let result = await rollout(harness, ids, ["--canary", "1", "--waves", "25%,50%,100%", "--concurrency", "8", "--report", path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("canary: 1, wave 1: 2, wave 2: 3, wave 3: 6"), "\(result.stderr)")
        let read = try report(path)
        #expect(read.finished)
        #expect(read.waves.map(\.ids.count) == [1, 2, 3, 6])
        var waveOf: [String: Int] = [:]
        for id in ids {
            let entry = try #require(read.last[id])
            #expect(entry.outcome == .upgraded && entry.verify == "verified", "\(entry.line)")
            #expect(entry.backAfter != nil && entry.rolledBack == nil)
            waveOf[id] = entry.wave
        }
        let log = try #require(try await harness.activations()["log"]?.arrayValue)
        #expect(log.count == 12)
        for wave in 1...3 {
            let previous = log.filter { waveOf[$0["id"]?.stringValue ?? ""] == wave - 1 }
            let current = log.filter { waveOf[$0["id"]?.stringValue ?? ""] == wave }
            let lastEnd = previous.compactMap { $0["ended"]?.numberValue?.double }.max() ?? 0
            let firstStart = current.compactMap { $0["start"]?.numberValue?.double }.min() ?? 0
            #expect(firstStart > lastEnd, "wave \(wave) started at \(firstStart), before wave \(wave - 1) came back at \(lastEnd)")
        }
    }

    @Test func dryRunPrintsThePlanAndTheWavesAndSendsNothing() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 10)
        let result = await rollout(harness, ids, ["--waves", "10%,100%", "--max-failures", "20%", "--per-olt", "2", "--dry-run"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.map { $0[0] } == ids)
        #expect(rows.allSatisfy { $0[1] == "upgrade" && ["1", "2"].contains($0[2]) })
        #expect(result.stderr.contains("wave 1: 1 ONU\n"))
        #expect(result.stderr.contains("wave 2: 9 ONUs"))
        #expect(
            result.stderr.contains(
                "dry run: 10 to upgrade; 2 waves, concurrency 8, at most 2 per OLT, halt at 20% failures (2); nothing was sent"))
        #expect(try await harness.writes().isEmpty)
    }

    // MARK: Canary

    @Test func onATerminalTheCanaryWaitsForAYesAndANoHaltsTheRest() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 5)
        let path = harness.home.path("canary.jsonl")
        let args =
            ["mcms", "onu", "firmware-bulk"] + Self.image + ["--ids", ids.joined(separator: ","), "--canary", "2", "--report", path]
        // Type the count to start, then refuse to go on after the canary.
        let refused = await harness.run(args, stdin: "5\nn\n", terminals: [.stdin, .stderr])
        #expect(refused.exitCode == 5, "\(refused.stderr)")
        #expect(refused.stderr.contains("canary: 2 verified, 0 failed of 2"))
        #expect(refused.stderr.contains("continue with the remaining 3 ONUs? [y/N]"))
        let read = try report(path)
        #expect(read.waves.first?.ids.count == 2)
        let rest = ids.filter { !(read.waves.first?.ids.contains($0) ?? false) }
        #expect(
            rest.allSatisfy {
                read.last[$0]?.outcome == .notStarted && read.last[$0]?.reason == "not started: halted after the canary (0 failed)"
            })
        #expect(try await harness.writes().count == 2)
        // Resumed with a yes, the rest go.
        let resumed = await harness.run(["mcms", "onu", "firmware-bulk", "--resume", path, "--verify-poll", "1s", "--yes"])
        #expect(resumed.exitCode == 0, "\(resumed.stderr)")
        #expect(try await harness.writes().count == 5)
    }

    @Test func soakWaitsThenGoesOnWhenNothingFailed() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 4)
        let result = await rollout(harness, ids, ["--canary", "1", "--soak", "1s"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("soaking for 1 s before the remaining 3 ONUs"))
        #expect(result.stderr.contains("upgraded 4"))
    }

    @Test func aFailedCanaryStopsAYesRolloutNamingItAndHowToGoOn() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 4)
        #expect(await harness.run(["mcms", "onu", "rename", ids[0], "Ålesundsvegen 7 “bod” 🏠", "--yes"]).exitCode == 0)
        try await harness.setActivation(["default": "fall-back"])
        let renamed = try await harness.writes().count
        let path = harness.home.path("failed-canary.jsonl")
        // Off a terminal with --yes: the failure is named, the rollout stops there.
        let result = await rollout(harness, ids, ["--canary", "1", "--report", path])
        #expect(result.exitCode == 5)
        let canary = try #require(try report(path).waves.first?.ids.first)
        let name = canary == ids[0] ? " “Ålesundsvegen 7 “bod” 🏠”" : ""
        #expect(result.stderr.contains("canary failed: ONU \(canary)\(name): fell back to R4.1.0"), "\(result.stderr)")
        #expect(result.stderr.contains("--yes continues only when every canary ONU verified"), "\(result.stderr)")
        #expect(result.stderr.contains("halted after the canary (1 failed)"), "\(result.stderr)")
        #expect(result.stderr.contains("then continue: fieldops -p lab mcms onu firmware-bulk --resume \(path)\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("continue with the remaining"))
        #expect(try await harness.writes().count == renamed + 1)
    }

    /// On a real terminal the failed canary ONU is named with its name and reason before the
    /// question, and Enter alone answers no.
    @Test func onATerminalAFailedCanaryIsNamedAndTheAnswerDefaultsToNo() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 3)
        let path = harness.home.path("canary-pty.jsonl")
        // The canary is the first ONU of the first OLT in the selection's order: name them all.
        let names = ["Sjøgata 4 “loft”", "東京タワー 📡", "Ålesundsvegen 7"]
        for (id, name) in zip(ids, names) {
            #expect(await harness.run(["mcms", "onu", "rename", id, name, "--yes"]).exitCode == 0)
        }
        try await harness.setActivation(["default": "fall-back"])
        let renamed = try await harness.writes().count
        var environment = harness.environment
        environment["TERM"] = "xterm"
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let screen = try TerminalScreen(
            FieldOpsBinary.path,
            arguments: ["mcms", "onu", "firmware-bulk"] + Self.image
                + ["--ids", ids.joined(separator: ","), "--canary", "1", "--report", path],
            environment: environment, columns: 200, rows: 40)
        #expect(try screen.wait(for: "Type 3 to confirm").ok)
        try screen.send("3\r")
        let asked = try screen.wait(for: "anyway? [y/N]", timeout: 60)
        #expect(asked.ok, "\(asked.text)")
        let canary = try #require(try report(path).waves.first?.ids.first)
        let name = try #require(zip(ids, names).first { $0.0 == canary }?.1)
        #expect(asked.text.contains("canary failed: ONU \(canary) “\(name)”: fell back to R4.1.0"), "\(asked.text)")
        #expect(asked.text.contains("1 canary ONU failed; continue with the remaining 2 ONUs anyway? [y/N]"), "\(asked.text)")
        try screen.send("\r")
        let exit = try screen.waitForExit(timeout: 30)
        #expect(exit.code == 5, "\(exit.rawTail)")
        #expect(try await harness.writes().count == renamed + 1)
        let read = try report(path)
        #expect(ids.filter { $0 != canary }.allSatisfy { read.last[$0]?.outcome == .notStarted })
    }

    // MARK: Selection and pacing

    @Test func modelFilterLeavesOtherModelsOutWithAReason() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 3)
        try await FirmwareCommandTests().arrange(harness, ids[0], statePointer: "0", model: "AP-G2425")
        let result = await rollout(harness, ids, ["--model", "AP-G2110", "--dry-run"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\(ids[0])\tskip\t-\tmodel AP-G2425, not AP-G2110 (--model)"), "\(result.stdout)")
        #expect(result.stderr.contains("2 to upgrade, 1 not selected"))
    }

    @Test func rateSpacesTheStarts() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 4, bootDelay: 0.2)
        let before = try await harness.emulator.requests().count
        let result = await rollout(harness, ids, ["--rate", "100/min", "--concurrency", "4"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let during = Array(try await harness.emulator.requests().dropFirst(before))
        let writes = during.filter { $0.method == "PUT" }.map(\.arrivedAt)
        #expect(writes.count == 4, "\(during.map { "\($0.method) \($0.path)" })")
        // 100 per minute: ONU k starts at least k × 0.6 s after the first, its write after its
        // start, and the run's first request before the first start — so the last write comes
        // at least 1.8 s after the run's first request, however the reads between are delayed
        // (a busy machine only stretches it). Without --rate it is milliseconds.
        let first = try #require(during.first?.arrivedAt)
        let span = (writes.max() ?? first) - first
        #expect(span >= 1.8, "the last write \(span) s after the first request")
    }

    // MARK: Failure limit

    @Test func maxFailuresHaltsAndLeavesTheONUsNotStartedUntouched() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 12)
        try await harness.setActivation(["default": "fall-back"])
        let requestsBefore = try await harness.requests().count
        let path = harness.home.path("halt.jsonl")
        let result = await rollout(harness, ids, ["--max-failures", "2", "--concurrency", "2", "--report", path])
        #expect(result.exitCode == 5, "\(result.stderr)")
        #expect(result.stderr.contains("rollout halted after 2 failures"), "\(result.stderr)")
        let read = try report(path)
        let notStarted = ids.filter { read.last[$0]?.outcome == .notStarted }
        let failed = ids.filter { read.last[$0]?.outcome == .failed }
        #expect(failed.count >= 2 && failed.count <= 3, "the two that reached the limit, and at most one in flight")
        #expect(notStarted.count == ids.count - failed.count)
        #expect(notStarted.allSatisfy { read.last[$0]?.reason == "not started: halted after 2 failures" })
        #expect(failed.allSatisfy { read.last[$0]?.reason.hasPrefix("fell back to R4.1.0") == true })
        // Untouched: no request named any of them by itself (the plan reads lists only).
        let paths = try await harness.requests().dropFirst(requestsBefore).compactMap { $0["path"]?.stringValue }
        for id in notStarted {
            #expect(!paths.contains { $0.contains(id) }, "\(id) was not started, yet requested")
        }
        #expect(read.summary?["halted"] == "halted after 2 failures")
    }

    // MARK: Caps

    @Test func perOLTCapIsNeverExceeded() async throws {
        let harness = try await MCMSHarness(onus: 120)
        try await harness.login()
        let ids = try await prepare(harness, count: 16, bootDelay: 0.8)
        let result = await rollout(harness, ids, ["--per-olt", "2", "--concurrency", "16"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let peaks = try #require(try await harness.activations()["max_concurrent_per_olt"]?.objectValue)
        #expect(!peaks.members.isEmpty)
        #expect(peaks.members.allSatisfy { ($0.value.int64Value ?? 99) <= 2 }, "\(peaks)")
        #expect(peaks.members.contains { $0.value.int64Value == 2 }, "the cap was reached, so the test can tell")
    }

    @Test func incompatibleAndOfflineONUsAreSkippedWithTheirReasons() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 4)
        try await FirmwareCommandTests().arrange(harness, ids[1], statePointer: "0", model: "X2")
        // ids[2] sends a dying gasp: move it to that bucket of its OLT.
        let state = try JSONValue(parsing: try await harness.adminGet(["onu-state", ids[2]]).body)
        let mac = try #require(state["OLT"]?["MAC Address"]?.stringValue)
        try await harness.editState(mac, kind: "olt-state") { olt in
            var buckets = olt["ONU States"]?.objectValue ?? JSONObject()
            for member in buckets.members {
                let kept = (member.value.arrayValue ?? []).filter { $0.stringValue != ids[2] }
                buckets[member.key] = .array(kept + (member.key == "Dying Gasp" ? [.string(ids[2])] : []))
            }
            try olt.set(.object(buckets), at: [.key("ONU States")])
        }
        let path = harness.home.path("skips.jsonl")
        let result = await rollout(harness, ids, ["--report", path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("plan: 2 to upgrade, 1 incompatible, 1 offline"), "\(result.stderr)")
        let read = try report(path)
        #expect(read.last[ids[1]]?.outcome == .skipped)
        #expect(read.last[ids[1]]?.reason == "model X2 not supported by the file")
        #expect(read.last[ids[2]]?.outcome == .skipped)
        #expect(read.last[ids[2]]?.reason.hasPrefix("dying-gasp") == true)
        let written = Set(try await harness.writes().compactMap { $0["id"]?.stringValue })
        #expect(written == [ids[0], ids[3]])
    }

    @Test func anONUWithAnUnknownBankPointerIsSkippedAsRefusedNeverPlanned() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 3)
        try await FirmwareCommandTests().arrange(harness, ids[1], statePointer: "65535")
        let reason = "active firmware bank is unknown (FW Bank Ptr 65535); the write would be refused"
        let dry = await rollout(harness, ids, ["--dry-run"])
        #expect(dry.exitCode == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("\(ids[1])\tskip\t-\t\(reason)"), "\(dry.stdout)")
        #expect(dry.stderr.contains("plan: 2 to upgrade, 1 refused"), "\(dry.stderr)")
        let path = harness.home.path("refused.jsonl")
        let result = await rollout(harness, ids, ["--report", path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("install R4.3.1 on 2 ONUs") || result.stderr.contains("upgraded 2, skipped 1, failed 0"),
            "\(result.stderr)")
        let entry = try #require(try report(path).last[ids[1]])
        #expect(entry.outcome == .skipped && entry.reason == reason, "\(entry.line)")
        let written = Set(try await harness.writes().compactMap { $0["id"]?.stringValue })
        #expect(written == [ids[0], ids[2]])
    }

    // MARK: Rollback of failures

    @Test func rollbackFailedPointsFallBacksBackAtTheirOldBank() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 3)
        try await harness.setActivation(["outcomes": .object(JSONObject([(ids[1], "fall-back")]))])
        let path = harness.home.path("rollback.jsonl")
        let result = await rollout(harness, ids, ["--rollback-failed", "--report", path])
        #expect(result.exitCode == 5)
        let entry = try #require(try report(path).last[ids[1]])
        #expect(entry.outcome == .failed && entry.verify == "fell-back")
        #expect(entry.rolledBack == true)
        #expect(entry.reason.contains("rolled back to R4.1.0 in bank 0, verified"), "\(entry.reason)")
        #expect(try await FirmwareCommandTests().banks(harness, ids[1]).pointer == "0")
        #expect(try report(path).last[ids[0]]?.rolledBack == nil)
        #expect(result.stderr.contains("rolled back 1"))
    }

    // MARK: Crash and resume

    @Test func killNineMidRolloutThenResumeFinishesWithoutRewritingDoneONUs() async throws {
        let harness = try await MCMSHarness(onus: 120)
        try await harness.login()
        let ids = try await prepare(harness, count: 10, bootDelay: 2)
        let path = harness.home.path("crash.jsonl")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FieldOpsBinary.path)
        process.arguments =
            ["mcms", "onu", "firmware-bulk"] + Self.image
            + ["--ids", ids.joined(separator: ","), "--concurrency", "3", "--waves", "30%,100%", "--report", path, "--yes"]
        process.environment = harness.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill once some ONU is done and others are written but still verifying.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let read = (try? report(path)) ?? RolloutReportFile(text: "")
            let outcomes = read.last.values.map(\.outcome)
            if outcomes.contains(.upgraded), outcomes.contains(.activating) { break }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitForExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let crashed = try report(path)
        #expect(!crashed.finished)
        let wasActivating = ids.filter { crashed.last[$0]?.outcome == .activating }
        #expect(!wasActivating.isEmpty)

        let resumed = await harness.run(["mcms", "onu", "firmware-bulk", "--resume", path, "--verify-poll", "1s", "--yes"])
        #expect(resumed.exitCode == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("verified again, not rewritten"), "\(resumed.stderr)")
        var puts: [String: Int] = [:]
        for write in try await harness.writes() where write["status"] == 200 && write["method"] == "PUT" {
            if let id = write["id"]?.stringValue { puts[id, default: 0] += 1 }
        }
        #expect(Set(puts.keys) == Set(ids))
        #expect(puts.values.allSatisfy { $0 == 1 }, "no ONU written twice: \(puts)")
        let final = try report(path)
        #expect(final.finished)
        for id in ids {
            #expect(final.last[id]?.outcome == .upgraded && final.last[id]?.verify == "verified", "\(final.last[id]?.line ?? id)")
        }
        #expect(wasActivating.allSatisfy { final.last[$0]?.wave != nil })
    }

    /// A crash between a write landing and its `activating` line leaves the ONU with no line:
    /// on the resume it is rebooting (offline) or has booted the version already. Both are
    /// verified as written by the earlier run, never skipped or written again; an ONU of the
    /// plan that is offline for another reason is still skipped, unwritten.
    @Test func aResumeVerifiesWritesThatLandedWithoutALine() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 4, bootDelay: 1)
        let (booted, rebooting, untouched, gasping) = (ids[0], ids[1], ids[2], ids[3])
        let path = harness.home.path("unrecorded.jsonl")
        let target = FirmwareTarget(file: "ALPH-R4.3.1.bin", version: "R4.3.1", stageOnly: false)
        let items = ids.map { RolloutPlan.Item(id: $0, olt: nil, group: .upgrade, reason: "") }
        try (RolloutReport.planLine(RolloutPlan(items: items, canary: 0, shares: [1]), target: target) + "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let write = ["--file", "ALPH-R4.3.1.bin", "--version", "R4.3.1", "--no-verify", "--yes"]
        #expect(await harness.run(["mcms", "onu", "firmware", booted] + write).exitCode == 0)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let listing = await harness.run(["mcms", "onu", "list", "--state", "registered", "--json"])
            if listing.stdout.contains(booted) { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        try await harness.setActivation(["boot_delay": .number(try #require(JSONNumber(4.0)))])
        #expect(await harness.run(["mcms", "onu", "firmware", rebooting] + write).exitCode == 0)
        let state = try JSONValue(parsing: try await harness.adminGet(["onu-state", gasping]).body)
        let mac = try #require(state["OLT"]?["MAC Address"]?.stringValue)
        try await harness.editState(mac, kind: "olt-state") { olt in
            var buckets = olt["ONU States"]?.objectValue ?? JSONObject()
            for member in buckets.members {
                let kept = (member.value.arrayValue ?? []).filter { $0.stringValue != gasping }
                buckets[member.key] = .array(kept + (member.key == "Dying Gasp" ? [.string(gasping)] : []))
            }
            try olt.set(.object(buckets), at: [.key("ONU States")])
        }

        let resumed = await harness.run(["mcms", "onu", "firmware-bulk", "--resume", path, "--verify-poll", "1s", "--yes"])
        #expect(resumed.exitCode == 0, "\(resumed.stderr)")
        let final = try report(path)
        #expect(final.finished)
        for id in [booted, rebooting, untouched] {
            #expect(final.last[id]?.outcome == .upgraded && final.last[id]?.verify == "verified", "\(final.last[id]?.line ?? id)")
        }
        #expect(final.last[gasping]?.outcome == .skipped)
        #expect(final.last[gasping]?.reason.hasPrefix("dying-gasp") == true, "\(final.last[gasping]?.line ?? gasping)")
        var puts: [String: Int] = [:]
        for write in try await harness.writes() where write["status"] == 200 && write["method"] == "PUT" {
            if let id = write["id"]?.stringValue { puts[id, default: 0] += 1 }
        }
        #expect(puts == [booted: 1, rebooting: 1, untouched: 1], "\(puts)")
    }

    // MARK: rollout status

    @Test func rolloutStatusSummarisesALiveAndAFinishedReport() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await prepare(harness, count: 6, bootDelay: 1.5)
        let path = harness.home.path("live.jsonl")
        let (_, running) = harness.start(
            ["mcms", "onu", "firmware-bulk"] + Self.image
                + ["--ids", ids.joined(separator: ","), "--waves", "50%,100%", "--concurrency", "2", "--report", path, "--yes"])
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").contains(#""outcome":"activating""#) {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        let live = await harness.run(["mcms", "rollout", "status", path, "--json"])
        #expect(live.exitCode == 0, "\(live.stderr)")
        let snapshot = try JSONValue(parsing: live.stdout)
        #expect(snapshot["finished"] == false)
        #expect((snapshot["waves"]?[0]?["in_flight"]?.int64Value ?? 0) >= 1)
        #expect(snapshot["waves"]?[1]?["not_started"] == 3)

        let watched = await harness.run(["mcms", "rollout", "status", path, "--watch", "--interval", "1s", "--json"])
        #expect(watched.exitCode == 0, "\(watched.stderr)")
        let frames = watched.stdout.split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }
        #expect(frames.count >= 2, "the watch printed each change until the summary line")
        #expect(frames.last?["finished"] == true)
        #expect(await running.value.exitCode == 0)

        let finished = await harness.run(["mcms", "rollout", "status", path])
        #expect(finished.stdout.contains("finished"))
        #expect(finished.stdout.contains("wave 1\t3\t3\t0\t0\t0"), "\(finished.stdout)")
        #expect(finished.stdout.contains("wave 2\t3\t3\t0\t0\t0"), "\(finished.stdout)")
    }
}
