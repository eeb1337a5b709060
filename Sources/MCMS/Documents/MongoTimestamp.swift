/// A UTC instant as MCMS writes it: `yyyy-MM-dd HH:mm:ss[.SSSSSS]` with a literal space (seed).
///
/// Not ISO 8601 (no `T`, no zone), so it is parsed by hand rather than with a date formatter,
/// which is slow to create and locale-sensitive; `onu list` parses two per ONU.
public struct MongoTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01 00:00:00 UTC.
    public var epochSeconds: Int64
    /// Microseconds within the second, 0...999_999.
    public var microseconds: Int32

    public init(epochSeconds: Int64, microseconds: Int32 = 0) {
        self.epochSeconds = epochSeconds
        self.microseconds = microseconds
    }

    /// Parses `2026-06-01 12:00:00` or `2026-06-01 12:00:00.123456` (1 to 6 fraction digits);
    /// nil for anything else, including out-of-range fields.
    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ MongoTimestamp.parse($0) }) else { return nil }
        self = parsed
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> MongoTimestamp? {
        guard bytes.count == 19 || (bytes.count >= 21 && bytes.count <= 26) else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for index in start..<(start + length) {
                let digit = Int(bytes[index]) - 48
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        func byte(_ index: Int, is ascii: Unicode.Scalar) -> Bool { bytes[index] == UInt8(ascii: ascii) }
        guard byte(4, is: "-"), byte(7, is: "-"), byte(10, is: " "), byte(13, is: ":"), byte(16, is: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...daysInMonth(month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var micro = 0
        if bytes.count > 19 {
            guard byte(19, is: "."), let fraction = number(20, bytes.count - 20) else { return nil }
            micro = fraction
            for _ in 0..<(26 - bytes.count) { micro *= 10 }
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return MongoTimestamp(epochSeconds: seconds, microseconds: Int32(micro))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Seconds from `earlier` to this instant, with the microseconds as a fraction.
    public func seconds(since earlier: MongoTimestamp) -> Double {
        Double(epochSeconds - earlier.epochSeconds) + Double(microseconds - earlier.microseconds) / 1_000_000
    }

    public static func < (lhs: MongoTimestamp, rhs: MongoTimestamp) -> Bool {
        (lhs.epochSeconds, lhs.microseconds) < (rhs.epochSeconds, rhs.microseconds)
    }

    /// The MCMS form, with six fraction digits when there is a fraction.
    public var description: String {
        let days = Int(epochSeconds >= 0 ? epochSeconds / 86_400 : (epochSeconds - 86_399) / 86_400)
        let secondOfDay = Int(epochSeconds - Int64(days) * 86_400)
        let (year, month, day) = MongoTimestamp.civil(fromDays: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(year)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        if microseconds > 0 {
            let digits = String(microseconds)
            text += "." + String(repeating: "0", count: 6 - digits.count) + digits
        }
        return text
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
