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

    /// Two per ONU in `onu list`: read byte by byte from the buffer (no bounds checks after
    /// the length check), every digit tested once at the end.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> MongoTimestamp? {
        guard bytes.count == 19 || (bytes.count >= 21 && bytes.count <= 26), let text = bytes.baseAddress else { return nil }
        guard text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: " "),
            text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":")
        else { return nil }
        // A digit minus "0" is 0...9; anything else wraps above 9 and marks `wrong`.
        var wrong = false
        @inline(__always) func digits(_ start: Int, _ count: Int) -> Int {
            var value = 0
            for index in start..<(start + count) {
                let digit = text[index] &- UInt8(ascii: "0")
                wrong = wrong || digit > 9
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        let year = digits(0, 4)
        let month = digits(5, 2)
        let day = digits(8, 2)
        let hour = digits(11, 2)
        let minute = digits(14, 2)
        let second = digits(17, 2)
        var micro = 0
        if bytes.count > 19 {
            guard text[19] == UInt8(ascii: ".") else { return nil }
            micro = digits(20, bytes.count - 20)
            for _ in 0..<(26 - bytes.count) { micro &*= 10 }
        }
        guard !wrong, (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(month, year: year), hour < 24,
            minute < 60, second < 60
        else { return nil }
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
