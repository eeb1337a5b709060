import FieldOpsCore

/// What `auth login` does with a 429: the server's `Retry-After` (read by the core's
/// `RetryAfter`, delta-seconds or HTTP-date), and whether to wait for it and try once more.
public enum LoginRetry {
    /// Whole seconds to wait (rounded up), nil when the header is absent or unreadable.
    public static func seconds(_ header: String?) -> Int? {
        guard let header, let seconds = RetryAfter.seconds(header) else { return nil }
        return Int(seconds.rounded(.up))
    }

    /// Login waits and tries once more only for a short, stated delay; longer ones are reported.
    public static let longestWait = 30

    public static func shouldWaitAndRetry(seconds: Int?) -> Bool {
        guard let seconds else { return false }
        return seconds <= longestWait
    }
}
