import FieldOpsCore
import FoundationEssentials

/// The API's dates: UTC `yyyy-MM-dd'T'HH:mm:ss` (optionally with fractional seconds, `Z` or a
/// `±HH:MM` offset on input) and the form's `yyyy-MM-dd` days.
///
/// Hand-rolled on the proleptic Gregorian calendar: `DateFormatter` is slow to create and
/// locale-sensitive, and these formats are fixed.
public enum JQCDate {
    /// Parses an API timestamp; nil when it is not one (or names a day that does not exist).
    ///
    /// Accepted: `2026-05-01T08:30:00`, `…:00.123456`, `…:00Z`, `…:00+02:00`, and a space
    /// instead of `T` (Python's `str(datetime)`). Without a zone the time is UTC.
    public static func parse(_ text: String) -> Date? {
        guard let stamp = stamp(text) else { return nil }
        return Date(timeIntervalSince1970: Double(stamp.localSeconds - Int64(stamp.offset ?? 0)) + stamp.fraction)
    }

    /// A timestamp as written: its wall-clock reading (seconds since 1970 as if it were UTC),
    /// the fraction of a second, and its offset from UTC when it names one (`Z`: 0; none: nil,
    /// the server's own zone, which `ServerZone` resolves).
    public static func stamp(_ text: String) -> (localSeconds: Int64, fraction: Double, offset: Int?)? {
        let b = Array(text.utf8)
        guard b.count >= 19, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " "),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
            let day = parseDayBytes(b[0..<10]),
            let hour = number(b[11..<13]), let minute = number(b[14..<16]), let second = number(b[17..<19]),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var i = 19
        var fraction = 0.0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            let start = i + 1
            i = start
            while i < b.count, isDigit(b[i]) { i += 1 }
            guard i > start, let f = Double("0." + String(decoding: b[start..<i], as: UTF8.self)) else { return nil }
            fraction = f
        }
        var offsetSeconds: Int?
        if i < b.count {
            if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
                offsetSeconds = 0
                i += 1
            } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                guard b.count - i == 6, b[i + 3] == UInt8(ascii: ":"),
                    let oh = number(b[(i + 1)..<(i + 3)]), let om = number(b[(i + 4)..<(i + 6)]),
                    oh < 24, om < 60
                else { return nil }
                offsetSeconds = (oh * 3600 + om * 60) * (b[i] == UInt8(ascii: "-") ? -1 : 1)
                i += 6
            }
        }
        guard i == b.count else { return nil }
        return (Int64(day * 86_400 + hour * 3600 + minute * 60 + second), fraction, offsetSeconds)
    }

    /// Formats local seconds (a wall-clock reading) as the API writes it: no zone, whole seconds.
    public static func format(localSeconds: Int64) -> String {
        let (days, secondOfDay) = CivilDate.split(epochSeconds: localSeconds)
        return formatDay(days: days) + "T" + pad(secondOfDay / 3600) + ":" + pad(secondOfDay / 60 % 60) + ":" + pad(secondOfDay % 60)
    }

    /// Formats a moment as the API wants it: UTC, no zone, whole seconds (truncated).
    public static func format(_ date: Date) -> String {
        format(localSeconds: epochSeconds(date))
    }

    /// `2026-11-30T08:00:00Z`: the one form fieldops writes an instant in for machines (JSON,
    /// csv), ISO 8601 with its offset; `format` is the server's zoneless form, for the server.
    public static func iso(_ date: Date) -> String {
        format(date) + "Z"
    }

    /// The instant in the local zone with the zone's name, for people (`2026-11-30 09:00:00 CET`).
    public static func person(_ date: Date) -> String {
        Timestamp.localText(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Whether `text` is a `yyyy-MM-dd` day that exists (`2024-02-29` yes, `2023-02-29` no).
    public static func isValidDay(_ text: String) -> Bool {
        parseDayBytes(Array(text.utf8)[...]) != nil
    }

    /// Midnight UTC of a `yyyy-MM-dd` day.
    public static func parseDay(_ text: String) -> Date? {
        parseDayBytes(Array(text.utf8)[...]).map { Date(timeIntervalSince1970: Double($0) * 86_400) }
    }

    /// The UTC day of a moment as `yyyy-MM-dd`.
    public static func formatDay(_ date: Date) -> String {
        formatDay(days: CivilDate.split(epochSeconds: epochSeconds(date)).days)
    }

    /// Whole seconds since 1970, clamped to years 0001–9999: a date built from a server's
    /// number (a token `exp` of 1e300) is shown at the edge, never trapped on.
    static func epochSeconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite else { return seconds < 0 ? -62_135_596_800 : 253_402_300_799 }
        return Int64(min(max(seconds, -62_135_596_800), 253_402_300_799))
    }

    // MARK: - Days (numbered from 1970-01-01 by CivilDate)

    /// Days since the epoch for `yyyy-MM-dd` bytes, nil when malformed or not a real day.
    static func parseDayBytes(_ b: ArraySlice<UInt8>) -> Int? {
        let b = Array(b)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            let year = number(b[0..<4]), let month = number(b[5..<7]), let day = number(b[8..<10]),
            year >= 1, (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(month, year: year)
        else { return nil }
        return CivilDate.days(year: year, month: month, day: day)
    }

    static func formatDay(days: Int) -> String {
        let (year, month, day) = CivilDate.fromDays(days)
        let y = String(year)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + pad(month) + "-" + pad(day)
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    private static func number(_ b: ArraySlice<UInt8>) -> Int? {
        var n = 0
        for c in b {
            guard isDigit(c) else { return nil }
            n = n * 10 + Int(c - 0x30)
        }
        return n
    }
}
