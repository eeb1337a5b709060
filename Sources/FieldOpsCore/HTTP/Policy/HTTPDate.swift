import Foundation

/// Parses the date formats HTTP uses (`Retry-After`, cookie `Expires`).
public enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate, the one servers should send
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // RFC 850
        "EEE MMM d HH:mm:ss yyyy",  // asctime
        "EEE, dd-MMM-yyyy HH:mm:ss zzz",  // the common cookie variant
        "EEE, dd MMM yyyy HH:mm:ss Z",
    ]

    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingSpaces()
        // HTTP dates are ASCII (RFC 9110 §5.6.7). Foundation's DateFormatter traps on some
        // non-ASCII text ("Incorrect range CFRange"), and a server chooses what these headers hold.
        guard trimmed.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }

    public static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
