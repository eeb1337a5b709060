import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// Ctrl-C (a real SIGINT to the real executable) during a rollout's wave: no further ONU starts,
/// those in flight finish their write and (unless a second Ctrl-C stops the wait) their
/// verification; one summary with the counts and the `--resume` command, an `interrupted` line
/// in the report, exit 130; `rollout status` says interrupted; `--resume` finishes the rest
/// without writing any ONU twice. The emulator's hold faults make the in-flight states, so no
/// step depends on timing.
@Suite struct RolloutInterruptTests {
    /// One Ctrl-C: the two held writes land and verify. Two: the second comes while their
    /// verification reads are held, so both stay written but unverified.
    @Test(arguments: [1, 2])
    func ctrlCMidWaveSummarisesWritesAnInterruptedLineAndResumeFinishes(signals: Int) async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await RolloutTests().prepare(harness, count: 8)
        // Two writes land; the next ones are held: the signal comes with two ONUs in flight.
        try await harness.emulator.injectFault(path: "/api/v1/onus/configs/*", method: "PUT", count: 1000, after: 2, hold: true)
        let path = harness.home.path("Sjøgata rollout.jsonl")
        let errors = harness.home.path("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FieldOpsBinary.path)
        process.arguments =
            ["mcms", "onu", "firmware-bulk"] + RolloutTests.image
            + ["--ids", ids.joined(separator: ","), "--concurrency", "2", "--report", path, "--yes"]
        process.environment = harness.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while try await harness.emulator.heldCount() < 2, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        #expect(try await harness.emulator.heldCount() == 2)
        kill(process.processIdentifier, SIGINT)
        // Wait for the first Ctrl-C to be taken before the held writes are let go.
        while !((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").contains("stopping: no further ONU starts"),
            Date() < deadline
        {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        if signals == 2 {
            // Their verification waits on the state list: held until the second Ctrl-C.
            try await harness.emulator.injectFault(path: "/api/v1/onus/states/", method: "GET", count: 1000, hold: true)
        }
        try await harness.emulator.releaseHeld()
        if signals == 2 {
            while Date() < deadline {
                let activating = ((try? RolloutReportFile(contentsOf: path))?.last.values ?? [:].values).filter {
                    $0.outcome == .activating
                }
                if activating.count == 2, try await harness.emulator.heldCount() >= 1 { break }
                try await Task.sleep(nanoseconds: 20_000_000)
            }
            kill(process.processIdentifier, SIGINT)
        }
        process.waitForExit()
        try await harness.emulator.clearFaults()
        try await harness.emulator.releaseHeld()
        let stderr = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(stderr)")

        let (done, inFlight) = signals == 1 ? (4, 0) : (2, 2)
        #expect(
            stderr.contains(
                "rollout interrupted: \(Noun.count(done, "ONU")) done, 0 failed, \(Noun.count(inFlight, "ONU")) in flight (written, not verified), 4 ONUs not started"
            ), "\(stderr)")
        #expect(stderr.contains("fieldops -p lab mcms onu firmware-bulk --resume '\(path)'\n"), "\(stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let last = try JSONValue(parsing: String(try #require(text.split(separator: "\n").last)))
        #expect(last["interrupted"]?["in_flight"]?.int64Value == Int64(inFlight), "\(last)")
        #expect(last["interrupted"]?["not_started"] == 4)
        let read = try RolloutReportFile(contentsOf: path)
        #expect(!read.finished && read.interrupted != nil)

        let status = await harness.run(["mcms", "rollout", "status", path])
        #expect(status.exitCode == 0, "\(status.stderr)")
        #expect(
            status.stdout.contains(
                "interrupted (\(Noun.count(done, "ONU")) done, 0 failed, \(inFlight) in flight, 4 not started); continue: fieldops -p lab mcms onu firmware-bulk --resume '\(path)'"
            ), "\(status.stdout)")
        #expect(!status.stdout.contains("running or stopped"))
        let json = try JSONValue(parsing: await harness.run(["mcms", "rollout", "status", path, "--json"]).stdout)
        #expect(json["interrupted"]?["upgraded"]?.int64Value == Int64(done))

        let resumed = await harness.run(["mcms", "onu", "firmware-bulk", "--resume", path, "--verify-poll", "1s", "--yes"])
        #expect(resumed.exitCode == 0, "\(resumed.stderr)")
        if inFlight > 0 { #expect(resumed.stderr.contains("verified again, not rewritten"), "\(resumed.stderr)") }
        var puts: [String: Int] = [:]
        for write in try await harness.writes() where write["status"] == 200 && write["method"] == "PUT" {
            if let id = write["id"]?.stringValue { puts[id, default: 0] += 1 }
        }
        #expect(Set(puts.keys) == Set(ids))
        #expect(puts.values.allSatisfy { $0 == 1 }, "no ONU written twice: \(puts)")
        let final = try RolloutReportFile(contentsOf: path)
        #expect(final.finished && final.interrupted == nil)
        for id in ids {
            #expect(final.last[id]?.outcome == .upgraded && final.last[id]?.verify == "verified", "\(final.last[id]?.line ?? id)")
        }
    }

    /// Ctrl-C typed on a real terminal mid-wave: the progress line is gone, the summary stands
    /// on its own line, and `stty -a` is as before.
    @Test func ctrlCOnATerminalLeavesTheTerminalAsItWas() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await RolloutTests().prepare(harness, count: 6)
        try await harness.emulator.injectFault(path: "/api/v1/onus/configs/*", method: "PUT", count: 1000, after: 2, hold: true)
        let path = harness.home.path("ålesund.jsonl")
        var environment = harness.environment
        environment["TERM"] = "xterm"
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let stty = harness.home.path("stty")
        let script =
            #"trap ':' INT; stty -a > "$0.before"; "$@"; echo "exit status $?"; stty -a > "$0.after"; echo "modes saved"; sleep 30"#
        let screen = try TerminalScreen(
            "/bin/sh",
            arguments: ["-c", script, stty, FieldOpsBinary.path, "mcms", "onu", "firmware-bulk"] + RolloutTests.image
                + ["--ids", ids.joined(separator: ","), "--concurrency", "2", "--report", path, "--yes"],
            environment: environment, columns: 200, rows: 40)
        let deadline = Date().addingTimeInterval(60)
        while try await harness.emulator.heldCount() < 2, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        try screen.send("\u{03}")
        #expect(try screen.wait(for: "stopping: no further ONU starts").ok)
        try await harness.emulator.clearFaults()
        try await harness.emulator.releaseHeld()
        let done = try screen.wait(for: "modes saved", timeout: 60)
        #expect(done.ok, "\(done.text)")
        #expect(done.text.contains("exit status 130"), "\(done.text)")
        #expect(
            done.lines.contains { $0.hasPrefix("fieldops: rollout interrupted: 4 ONUs done, 0 failed, 0 ONUs in flight") }, "\(done.text)")
        #expect(
            !done.lines.contains { $0.contains("firmware R4.3.1") && !$0.contains("interrupted") }, "no progress line left: \(done.text)")
        #expect(try String(contentsOfFile: stty + ".after", encoding: .utf8) == String(contentsOfFile: stty + ".before", encoding: .utf8))
    }
}
