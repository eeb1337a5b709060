import FieldOpsCore

/// One ONU of a rollout: Procedure 7, an `activating` line, verification, and a rollback when
/// asked for. Every failure becomes a report entry; only cancellation and an expired session
/// escape (nil and a throw).
public struct RolloutStep: Sendable {
    public let procedure: FirmwareProcedure
    /// nil with `--no-verify` or `--stage-only`: the write is the end.
    public let watch: ActivationWatch?
    public let rollbackFailed: Bool
    /// Appends an intermediate line (`activating`) to the report.
    public let note: @Sendable (BulkReportEntry) async throws -> Void

    public init(
        procedure: FirmwareProcedure, watch: ActivationWatch?, rollbackFailed: Bool,
        note: @escaping @Sendable (BulkReportEntry) async throws -> Void
    ) {
        self.procedure = procedure
        self.watch = watch
        self.rollbackFailed = rollbackFailed
        self.note = note
    }

    var target: FirmwareTarget { procedure.planner.target }

    /// The ONU's final entry, or nil when the run was cancelled under it.
    public func run(_ item: RolloutPlan.Item, wave: Int?) async throws -> BulkReportEntry? {
        let id = item.id
        do {
            if let activation = item.reverify, let watch {
                var entry = BulkReportEntry(id: id, outcome: .upgraded, reason: "", target: target, wave: wave)
                _ = try await verified(&entry, activation, watch: watch)
                return entry
            }
            guard let decision = try await procedure.plan(item) else {
                return BulkReportEntry(id: id, outcome: .skipped, reason: item.skipUnlessWritten ?? "", target: target, wave: wave)
            }
            switch decision {
            case .skip(let reason, let banks):
                return BulkReportEntry(id: id, outcome: .skipped, reason: reason, target: target, before: banks, after: banks, wave: wave)
            case .awaitingBoot(let reason, let banks, let activation):
                guard let watch else {
                    return BulkReportEntry(
                        id: id, outcome: .skipped, reason: reason, target: target, before: banks, after: banks, wave: wave)
                }
                var entry = BulkReportEntry(
                    id: id, outcome: .upgraded, reason: reason, target: target, before: banks, after: banks, wave: wave)
                _ = try await verified(&entry, activation, watch: watch)
                return entry
            case .write(let plan):
                try Task.checkCancellation()
                try await procedure.apply(plan)
                let what = plan.stageOnly ? "staged" : "installed and activated"
                var entry = BulkReportEntry(
                    id: id, outcome: .upgraded, reason: "\(what) \(target.version) in bank \(plan.targetBank)",
                    target: target, before: plan.before, after: plan.after, wave: wave)
                guard let watch, let activation = plan.activation else { return entry }
                var activating = entry
                activating.outcome = .activating
                activating.reason = "activated \(target.version) in bank \(plan.targetBank); verifying"
                activating.onlineBefore = plan.onlineTimeBefore
                try await note(activating)
                _ = try await verified(&entry, activation, watch: watch)
                return entry
            }
        } catch let error where FirmwareProcedure.isCancellation(error) {
            return nil
        } catch MCMSError.sessionExpired(let profile) {
            throw MCMSError.sessionExpired(profile: profile)
        } catch let error as any UserFacingError {
            return BulkReportEntry(id: id, outcome: .failed, reason: error.summary, target: target, wave: wave)
        } catch {
            return BulkReportEntry(id: id, outcome: .failed, reason: String(describing: error), target: target, wave: wave)
        }
    }

    /// Verifies, fills in `verify`, `back_after_s` and the outcome, and rolls back a failure
    /// when asked. Throws CancellationError when the run stops meanwhile (the `activating` line
    /// stays, and a resumed run verifies again).
    func verified(_ entry: inout BulkReportEntry, _ activation: ActivationTarget, watch: ActivationWatch) async throws -> Bool {
        let outcome = await watch.verify(activation)
        try Task.checkCancellation()
        entry.verify = outcome.word
        entry.backAfter = outcome.secondsToComeBack
        entry.reason = outcome.reason(activation)
        entry.outcome = outcome.succeeded ? .upgraded : .failed
        if !outcome.succeeded, rollbackFailed {
            let (done, text) = try await rollBack(entry.id, watch: watch)
            entry.rolledBack = done
            entry.reason += "; " + text
        }
        return outcome.succeeded
    }

    /// Points the ONU back at the bank it came from, where that bank allows, and verifies it.
    func rollBack(_ id: String, watch: ActivationWatch) async throws -> (Bool, String) {
        let repository = procedure.repository
        let plan: FirmwarePlan
        do {
            async let state = repository.onuState(id)
            async let config = repository.onuConfig(id)
            plan = try BankSwitch.plan(.rollback, onuID: id, state: try await state, config: try await config)
            try Task.checkCancellation()
            try await repository.putONUConfig(id, plan.document)
        } catch let error where FirmwareProcedure.isCancellation(error) {
            throw CancellationError()
        } catch MCMSError.sessionExpired(let profile) {
            throw MCMSError.sessionExpired(profile: profile)
        } catch let error as any UserFacingError {
            return (false, "not rolled back: " + error.summary)
        }
        let version = plan.after.versions[plan.targetBank.rawValue] ?? "bank \(plan.targetBank)"
        guard let activation = plan.activation else { return (false, "not rolled back") }
        let outcome = await watch.verify(activation)
        try Task.checkCancellation()
        if outcome.succeeded { return (true, "rolled back to \(version) in bank \(plan.targetBank), verified") }
        return (false, "rollback to \(version) written but not verified: " + outcome.reason(activation))
    }
}
