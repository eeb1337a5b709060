import FieldOpsCore
import Foundation

/// What an earlier, interrupted `firmware-bulk` run already finished, read from its report.
///
/// An ONU is done when its last line says `upgraded` or `skipped`; a `failed` ONU is tried
/// again. ONUs whose write was in flight when the run stopped have no line: they are planned
/// again, and Procedure 7's skip rules see the version already in place, so nothing is
/// written twice.
public struct BulkResume: Sendable, Equatable {
    /// Last outcome per ONU id.
    public var outcomes: [String: BulkReportEntry.Outcome]
    public var file: String?
    public var version: String?
    /// Lines that could not be read (a torn last line after a crash).
    public var unreadableLines: Int

    public init(entries: [BulkReportEntry], unreadableLines: Int = 0) {
        var outcomes: [String: BulkReportEntry.Outcome] = [:]
        for entry in entries { outcomes[entry.id] = entry.outcome }
        self.outcomes = outcomes
        file = entries.last?.file
        version = entries.last?.version
        self.unreadableLines = unreadableLines
    }

    /// Reads a report file.
    public init(contentsOf path: String) throws(FieldOpsError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FieldOpsError("cannot read the report \(path) to resume from",
                                hint: "pass the --report file of the interrupted run")
        }
        var entries: [BulkReportEntry] = []
        var unreadable = 0
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            if let entry = BulkReportEntry(line: String(line)) { entries.append(entry) } else { unreadable += 1 }
        }
        self.init(entries: entries, unreadableLines: unreadable)
    }

    public func isDone(_ id: String) -> Bool {
        switch outcomes[id] {
        case .upgraded, .skipped: true
        case .failed, nil: false
        }
    }

    /// The ids still to do, in the order given.
    public func remaining(_ ids: [String]) -> [String] {
        ids.filter { !isDone($0) }
    }

    /// Refuses to resume a report of a different image: its "done" ONUs got something else.
    public func check(against target: FirmwareTarget, path: String) throws(FieldOpsError) {
        if let file, let version, file != target.file || version != target.version {
            throw FieldOpsError(
                "the report \(path) is of a run installing \(file) \(version), not \(target.file) \(target.version)",
                hint: "resume with the same --file and --version, or start a new report")
        }
    }
}
