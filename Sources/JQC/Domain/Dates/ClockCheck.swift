import FieldOpsCore
import FoundationEssentials

/// This machine's clock against the JQC server's.
///
/// fieldops stamps work with this machine's clock (`started_at`, `completed_at`, an issue's
/// time) and the server keeps those stamps. A laptop whose clock says 2020 stamped a year's
/// inspections 2020 with no word. Every answer's `Date` header tells the server's clock
/// (`JQCClient.clockSkew`); the sync keeps the difference in the store, and the commands that
/// stamp work warn before they do when it is more than a day: a slow clock or a time zone set
/// wrong is never that far out, a wrong date is.
public enum ClockCheck {
    /// Further apart than this is a wrong date, not drift.
    public static let limit: Double = 86_400

    /// What is wrong when the server's clock is `skew` seconds ahead of this machine's
    /// (negative: behind); nil when they agree to within a day.
    public static func problem(skew: Double, now: Date = Date()) -> String? {
        guard abs(skew) > limit else { return nil }
        let days = Int((abs(skew) / 86_400).rounded())
        let serverNow = Timestamp.isoUTC(milliseconds: Int64((now.timeIntervalSince1970 + skew) * 1000)).prefix(10)
        let ownNow = Timestamp.isoUTC(milliseconds: Int64(now.timeIntervalSince1970 * 1000)).prefix(10)
        return
            "this machine's clock says \(ownNow), \(days.formatted()) day\(days == 1 ? "" : "s") \(skew > 0 ? "behind" : "ahead of") the JQC server's (\(serverNow)): work is stamped with this machine's clock, so its times will be wrong on the server"
    }

    public static let fix =
        "set the date and time (`timedatectl set-ntp true`, or the system settings), then check the times of the work done meanwhile"

    /// Warns on `output` when the difference the last contact with the server saw is more than
    /// a day; a store that cannot say stays quiet (the check never stops work).
    public static func warnBeforeStamping(store: JQCStore, output: Output) {
        guard let skew = try? store.clockSkew(), let problem = problem(skew: skew) else { return }
        output.warn(problem)
        output.note("fix: " + fix)
    }
}

extension Int {
    /// 2163 → "2,163", as the person reads counts.
    fileprivate func formatted() -> String {
        let digits = String(self)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped
    }
}
