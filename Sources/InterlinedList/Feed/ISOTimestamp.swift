/// Parses the service's ISO 8601 dates (`2026-01-01T00:00:00.000Z`) to Unix milliseconds.
///
/// Hand-rolled rather than `ISO8601DateFormatter`/`DateFormatter`: those cost milliseconds to set
/// up, more than rendering a whole feed from cache is allowed to take. Accepts any number of
/// fraction digits (or none) and `Z` or a `±hh:mm` / `±hhmm` offset; anything else is nil.
public enum ISOTimestamp {
    public static func milliseconds(_ text: String) -> Int64? {
        var bytes = Array(text.utf8)[...]
        func number(_ count: Int) -> Int64? {
            guard bytes.count >= count else { return nil }
            var value: Int64 = 0
            for byte in bytes.prefix(count) {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            bytes = bytes.dropFirst(count)
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard bytes.first == character else { return false }
            bytes = bytes.dropFirst()
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), expect(UInt8(ascii: "T")) || expect(UInt8(ascii: " ")),
              let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), expect(UInt8(ascii: ":")),
              let second = number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 61
        else { return nil }

        var millis: Int64 = 0
        if expect(UInt8(ascii: ".")) {
            var digits = 0
            while let byte = bytes.first, byte >= 48, byte <= 57 {
                if digits < 3 { millis = millis * 10 + Int64(byte - 48) }
                digits += 1
                bytes = bytes.dropFirst()
            }
            guard digits > 0 else { return nil }
            if digits < 3 {
                for _ in digits..<3 { millis *= 10 }
            }
        }

        var offsetMinutes: Int64 = 0
        if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) {
            offsetMinutes = 0
        } else if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            bytes = bytes.dropFirst()
            guard let offsetHours = number(2) else { return nil }
            _ = expect(UInt8(ascii: ":"))
            guard let offsetMins = number(2), offsetHours < 24, offsetMins < 60 else { return nil }
            offsetMinutes = (offsetHours * 60 + offsetMins) * (sign == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        guard bytes.isEmpty else { return nil }

        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60
        return seconds * 1_000 + millis
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The date part (`2026-01-01`) of a Unix-milliseconds instant, in UTC.
    public static func dateText(milliseconds: Int64) -> String {
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        // Inverse of daysFromCivil.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
