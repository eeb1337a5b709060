/// How old mirrored data is, in the words of the offline notice: "mirror from 5 minutes ago".
public enum CacheAge {
    /// `savedAt` and `now` are Unix milliseconds.
    public static func describe(savedAt: Int64, now: Int64) -> String {
        let minutes = max(0, now - savedAt) / 60_000
        switch minutes {
        case 0: return "mirror from less than a minute ago"
        case 1: return "mirror from 1 minute ago"
        case ..<120: return "mirror from \(minutes) minutes ago"
        case ..<2_880: return "mirror from \(minutes / 60) hours ago"
        default: return "mirror from \(minutes / 1_440) days ago"
        }
    }

    /// The notice printed on stderr when the server cannot be reached and the mirror is shown.
    public static func offlineNotice(savedAt: Int64, now: Int64) -> String {
        "offline — " + describe(savedAt: savedAt, now: now)
    }
}
