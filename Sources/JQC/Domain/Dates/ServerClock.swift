import FieldOpsCore
import FoundationEssentials

/// The server's clock as its answers show it: the `Date` header (RFC 9110 IMF-fixdate,
/// `Tue, 01 Dec 2026 09:38:44 GMT`). The notification cursor is kept in server time, because
/// this machine's clock and the server's can differ by minutes (contract, "Clocks").
public enum ServerClock {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The moment a `Date` header names; nil for anything but an IMF-fixdate in GMT (the only
    /// form HTTP/1.1 senders may generate), so a malformed header never moves a cursor.
    public static func parse(httpDate text: String) -> Date? {
        let parts = text.trimmingSpaces().split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
            let day = Int(parts[1]), let monthIndex = months.firstIndex(of: String(parts[2])), let year = Int(parts[3]),
            (1...9999).contains(year)  // a server's year of 10^18 must not overflow the day arithmetic
        else { return nil }
        let time = parts[4].split(separator: ":")
        guard time.count == 3, let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]),
            (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second),
            day >= 1, day <= CivilDate.daysInMonth(monthIndex + 1, year: year)
        else { return nil }
        let days = CivilDate.days(year: year, month: monthIndex + 1, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
}
