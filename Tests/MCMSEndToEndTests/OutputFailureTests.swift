import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Standard output that cannot be written, with the real binary and a real shell: a full
/// device, a closed descriptor, a reader that goes away; and a report on a disk that is full.
/// Before, all of these exited 0 (or died by SIGPIPE leaving a temporary file in the cache).
@Suite struct OutputFailureTests {
    /// Runs `script` with `bash -c`, `$@` being the fieldops binary and `arguments`.
    static func shell(_ script: String, _ arguments: [String], harness: MCMSHarness) throws -> ProcessRunner.Result {
        try ProcessRunner.run(
            "/bin/bash", arguments: ["-c", script, "fieldops", FieldOpsBinary.path] + arguments, environment: harness.environment)
    }

    @Test(arguments: [["mcms", "onu", "list", "--json"], ["mcms", "onu", "list"], ["--help"]])
    func aFullDeviceIsAnErrorNotASuccess(arguments: [String]) async throws {
        let harness = try await MCMSHarness(onus: 300)
        try await harness.login()
        let result = try Self.shell(#""$@" > /dev/full"#, arguments, harness: harness)
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("fieldops: cannot write to standard output (No space left on device): what was printed is incomplete"))
        #expect(result.stderr.contains("hint: free space on the disk that receives the output"))
    }

    @Test func aClosedStandardOutputIsAnErrorAndNothingLandsInAnotherFile() async throws {
        let harness = try await MCMSHarness(onus: 50)
        try await harness.login()
        let keyringBefore = harness.keyringText()
        let result = try Self.shell(#""$@" >&-"#, ["mcms", "onu", "list", "--json"], harness: harness)
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write to standard output (it is closed)"), "\(result.stderr)")
        #expect(harness.keyringText() == keyringBefore, "the listing went nowhere, the keyring least of all")
    }

    /// `onu list | head -n 1` on a fleet whose listing is far larger than a pipe holds: fieldops
    /// stops when head leaves, silently, with SIGPIPE's status, and leaves no temporary file of
    /// its completion cache behind (it died mid-write before and left `.onus.tsv.tmp-*`).
    @Test(arguments: [["mcms", "onu", "list"], ["mcms", "onu", "list", "-o", "ndjson"]])
    func aReaderThatGoesAwayStopsTheListingQuietly(arguments: [String]) async throws {
        let harness = try await MCMSHarness(onus: 3000)
        try await harness.login()
        let result = try Self.shell(
            #""$@" 2> "$HOME/stderr" | head -n 1; echo "${PIPESTATUS[0]}" > "$HOME/status""#, arguments, harness: harness)
        #expect(result.exitCode == 0)
        #expect(result.stdout.split(separator: "\n").count == 1)
        let status = try String(contentsOfFile: harness.home.path("home/status"), encoding: .utf8)
        #expect(status == "141\n")
        #expect(try String(contentsOfFile: harness.home.path("home/stderr"), encoding: .utf8) == "")
        let cache = harness.profileCacheDirectory
        let left = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
        #expect(!left.contains { $0.contains(".tmp-") }, "temporary files left in \(cache): \(left)")
    }

    /// A bulk reset whose report cannot be written stops before the first ONU reboots, and says
    /// how much room the disk has.
    @Test func aResetWhoseReportDiskIsFullRebootsNothing() async throws {
        let harness = try await MCMSHarness(onus: 40)
        try await harness.login()
        let ids = Array(try await harness.onuIDs().prefix(6))
        let disk = try SmallDisk(megabytes: 1)
        defer { disk.remove() }
        try disk.fill(leaving: 0)
        let report = disk.file("Sjøgata-reset.jsonl")
        let result = await harness.run(["mcms", "onu", "reset", "--ids", ids.joined(separator: ","), "--report", report, "--yes"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("cannot write the report \(report): No space left on device"), "\(result.stderr)")
        #expect(result.stderr.contains("bytes free); nothing was done"))
        #expect(try await harness.writes().isEmpty, "no ONU was reset")
    }

    @Test func aResetWithRoomForItsReportWritesEveryLine() async throws {
        let harness = try await MCMSHarness(onus: 40)
        try await harness.login()
        let ids = Array(try await harness.onuIDs().prefix(6))
        let disk = try SmallDisk(megabytes: 1)
        defer { disk.remove() }
        try disk.fill(leaving: 64 * 1024)
        let report = disk.file("reset.jsonl")
        let result = await harness.run(["mcms", "onu", "reset", "--ids", ids.joined(separator: ","), "--report", report, "--yes"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").count == 6)
        #expect(try await harness.writes().count == 6)
    }
}
