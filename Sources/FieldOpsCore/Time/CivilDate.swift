/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01, UTC).
///
/// The backends' services write dates in fixed formats (ISO 8601, MCMS's
/// `yyyy-MM-dd HH:mm:ss`, JQC's `yyyy-MM-dd'T'HH:mm:ss`) that are parsed and written by hand,
/// because `DateFormatter` is slow to create and locale-sensitive. Those parsers keep their
/// own format rules and share this arithmetic: Howard Hinnant's `days_from_civil` and
/// `civil_from_days`, exact for every year an `Int` can hold, without loops or tables.
/// `@inlinable` so that a list of thousands of rows pays no cross-module call per date.
public enum CivilDate {
    /// The day number of `year`-`month`-`day` (1970-01-01 is 0, 1969-12-31 is -1).
    ///
    /// `month` must be 1...12; `day` is not checked against the month (use `daysInMonth`), so
    /// `days(year: 2026, month: 1, day: 32)` is the day number of February 1st.
    @inlinable
    public static func days(year: Int, month: Int, day: Int) -> Int {
        // Years start in March so that the leap day is the last day of the (shifted) year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar date of day number `days` (the inverse of `days(year:month:day:)`).
    @inlinable
    public static func fromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Whether `year` has a February 29th.
    @inlinable
    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` (1...12) of `year`.
    @inlinable
    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day number and the second within that day of a Unix time in seconds, rounding
    /// toward the past so that instants before 1970 fall on the right day.
    @inlinable
    public static func split(epochSeconds: Int64) -> (days: Int, secondOfDay: Int) {
        let days = epochSeconds >= 0 ? epochSeconds / 86_400 : (epochSeconds - 86_399) / 86_400
        return (Int(days), Int(epochSeconds - days * 86_400))
    }
}
