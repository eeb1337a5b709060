import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// The real `fieldops` in a pseudo-terminal, as a technician meets it: typed confirmations,
/// the progress bar, and Ctrl-C from the keyboard.
@Suite struct TerminalTests {
    @Test func resetAsksForTheDeviceIDAndOnlyTheExactIDProceeds() async throws {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        let wrong = try TerminalSession.run(
            FieldOpsBinary.path, arguments: ["mcms", "onu", "reset", id],
            environment: harness.environment,
            steps: [.expect("Type \(id) to confirm"), .send("y\n")])
        #expect(wrong.exit == 1, "\(wrong.output)")
        #expect(try await harness.writes().isEmpty)
        let right = try TerminalSession.run(
            FieldOpsBinary.path, arguments: ["mcms", "onu", "reset", id],
            environment: harness.environment,
            steps: [.expect("Type \(id) to confirm"), .send(id + "\n")])
        #expect(right.exit == 0, "\(right.output)")
        #expect(try await harness.writes().count == 1)
    }

    @Test func ctrlCDuringABulkRunStopsItAndResumeFinishes() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await FirmwareBulkTests().prepare(harness, count: 20)
        try await harness.emulator.setLatency(milliseconds: 80)
        let report = harness.home.path("tty.jsonl")
        let arguments =
            ["mcms", "onu", "firmware-bulk"] + FirmwareBulkTests.target
            + ["--ids", ids.joined(separator: ","), "--concurrency", "2", "--report", report]
        let session = try TerminalSession.run(
            FieldOpsBinary.path, arguments: arguments, environment: harness.environment,
            steps: [
                .expect("Type 20 to confirm"), .send("20\n"),
                .expect(" 3/20"), .send("\u{03}"),
            ])
        #expect(session.exit == 130, "\(session.output)")
        #expect(session.output.contains("firmware R4.3.1"))
        let done = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").count
        #expect(done >= 3 && done < 20)

        try await harness.emulator.setLatency(milliseconds: 0)
        let resumed = await harness.run(
            ["mcms", "onu", "firmware-bulk"] + FirmwareBulkTests.target
                + ["--ids", ids.joined(separator: ","), "--resume", report, "--yes"])
        #expect(resumed.exitCode == 0, "\(resumed.stderr)")
        let writes = try await FirmwareBulkTests().successfulWrites(harness)
        #expect(Set(writes.keys) == Set(ids))
        #expect(writes.values.allSatisfy { $0 == 1 })
    }
}
