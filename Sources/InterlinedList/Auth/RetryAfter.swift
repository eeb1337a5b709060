import Foundation

/// The `Retry-After` header of a 429, and whether `auth login` should wait for it.
public enum RetryAfter {
    /// Seconds to wait, from the delta-seconds form; nil when absent or unreadable.
    public static func seconds(_ header: String?) -> Int? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), let value = Int(text), value >= 0 else { return nil }
        return value
    }

    /// Login waits and tries once more only for a short, stated delay; longer ones are reported.
    public static let longestLoginWait = 30

    public static func shouldWaitAndRetry(seconds: Int?) -> Bool {
        guard let seconds else { return false }
        return seconds <= longestLoginWait
    }
}
