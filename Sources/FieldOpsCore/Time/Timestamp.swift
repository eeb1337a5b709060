#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The services' timestamps: parsed to Unix milliseconds, written back as ISO 8601 UTC for
/// machines (JSON, CSV, piped tables) and as local time with its zone for people (tables).
///
/// The rules, one parser for the three forms the services write:
/// - `2026-01-01T00:00:00.000Z` or `…+01:00` (InterlinedList: ISO 8601 with a zone);
/// - `2026-01-01T00:00:00` (JQC) and `2026-01-01 00:00:00.123456` (MCMS, a literal space): no
///   zone, which both contracts define as UTC — accepted when `zonelessIsUTC` is true;
/// - any number of fraction digits (or none), `Z`, `±hh:mm` or `±hhmm`; anything else is nil.
///
/// Hand-rolled rather than `ISO8601DateFormatter`/`DateFormatter`: those cost milliseconds to set
/// up, more than rendering a whole feed from cache is allowed to take.
public enum Timestamp {
    public static func milliseconds(_ text: String, zonelessIsUTC: Bool = false) -> Int64? {
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
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(Int(month), year: Int(year)),
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
        } else if !(zonelessIsUTC && bytes.isEmpty) {
            return nil
        }
        guard bytes.isEmpty else { return nil }

        let days = Int64(CivilDate.days(year: Int(year), month: Int(month), day: Int(day)))
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60
        return seconds * 1_000 + millis
    }

    /// The date part (`2026-01-01`) of a Unix-milliseconds instant, in UTC.
    public static func dateText(milliseconds: Int64) -> String {
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        let (year, month, day) = CivilDate.fromDays(Int(days))
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    /// `2026-01-01T09:30:00Z`: the instant in ISO 8601 UTC, to the second, the year in four
    /// digits (`0999-…`) as ISO 8601 and `milliseconds(_:)` want it.
    public static func isoUTC(milliseconds: Int64) -> String {
        let (days, second) = CivilDate.split(epochSeconds: floorDivide(milliseconds, 1_000))
        let (year, month, day) = CivilDate.fromDays(days)
        let yearText = (0..<1_000).contains(year) ? String(String(year + 10_000).dropFirst()) : "\(year)"
        return "\(yearText)-\(two(month))-\(two(day))T\(two(second / 3_600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
    }

    /// `isoUTC`, with the milliseconds (`…T09:30:00.250Z`) when there are any: what
    /// `milliseconds(_:)` reads back as the same instant.
    public static func isoUTCKeepingMilliseconds(_ milliseconds: Int64) -> String {
        let fraction = milliseconds - floorDivide(milliseconds, 1_000) * 1_000
        let text = isoUTC(milliseconds: milliseconds)
        guard fraction != 0 else { return text }
        return text.dropLast() + "." + String(String(fraction + 1_000).dropFirst()) + "Z"
    }

    /// The instants `isoUTC` writes with a four-digit year, 0000-01-01T00:00:00Z up to
    /// 9999-12-31T23:59:59.999Z: those `milliseconds(_:)` reads back.
    public static let fourDigitYears: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// `2026-01-01 10:30:00 CET`: the instant in the local time zone (`$TZ`, else the system's),
    /// with the zone's abbreviation, for people reading a table.
    public static func localText(milliseconds: Int64) -> String {
        localText(milliseconds: milliseconds, format: "%Y-%m-%d %H:%M:%S %Z")
    }

    /// `2026-01-01 10:30 CET`: `localText` to the minute, where seconds would be noise.
    public static func localMinuteText(milliseconds: Int64) -> String {
        localText(milliseconds: milliseconds, format: "%Y-%m-%d %H:%M %Z")
    }

    /// The instant in the local time zone, in strftime's `format` (`%a %H:%M` → `Tue 10:00`).
    public static func localText(milliseconds: Int64, format: String) -> String {
        var seconds = time_t(floorDivide(milliseconds, 1_000))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return isoUTC(milliseconds: milliseconds) }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, format, &parts)
        guard count > 0 else { return isoUTC(milliseconds: milliseconds) }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A server's timestamp as ISO 8601 UTC, or the text as given when it is not one.
    public static func machineText(_ text: String) -> String {
        milliseconds(text, zonelessIsUTC: true).map { isoUTC(milliseconds: $0) } ?? text
    }

    /// A server's timestamp in local time with its zone, or the text as given when it is not one.
    public static func personText(_ text: String) -> String {
        milliseconds(text, zonelessIsUTC: true).map { localText(milliseconds: $0) } ?? text
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }
}
