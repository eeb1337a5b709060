/// Makes concurrent re-logins after one session expiry happen once.
actor ReloginGate {
    private(set) var generation = 0
    private var inFlight: Task<Void, any Error>?

    /// Runs `login` unless another task already logged in since `seen`; tasks arriving while
    /// a login is in flight wait for it instead of starting their own.
    func relogin(after seen: Int, _ login: @escaping @Sendable () async throws -> Void) async throws {
        guard generation == seen else { return }
        if let inFlight {
            try await inFlight.value
            return
        }
        let task = Task { try await login() }
        inFlight = task
        defer { inFlight = nil }
        try await task.value
        generation += 1
    }
}
