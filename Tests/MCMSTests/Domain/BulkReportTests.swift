import FieldOpsCore
import Foundation
import Testing

@testable import MCMS

@Suite struct BulkReportTests {
    let before = FirmwareBanks(files: ["a.bin", ""], versions: ["R1", ""], pointer: "0")
    let after = FirmwareBanks(files: ["a.bin", "b.bin"], versions: ["R1", "R2"], pointer: "1")
    let target = FirmwareTarget(file: "b.bin", version: "R2")

    @Test func entryLineRoundTrips() throws {
        let entry = BulkReportEntry(
            id: "ALPH0001", outcome: .upgraded, reason: "wrote bank 1", target: target, before: before, after: after)
        #expect(!entry.line.contains("\n"))
        #expect(BulkReportEntry(line: entry.line) == entry)
        let parsed = try JSONValue(parsing: entry.line)
        #expect(
            parsed.objectValue?.keys == [
                "id", "outcome", "reason", "file", "version", "before", "after", "wave", "verify", "back_after_s", "rolled_back",
            ])
        #expect(parsed["after"]?["versions"] == ["R1", "R2"])
    }

    @Test func failedEntryHasNullBanksWhenNothingWasRead() {
        let entry = BulkReportEntry(id: "X", outcome: .failed, reason: "no state", target: target)
        #expect(entry.line.contains(#""before":null,"after":null"#))
        #expect(BulkReportEntry(line: entry.line)?.before == nil)
    }

    @Test func resumeSkipsDoneAndRetriesFailedAndUnseen() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mcms-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("report.jsonl").path
        let writer = try BulkReportWriter(path: path)
        try await writer.append(BulkReportEntry(id: "A", outcome: .upgraded, reason: "", target: target))
        try await writer.append(BulkReportEntry(id: "B", outcome: .failed, reason: "timeout", target: target))
        try await writer.append(BulkReportEntry(id: "C", outcome: .skipped, reason: "already running", target: target))
        try await writer.append(BulkReportEntry(id: "B", outcome: .failed, reason: "timeout again", target: target))
        // A crash in the middle of a line leaves a torn last line.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"id":"D","outco"#.utf8))
        try handle.close()

        let resume = try BulkResume(contentsOf: path)
        #expect(resume.unreadableLines == 1)
        #expect(resume.remaining(["A", "B", "C", "D", "E"]) == ["B", "D", "E"])
        try resume.check(against: target, path: path)
        #expect(throws: FieldOpsError.self) { try resume.check(against: FirmwareTarget(file: "c.bin", version: "R3"), path: path) }
    }

    @Test func laterSuccessOverridesEarlierFailure() {
        let resume = BulkResume(entries: [
            BulkReportEntry(id: "A", outcome: .failed, reason: "", target: target),
            BulkReportEntry(id: "A", outcome: .upgraded, reason: "", target: target),
        ])
        #expect(resume.isDone("A"))
    }

    @Test func missingReportIsAnErrorNamingTheFile() {
        #expect(throws: FieldOpsError.self) { try BulkResume(contentsOf: "/nonexistent/report.jsonl") }
    }
}
