import FieldOpsCore

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

    /// `init(_:)` over the text's UTF-8, for a reader that has the bytes and no `String`.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let parsed = MongoTimestamp.parse(bytes) else { return nil }
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
            (1...12).contains(month), (1...CivilDate.daysInMonth(month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var micro = 0
        if bytes.count > 19 {
            guard byte(19, is: "."), let fraction = number(20, bytes.count - 20) else { return nil }
            micro = fraction
            for _ in 0..<(26 - bytes.count) { micro *= 10 }
        }
        let days = CivilDate.days(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return MongoTimestamp(epochSeconds: seconds, microseconds: Int32(micro))
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
        let (days, secondOfDay) = CivilDate.split(epochSeconds: epochSeconds)
        let (year, month, day) = CivilDate.fromDays(days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(year)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        if microseconds > 0 {
            let digits = String(microseconds)
            text += "." + String(repeating: "0", count: 6 - digits.count) + digits
        }
        return text
    }
}
