import FieldOpsCore

/// "5 min ago", "3 h ago", "2 days ago": how old a message is, in the fewest words that still help.
public enum RelativeTime {
    /// Describes `instant` relative to `now` (both Unix milliseconds). Older than 30 days, or in
    /// the future by more than a minute, it gives the date instead, which reads better than
    /// "412 days ago".
    public static func describe(_ instant: Int64, now: Int64) -> String {
        let seconds = (now - instant) / 1_000
        if seconds < -60 {
            return "on " + Timestamp.dateText(milliseconds: instant)
        }
        switch seconds {
        case ..<45: return "just now"
        case ..<3_600: return "\(max(1, (seconds + 30) / 60)) min ago"
        case ..<86_400: return "\(seconds / 3_600) h ago"
        case ..<172_800: return "yesterday"
        case ..<(30 * 86_400): return "\(seconds / 86_400) days ago"
        default: return Timestamp.dateText(milliseconds: instant)
        }
    }

    /// For an ISO 8601 date as the service writes it; a date it cannot read is shown as given.
    public static func describe(iso text: String, now: Int64) -> String {
        guard let instant = Timestamp.milliseconds(text) else { return text }
        return describe(instant, now: now)
    }
}
