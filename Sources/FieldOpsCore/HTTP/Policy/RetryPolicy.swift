import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// When and how long to wait before sending a failed request again.
///
/// Only idempotent requests (by method, or marked by the caller) are ever retried, only after
/// transient failures, and at most `maxRetries` times. Waits grow exponentially with "equal
/// jitter" (half fixed, half random) so a fleet of clients does not retry in lock-step; a
/// server's `Retry-After` replaces the computed wait.
struct RetryPolicy: Sendable {
    var maxRetries: Int
    var baseDelay: Double
    var maxDelay: Double = 30
    /// A `Retry-After` longer than this is not waited for: the answer is returned instead, so
    /// a command does not hang for an hour on a maintenance window.
    var maxRetryAfter: Double = 120

    static let retryableStatuses: Set<Int> = [429, 502, 503, 504]

    /// The wait before retry number `attempt` (0-based) when the server said nothing.
    func backoff(attempt: Int) -> Double {
        let ceiling = min(maxDelay, baseDelay * pow(2, Double(attempt)))
        return ceiling / 2 + Double.random(in: 0...(ceiling / 2))
    }

    /// The wait a response asks for, if it is retryable at all; nil means "do not retry".
    func delay(after response: HTTPResponse, attempt: Int, now: Date = Date()) -> Double? {
        guard Self.retryableStatuses.contains(response.status) else { return nil }
        guard let header = response.headers["Retry-After"], let asked = RetryAfter.seconds(header, now: now) else {
            return backoff(attempt: attempt)
        }
        return asked <= maxRetryAfter ? asked : nil
    }
}

/// Reads a `Retry-After` header: delta-seconds or an HTTP-date (RFC 9110 §10.2.3).
public enum RetryAfter {
    /// The number of seconds to wait, never negative; nil when the value is neither form.
    public static func seconds(_ value: String, now: Date = Date()) -> Double? {
        let trimmed = value.trimmingSpaces()
        if let seconds = Int(trimmed) { return Double(max(0, seconds)) }
        guard let date = HTTPDate.parse(trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
