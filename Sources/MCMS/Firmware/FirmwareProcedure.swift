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

    /// Plans one ONU of a rollout; nil when it was offline when planned (`skipUnlessWritten`)
    /// and no write of an earlier run waits for it to boot — a refusal included: it is skipped
    /// for that reason, never written while offline.
    public func plan(_ item: RolloutPlan.Item) async throws -> FirmwareDecision? {
        guard item.skipUnlessWritten != nil else { return try await plan(onuID: item.id) }
        do {
            let decision = try await plan(onuID: item.id)
            if case .awaitingBoot = decision { return decision }
            return nil
        } catch let error as any UserFacingError where !Self.isCancellation(error) {
            if case MCMSError.sessionExpired = error { throw error }
            return nil
        }
    }

    /// PUTs the planned document: the fetched one with only the bank keys changed.
    public func apply(_ plan: FirmwarePlan) async throws {
        try await repository.putONUConfig(plan.onuID, plan.document)
    }

    static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let http = error as? HTTPError, http == .cancelled { return true }
        return Task.isCancelled
    }
}
