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

    static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let http = error as? HTTPError, http == .cancelled { return true }
        return Task.isCancelled
    }
}
