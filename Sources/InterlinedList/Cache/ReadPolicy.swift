/// How a reading command uses the cache: fresh cached data is shown without asking the server;
/// older data is refreshed, and shown anyway (with a notice) when the server cannot be reached.
public enum ReadPolicy: Sendable, Equatable {
    /// Show cached data younger than `maxAge` milliseconds; otherwise fetch, falling back to the cache.
    case cacheFirst(maxAge: Int64)
    /// Always fetch (`--refresh`), falling back to the cache when offline.
    case refresh
    /// Always fetch and never read the cache (`--no-cache`): offline is exit 4.
    case liveOnly

    /// Cached data this young is shown as is: a minute, long enough for a burst of commands
    /// (and for completion) and short enough that nobody reads an old feed by accident.
    public static let defaultMaxAge: Int64 = 60_000

    /// What to do first.
    public enum Step: Sendable, Equatable {
        case showCache
        case fetch(fallBackToCache: Bool)
    }

    /// Decides from the age of the cached copy (nil when there is none).
    public func firstStep(cachedAt: Int64?, now: Int64) -> Step {
        switch self {
        case .liveOnly:
            return .fetch(fallBackToCache: false)
        case .refresh:
            return .fetch(fallBackToCache: cachedAt != nil)
        case .cacheFirst(let maxAge):
            guard let cachedAt else { return .fetch(fallBackToCache: false) }
            let age = now - cachedAt
            return age >= 0 && age < maxAge ? .showCache : .fetch(fallBackToCache: true)
        }
    }

    /// From the `--no-cache` and `--refresh` flags.
    public static func from(noCache: Bool, refresh: Bool) -> ReadPolicy {
        if noCache { return .liveOnly }
        if refresh { return .refresh }
        return .cacheFirst(maxAge: defaultMaxAge)
    }
}
