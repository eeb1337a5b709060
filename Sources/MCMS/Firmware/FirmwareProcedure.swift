import FieldOpsCore

/// Procedure 7 against the server for one ONU: read the state and config, plan, and write.
public struct FirmwareProcedure: Sendable {
    public let repository: MCMSRepository
    public let planner: FirmwarePlanner

    public init(repository: MCMSRepository, planner: FirmwarePlanner) {
        self.repository = repository
        self.planner = planner
    }

    /// GETs the ONU's state (the active bank) and its whole config document, then decides.
    public func plan(onuID: String) async throws -> FirmwareDecision {
        async let state = repository.onuState(onuID)
        async let config = repository.onuConfig(onuID)
        return try planner.decide(onuID: onuID, state: try await state, config: try await config)
    }

    /// PUTs the planned document: the fetched one with only the bank keys changed.
    public func apply(_ plan: FirmwarePlan) async throws {
        try await repository.putONUConfig(plan.onuID, plan.document)
    }

    /// Plans and writes one ONU of a bulk run, turning every failure into a report entry.
    /// Cancellation is rethrown: an ONU whose write was interrupted gets no line, and a resumed
    /// run plans it again (Procedure 7's skip rules see a write that did land).
    public func run(onuID: String) async throws -> BulkReportEntry {
        let target = planner.target
        do {
            switch try await plan(onuID: onuID) {
            case .skip(let reason, let banks):
                return BulkReportEntry(id: onuID, outcome: .skipped, reason: reason, target: target, before: banks, after: banks)
            case .write(let plan):
                try Task.checkCancellation()
                try await apply(plan)
                let what = plan.stageOnly ? "staged" : "installed and activated"
                return BulkReportEntry(id: onuID, outcome: .upgraded, reason: "\(what) \(target.version) in bank \(plan.targetBank)",
                                       target: target, before: plan.before, after: plan.after)
            }
        } catch let error where Self.isCancellation(error) {
            throw CancellationError()
        } catch MCMSError.sessionExpired(let profile) {
            // No point going on: every other ONU would fail the same way.
            throw MCMSError.sessionExpired(profile: profile)
        } catch let error as any UserFacingError {
            return BulkReportEntry(id: onuID, outcome: .failed, reason: error.summary, target: target)
        } catch {
            return BulkReportEntry(id: onuID, outcome: .failed, reason: String(describing: error), target: target)
        }
    }

    static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let http = error as? HTTPError, http == .cancelled { return true }
        return Task.isCancelled
    }
}
