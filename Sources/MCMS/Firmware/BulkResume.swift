import FieldOpsCore
import FoundationEssentials

/// What an earlier, interrupted or halted `firmware-bulk` run already finished, read from its
/// report.
///
/// An ONU is done when its last line says `upgraded` or `skipped`, or `failed` *after* its
/// write (it fell back or did not come back: writing the same image again would repeat the
/// failure). A failure before the write (a refusal, a server error) and `not-started` are tried
/// again. An ONU whose last line is `activating` was written and stopped mid-verification: it
/// is verified again, not written again. ONUs whose write was in flight when the run stopped
/// have no line: they are planned again (`unrecorded`), and Procedure 7 sees the write that did
/// land — even when the ONU is rebooting from it, or already booted it.
public struct BulkResume: Sendable, Equatable {
    public var report: RolloutReportFile

    public var file: String? { report.file }
    public var version: String? { report.version }
    public var unreadableLines: Int { report.unreadableLines }

    public init(entries: [BulkReportEntry], unreadableLines: Int = 0) {
        report = RolloutReportFile(text: entries.map(\.line).joined(separator: "\n"))
        report.unreadableLines = unreadableLines
    }

    /// Reads a report file.
    public init(contentsOf path: String) throws(FieldOpsError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw FieldOpsError(
                "cannot read the report \(path) to resume from",
                hint: "pass the --report file of the interrupted run")
        }
        report = try RolloutReportFile(contentsOf: path)
    }

    public func isDone(_ id: String) -> Bool {
        guard let entry = report.last[id] else { return false }
        switch entry.outcome {
        case .upgraded, .skipped: return true
        case .failed: return entry.failedAfterWrite
        case .activating, .notStarted: return false
        }
    }

    /// The ids still to do, in the order given.
    public func remaining(_ ids: [String]) -> [String] {
        ids.filter { !isDone($0) }
    }

    /// The ONUs the plan line lists to upgrade that have no line of their own: not started, or
    /// written just before the run stopped.
    public var unrecorded: Set<String> {
        Set(plannedIDs.filter { report.last[$0] == nil })
    }

    /// Every id the report's plan line lists, waves in order: the selection to resume when the
    /// command line names none.
    public var plannedIDs: [String] { report.waves.flatMap(\.ids) }

    /// ONUs written and not yet verified, with what verifying them waits for.
    public func pendingVerification() -> [String: ActivationTarget] {
        var targets: [String: ActivationTarget] = [:]
        for (id, entry) in report.last where entry.outcome == .activating {
            guard let pointer = entry.after?.pointer.flatMap({ Int($0) }).flatMap({ FirmwareBankIndex($0) }) else { continue }
            targets[id] = ActivationTarget(
                onuID: id, bank: pointer, version: entry.version, fromBank: pointer.other,
                onlineTimeBefore: entry.onlineBefore)
        }
        return targets
    }

    /// Refuses to resume a rollout on another appliance than the one it ran on: its ONUs are
    /// not there (or, worse, other ONUs of the same ids are).
    public func check(profile: String, path: String) throws(FieldOpsError) {
        if let recorded = report.profile, recorded != profile {
            throw FieldOpsError(
                "the rollout of \(path) ran on profile \(recorded), not \(profile)",
                hint: "resume it on its appliance: \(RolloutReport.resumeCommand(path, profile: recorded))", exitCode: .usage)
        }
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
