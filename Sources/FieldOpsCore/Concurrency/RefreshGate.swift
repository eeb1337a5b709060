/// Makes a refresh that many concurrent tasks ask for at once happen once: a rotated token, a
/// new session after one expiry.
///
/// A caller that finds its value refused asks for one newer than it. If another caller already
/// replaced it, that newer value is the answer; if a refresh is in flight, the caller waits for
/// it; otherwise it starts the refresh, and everyone arriving meanwhile shares its outcome. The
/// value is replaced inside the gate when the refresh ends, so there is no moment in which a
/// late caller could see the old value with no refresh in flight and start a second one (with
/// a refresh token the first one already spent).
public actor RefreshGate<Value: Sendable> {
    public private(set) var current: Value
    private var inFlight: Task<Value, any Error>?

    public init(_ current: Value) {
        self.current = current
    }

    /// Replaces the value outside a refresh (a login, a logout).
    public func set(_ value: Value) {
        current = value
    }

    /// The current value when `replaced` says it is no longer the one the caller saw; else the
    /// outcome of the refresh in flight; else that of `refresh`, given the stale value, which
    /// then becomes the current value. A failed refresh leaves the value as it was.
    public func refreshed(
        unlessReplaced replaced: @Sendable (Value) -> Bool,
        refresh: @escaping @Sendable (Value) async throws -> Value
    ) async throws -> Value {
        if replaced(current) { return current }
        if let inFlight { return try await inFlight.value }
        let stale = current
        let task = Task(executorPreference: MainThreadExecutor.current) { try await refresh(stale) }
        inFlight = task
        defer { inFlight = nil }
        let fresh = try await task.value
        current = fresh
        return fresh
    }
}
