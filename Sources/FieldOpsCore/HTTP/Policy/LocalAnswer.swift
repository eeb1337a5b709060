/// A read that this machine can answer by itself — from an offline mirror or a local store —
/// when the server cannot be reached.
///
/// The session retries a refused connection with back-off (about a second with the default two
/// retries), which is right for a command that has nothing else to show, and a waste for one
/// that has: the person waits a second for the local copy they would have seen at once. Inside
/// `LocalAnswer.offered(if:_:)`, a request that finds the server unreachable — its name does
/// not resolve, or nothing accepts the connection (refused, no route) — is not retried when
/// `exists` says a local answer is there: the failure is thrown at once and the caller shows
/// its copy. Nothing reached the server, so nothing is lost by not asking again.
///
/// Everything else keeps the retry policy: a read without a local answer (`exists` false), a
/// timeout or a broken connection (the server may have had the request), an HTTP 503, and
/// writes, which are never inside a local answer's scope.
///
/// The scope is a task-local value, so the requests a read makes in child tasks (`async let`,
/// task groups) share it; scopes nest, and an inner one adds to the outer (either copy answers).
public struct LocalAnswer: Sendable {
    /// Asked only when the server turned out to be unreachable (never on the way of a live
    /// answer): whether a local copy can answer this read.
    let exists: @Sendable () -> Bool

    @TaskLocal static var current: LocalAnswer?

    /// Runs `body`, whose requests fail at once when the server is unreachable and `exists`
    /// is true. `exists` is not evaluated here, only when a request meets an unreachable server
    /// (`LocalAnswer.offered(if: mirror.contains(name)) { … }` reads no mirror while online).
    public static func offered<T>(
        if exists: @autoclosure @escaping @Sendable () -> Bool,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async rethrows -> T {
        let enclosing = current
        let answer = LocalAnswer { exists() || enclosing?.exists() == true }
        return try await $current.withValue(answer, operation: body, isolation: isolation)
    }

    /// Whether the read in progress (if any) can be answered locally.
    static var isAvailable: Bool {
        current?.exists() == true
    }
}
