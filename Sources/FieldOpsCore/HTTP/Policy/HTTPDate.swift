import FoundationEssentials

/// Parses the date formats HTTP uses (`Retry-After`, cookie `Expires`) and writes the one it
/// should use (IMF-fixdate, RFC 9110 §5.6.7).
///
/// Read: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37
/// GMT`), asctime (`Sun Nov  6 08:49:37 1994`), the cookie variant `Sun, 06-Nov-1994 08:49:37
/// GMT`, and a numeric zone (`+0000`, `-0800`) or an RFC 5322 zone name (GMT, UT, UTC, Z, EST,
/// EDT, CST, CDT, MST, MDT, PST, PDT) in place of GMT. The weekday, when there is one, must be a
/// weekday's name; it is not checked against the date. A two-digit year is 1970–2069 (RFC 6265).
public enum HTTPDate {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let zones: [String: Int] = [
        "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8,
        "PDT": -7,
    ]

    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingSpaces()
        // HTTP dates are ASCII (RFC 9110 §5.6.7), and a server chooses what these headers hold.
        guard trimmed.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var words = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first else { return nil }
        // The weekday: "Sun," "Sunday," or asctime's "Sun".
        let weekday = first.hasSuffix(",") ? String(first.dropLast()) : first
        guard isWeekday(weekday) else { return nil }
        words.removeFirst()

        let day: Int
        let month: Int
        var year: Int
        let time: String
        var offset = 0
        if !first.hasSuffix(","), words.count == 4 {
            // asctime: Nov  6 08:49:37 1994
            guard let named = monthNumber(words[0]), let parsedDay = number(words[1], digits: 1...2),
                let parsedYear = number(words[3], digits: 4...4)
            else { return nil }
            (day, month, year, time) = (parsedDay, named, parsedYear, words[2])
        } else {
            // 06 Nov 1994 08:49:37 GMT, or 06-Nov-94 / 06-Nov-1994 as one word.
            var date = words
            if words.count == 3 {
                let pieces = words[0].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                guard pieces.count == 3 else { return nil }
                date = pieces + Array(words.dropFirst())
            }
            guard date.count == 5, let parsedDay = number(date[0], digits: 1...2), let named = monthNumber(date[1]),
                let parsedYear = number(date[2], digits: 2...4), date[2].count != 3
            else { return nil }
            (day, month, year, time) = (parsedDay, named, parsedYear, date[3])
            if date[2].count == 2 { year += year < 70 ? 2000 : 1900 }
            guard let zone = zoneOffset(date[4]) else { return nil }
            offset = zone
        }

        let clock = time.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard clock.count == 3, let hour = number(clock[0], digits: 2...2), let minute = number(clock[1], digits: 2...2),
            let second = number(clock[2], digits: 2...2), hour < 24, minute < 60, second <= 60,
            (1...9999).contains(year), day >= 1, day <= CivilDate.daysInMonth(month, year: year)
        else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset))
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func format(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = CivilDate.split(epochSeconds: seconds)
        let (year, month, day) = CivilDate.fromDays(days)
        // 1970-01-01 was a Thursday.
        let weekday = ((days % 7) + 7 + 4) % 7
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var yearText = String(abs(year))
        while yearText.count < 4 { yearText = "0" + yearText }
        if year < 0 { yearText = "-" + yearText }
        return "\(weekdays[weekday].prefix(3)), \(two(day)) \(months[month - 1]) \(yearText) "
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    }

    private static func isWeekday(_ word: String) -> Bool {
        weekdays.contains { $0.caseInsensitiveEquals(word) || $0.prefix(3).caseInsensitiveEquals(word) }
    }

    private static func monthNumber(_ word: String) -> Int? {
        months.firstIndex { $0.caseInsensitiveEquals(word) }.map { $0 + 1 }
    }

    /// The offset from UTC in seconds of a zone name or `+hhmm`/`-hhmm`.
    private static func zoneOffset(_ word: String) -> Int? {
        if let hours = zones[word.uppercased()] { return hours * 3600 }
        guard word.count == 5, let sign = word.first, sign == "+" || sign == "-",
            let value = number(String(word.dropFirst()), digits: 4...4), value / 100 < 24, value % 100 < 60
        else { return nil }
        let seconds = value / 100 * 3600 + value % 100 * 60
        return sign == "-" ? -seconds : seconds
    }

    /// A number written only with ASCII digits, `digits` of them.
    private static func number(_ word: String, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(word.utf8.count), word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(word)
    }
}

extension StringProtocol {
    /// Equal when ASCII letters are folded to one case.
    fileprivate func caseInsensitiveEquals<Other: StringProtocol>(_ other: Other) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}
