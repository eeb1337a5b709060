#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The start of a time range given on the command line (`--since`), read one way everywhere:
/// - a duration before now: `90m`, `24h`, `7d` (the units of `DurationText`);
/// - a day, `2026-06-01`: its local midnight (the zone of `$TZ`, else the system's);
/// - an instant, `2026-06-01T08:00:00Z` or with an offset; without a zone it is local time.
public enum SinceText {
    /// What a value must look like, for a usage error.
    public static let expectation = "a duration before now (24h, 7d), a day (2026-06-01) or a time (2026-06-01T08:00)"

    /// The instant `text` names, in Unix milliseconds, with `now` for durations; nil when it
    /// names none.
    public static func milliseconds(_ text: String, now: Int64) -> Int64? {
        let text = text.trimmingWhitespace()
        if let seconds = DurationText.seconds(text), text.last.map({ !$0.isNumber }) ?? false {
            return now - Int64((seconds * 1_000).rounded())
        }
        if let instant = Timestamp.milliseconds(text) { return instant }
        if let day = dayParts(text) { return localMilliseconds(year: day.year, month: day.month, day: day.day) }
        // A zoneless time is local: read its wall clock as UTC, then shift by the local zone.
        if let wall = Timestamp.milliseconds(text.count == 16 ? text + ":00" : text, zonelessIsUTC: true) {
            let (days, second) = CivilDate.split(epochSeconds: floorDivide(wall, 1_000))
            let (year, month, day) = CivilDate.fromDays(days)
            guard let midnight = localMilliseconds(year: year, month: month, day: day, second: second) else { return nil }
            return midnight + (wall - floorDivide(wall, 1_000) * 1_000)
        }
        return nil
    }

    private static func dayParts(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(month, year: year)
        else { return nil }
        return (year, month, day)
    }

    /// The local wall time `second` seconds after midnight of that day, as an instant
    /// (`mktime`: a time skipped by a clock change lands after it).
    private static func localMilliseconds(year: Int, month: Int, day: Int, second: Int = 0) -> Int64? {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(second / 3_600)
        parts.tm_min = Int32(second / 60 % 60)
        parts.tm_sec = Int32(second % 60)
        parts.tm_isdst = -1
        let seconds = mktime(&parts)
        guard seconds != -1 || (year == 1969 && month == 12 && day == 31) else { return nil }
        return Int64(seconds) * 1_000
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }
}
