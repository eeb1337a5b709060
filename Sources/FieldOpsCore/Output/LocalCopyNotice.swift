/// The one line on stderr of a read answered from a local copy (the InterlinedList mirror, the
/// JQC store) because the server cannot be reached:
///
///     showing the local copy from 2026-12-07 14:02 CET (3 min old): cannot reach lists.example.org:443 (connection refused)
///
/// Every backend says it in these words, on stderr, so stdout holds only the records and a person
/// sees at once that the data may be old, how old, and why the server was not asked.
public enum LocalCopyNotice {
    /// - Parameters:
    ///   - savedAt: when the copy was taken, Unix milliseconds (shown in the local time zone).
    ///   - now: Unix milliseconds.
    ///   - reason: why the server gave no answer (`HTTPError.unreachableDescription`).
    ///   - detail: what of the copy is shown, beside its age (`12 of the synced messages match`).
    public static func line(savedAt: Int64, now: Int64, reason: String, detail: String? = nil) -> String {
        let about = [age(savedAt: savedAt, now: now)] + (detail.map { [$0] } ?? [])
        return
            "showing the local copy from \(Timestamp.localMinuteText(milliseconds: savedAt)) (\(about.joined(separator: "; "))): \(reason)"
    }

    /// `3 min old`: minutes up to two hours, hours up to two days, then days. A copy stamped
    /// after `now` (a clock set back since) is "less than a minute old", never negative.
    public static func age(savedAt: Int64, now: Int64) -> String {
        let minutes = max(0, now - savedAt) / 60_000
        switch minutes {
        case 0: return "less than a minute old"
        case ..<120: return "\(minutes) min old"
        case ..<2_880: return "\(minutes / 60) h old"
        default: return "\(minutes / 1_440) days old"
        }
    }
}
