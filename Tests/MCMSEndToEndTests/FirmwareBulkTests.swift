import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// `onu firmware-bulk`: concurrency, the per-ONU report, exit 5, `--resume`, and Ctrl-C.
@Suite struct FirmwareBulkTests {
    /// The write path alone; verified rollouts have their own tests (RolloutTests).
    static let target = ["--file", "ALPH-R4.3.1.bin", "--version", "R4.3.1", "--no-verify"]

    /// `count` ordinary ALPH ONUs, each set to run R4.1.0 in bank 0 with R4.2.0 in bank 1.
    func prepare(_ harness: MCMSHarness, count: Int) async throws -> [String] {
        let state = try await harness.state()
        let special = Set(
            ["missing_state", "unknown_bank", "unbucketed", "max_counter"].flatMap { kind in
                (state["special"]?[kind]?.arrayValue ?? []).compactMap(\.stringValue)
            })
        let listing = await harness.run(["mcms", "onu", "list", "--state", "registered", "--json"])
        let ids = (try JSONValue(parsing: listing.stdout).arrayValue ?? []).compactMap { $0["id"]?.stringValue }
            .filter { $0.hasPrefix("ALPH") && !special.contains($0) }
        try #require(ids.count >= count, "fleet has \(ids.count) ordinary ALPH ONUs")
        let chosen = Array(ids.prefix(count))
        for id in chosen {
            try await FirmwareCommandTests().arrange(harness, id, statePointer: "0", configPointer: 0)
        }
        return chosen
    }

    func report(_ path: String) throws -> [BulkReportEntry] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { BulkReportEntry(line: String($0)) }
    }

    /// Successful PUTs per ONU id, from the emulator's write log.
    func successfulWrites(_ harness: MCMSHarness) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for write in try await harness.writes() where write["status"] == 200 && write["method"] == "PUT" {
            if let id = write["id"]?.stringValue { counts[id, default: 0] += 1 }
        }
        return counts
    }

    @Test func injectedFailuresGiveAReportAndExitFiveThenResumeFinishesOnlyTheRest() async throws {
        let harness = try await MCMSHarness(onus: 60)
        try await harness.login()
        let ids = try await prepare(harness, count: 10)
        let failing = [ids[2], ids[7]]
        for id in failing {
            try await harness.emulator.injectFault(
                path: "/api/v1/onus/configs/\(id)/", method: "PUT", status: 500,
                body: #"{"status":"error","details":{"message":"Internal server error."}}"#,
                contentType: "application/json")
        }
        let reportPath = harness.home.path("run.jsonl")
        let first = await harness.run(
            ["mcms", "onu", "firmware-bulk"] + Self.target
                + ["--ids", ids.joined(separator: ","), "--concurrency", "4", "--report", reportPath, "--yes"])
        #expect(first.exitCode == 5, "\(first.stderr)")
        #expect(first.stderr.contains("2 of 10 ONUs failed"))
        let lines = try report(reportPath)
        #expect(lines.count == 10)
        #expect(Set(lines.filter { $0.outcome == .failed }.map(\.id)) == Set(failing))
        #expect(lines.filter { $0.outcome == .upgraded }.count == 8)
        for line in lines where line.outcome == .upgraded {
            #expect(line.before?.versions == ["R4.1.0", "R4.2.0"])
            #expect(line.after?.versions == ["R4.1.0", "R4.3.1"])
            #expect(line.after?.pointer == "1")
        }
        #expect(lines.first { $0.outcome == .failed }?.reason.contains("Internal server error") == true)
        let afterFirst = try await successfulWrites(harness)
        #expect(afterFirst.count == 8)

        let writesBefore = try await harness.writes().count
        let resumed = await harness.run(
            ["mcms", "onu", "firmware-bulk"] + Self.target
                + ["--ids", ids.joined(separator: ","), "--resume", reportPath, "--yes"])
        #expect(resumed.exitCode == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("8 ONUs already done, 2 to go"))
        let newWrites = try await harness.writes().dropFirst(writesBefore)
        #expect(Set(newWrites.compactMap { $0["id"]?.stringValue }) == Set(failing), "only the failed ONUs are touched")
        let final = try report(reportPath)
        #expect(final.count == 12)
        #expect(BulkResume(entries: final).remaining(ids).isEmpty)
        #expect(try await successfulWrites(harness).values.allSatisfy { $0 == 1 })
    }

    @Test func reRunningIsIdempotent() async throws {
        let harness = try await MCMSHarness(onus: 40)
        try await harness.login()
        let ids = try await prepare(harness, count: 5)
        let args = ["mcms", "onu", "firmware-bulk"] + Self.target + ["--ids", ids.joined(separator: ","), "--yes", "--json"]
        #expect(await harness.run(args).exitCode == 0)
        let writes = try await harness.writes().count
        let again = await harness.run(args)
        #expect(again.exitCode == 0)
        let summary = try JSONValue(parsing: again.stdout)
        #expect(summary["skipped"] == 5)
        #expect(summary["upgraded"] == 0)
        #expect(try await harness.writes().count == writes)
    }

    @Test func onATerminalThePersonTypesTheCountAndSeesProgress() async throws {
        let harness = try await MCMSHarness(onus: 40)
        try await harness.login()
        let ids = try await prepare(harness, count: 3)
        let args = ["mcms", "onu", "firmware-bulk"] + Self.target + ["--ids", ids.joined(separator: ",")]
        let wrong = await harness.run(args, stdin: "yes\n", terminals: [.stdin, .stderr])
        #expect(wrong.exitCode == 1)
        #expect(wrong.stderr.contains("Type 3 to confirm"))
        #expect(try await harness.writes().isEmpty)
        let right = await harness.run(args, stdin: "3\n", terminals: [.stdin, .stderr])
        #expect(right.exitCode == 0, "\(right.stderr)")
        #expect(right.stderr.contains("firmware R4.3.1 "))
        #expect(right.stderr.contains(" 3/3"))
        // Piped, there is no bar.
        let piped = await harness.run(args + ["--yes"])
        #expect(!piped.stderr.contains("3/3"))
    }

    @Test func refusalsAreFailuresInTheReportAndOthersGoOn() async throws {
        let harness = try await MCMSHarness(onus: 40)
        try await harness.login()
        let ids = try await prepare(harness, count: 3)
        let noState = try #require(try await harness.special("missing_state").first)
        let reportPath = harness.home.path("refusals.jsonl")
        let result = await harness.run(
            ["mcms", "onu", "firmware-bulk"] + Self.target
                + ["--ids", (ids + [noState]).joined(separator: ","), "--report", reportPath, "--yes"])
        #expect(result.exitCode == 5)
        let lines = try report(reportPath)
        #expect(lines.first { $0.id == noState }?.reason.contains("active firmware bank is unknown") == true)
        #expect(lines.filter { $0.outcome == .upgraded }.count == 3)
    }

    @Test func oltSelectionCoversBucketsAndUnbucketedChildren() async throws {
        let harness = try await MCMSHarness(onus: 40)
        try await harness.login()
        let unbucketed = try #require(try await harness.special("unbucketed").first)
        let state = try JSONValue(parsing: try await harness.adminGet(["onu-state", unbucketed]).body)
        let mac = try #require(state["OLT"]?["MAC Address"]?.stringValue)
        let listing = await harness.run(["mcms", "onu", "list", "--olt", mac, "--json"])
        let expected = Set((try JSONValue(parsing: listing.stdout).arrayValue ?? []).compactMap { $0["id"]?.stringValue })
        let dry = await harness.run(["mcms", "onu", "firmware-bulk"] + Self.target + ["--olt", mac, "--dry-run"])
        #expect(dry.exitCode == 0, "\(dry.stderr)")
        let planned = Set(dry.stdout.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) })
        #expect(planned == expected)
        #expect(planned.contains(unbucketed))
        #expect(try await harness.writes().isEmpty)
    }

    @Test func idsComeFromAFileOrStdinWithCommentsAndDuplicatesIgnored() async throws {
        let harness = try await MCMSHarness(onus: 40)
        try await harness.login()
        let ids = try await prepare(harness, count: 3)
        let file = harness.home.path("ids.txt")
        try Data("# maintenance window 12\n\(ids[0])\n\n\(ids[1])\n\(ids[0])\n  \(ids[2])  \n".utf8).write(to: URL(fileURLWithPath: file))
        let fromFile = await harness.run(["mcms", "onu", "firmware-bulk"] + Self.target + ["--ids-from", file, "--dry-run", "--json"])
        #expect(fromFile.exitCode == 0, "\(fromFile.stderr)")
        let planned = (try JSONValue(parsing: fromFile.stdout).arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(planned == ids)
        let fromStdin = await harness.run(
            ["mcms", "onu", "firmware-bulk"] + Self.target + ["--ids-from", "-", "--yes", "--json"],
            stdin: ids.joined(separator: "\n") + "\n")
        #expect(fromStdin.exitCode == 0, "\(fromStdin.stderr)")
        #expect(try JSONValue(parsing: fromStdin.stdout)["upgraded"] == 3)
        let missing = await harness.run(
            ["mcms", "onu", "firmware-bulk"] + Self.target + ["--ids-from", harness.home.path("none.txt"), "--yes"])
        #expect(missing.exitCode == 1)
        #expect(missing.stderr.contains("cannot read the id file"))
    }

    @Test func selectionNeedsExactlyOneSource() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let none = await harness.run(["mcms", "onu", "firmware-bulk"] + Self.target + ["--yes"])
        #expect(none.exitCode == 2)
        let two = await harness.run(["mcms", "onu", "firmware-bulk"] + Self.target + ["--ids", "a", "--olt", "b", "--yes"])
        #expect(two.exitCode == 2)
    }

    // MARK: Interruption

    /// Ctrl-C (SIGINT, a clean stop with exit 130) and a crash (SIGKILL, no chance to clean up).
    @Test(arguments: [SIGINT, SIGKILL])
    func interruptedRunResumesWithoutTouchingFinishedONUs(signal: Int32) async throws {
        let harness = try await MCMSHarness(onus: 240)
        try await harness.login()
        let ids = try await prepare(harness, count: 48)
        // Four writes land, then the server holds every further one: the signal comes mid-run
        // however slow or loaded the machine is, never after the run finished.
        try await harness.emulator.injectFault(path: "/api/v1/onus/configs/*", method: "PUT", count: 1000, after: 4, hold: true)
        let reportPath = harness.home.path("interrupted.jsonl")

        // The real executable, so Ctrl-C is a real SIGINT to a real process.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FieldOpsBinary.path)
        process.arguments =
            ["mcms", "onu", "firmware-bulk"] + Self.target
            + ["--ids", ids.joined(separator: ","), "--concurrency", "2", "--report", reportPath, "--yes"]
        process.environment = harness.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while try await harness.emulator.heldCount() == 0, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        kill(process.processIdentifier, signal)
        if signal == SIGINT {
            // Ctrl-C lets the writes in flight finish: they land once let go.
            try await harness.emulator.clearFaults()
            try await harness.emulator.releaseHeld()
        }
        process.waitForExit()
        // What was held now lands (a write in flight at the kill may land unrecorded).
        try await harness.emulator.releaseHeld()
        try await harness.emulator.clearFaults()
        if signal == SIGINT {
            #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        } else {
            #expect(process.terminationReason == .uncaughtSignal)
        }

        let recorded = try report(reportPath)
        #expect(!recorded.isEmpty && recorded.count < ids.count, "\(recorded.count) lines")
        let writtenBeforeResume = try await successfulWrites(harness)
        // Every recorded upgrade really happened; a write in flight at Ctrl-C may have landed unrecorded.
        #expect(Set(recorded.map(\.id)).isSubset(of: Set(writtenBeforeResume.keys)))

        let resumed = await harness.run(
            ["mcms", "onu", "firmware-bulk"] + Self.target
                + ["--ids", ids.joined(separator: ","), "--resume", reportPath, "--yes"])
        #expect(resumed.exitCode == 0, "\(resumed.stderr)")
        let finalWrites = try await successfulWrites(harness)
        #expect(Set(finalWrites.keys) == Set(ids))
        #expect(finalWrites.values.allSatisfy { $0 == 1 }, "no ONU was written twice: \(finalWrites)")
        #expect(BulkResume(entries: try report(reportPath)).remaining(ids).isEmpty)
    }
}
