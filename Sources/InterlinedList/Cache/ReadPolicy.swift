/// How a reading command uses the offline mirror. There is no freshness window: every read asks
/// the server (so a post made from the web app shows at once) and keeps the answer; the mirror
/// answers only when the server cannot be reached.
public enum ReadPolicy: Sendable, Equatable {
    /// Fetch, falling back to the mirror when offline (every read, `--refresh` included).
    case refresh
    /// Fetch and never read the mirror (`--no-cache`): offline is exit 4.
    case liveOnly

    /// Whether an offline read may answer from the mirror.
    public var fallsBackToMirror: Bool { self == .refresh }

    /// From the `--no-cache` and `--refresh` flags (`--refresh` is what every read does now).
    public static func from(noCache: Bool, refresh: Bool) -> ReadPolicy {
        noCache ? .liveOnly : .refresh
    }
}
