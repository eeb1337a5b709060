/// How long a device has been up: its state document's `Time` minus its `Online Time` (seed).
public struct Uptime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var seconds: Int64

    public init(seconds: Int64) {
        self.seconds = seconds
    }

    /// Nil when either stamp is missing or unparsable, or when `Online Time` is after `Time`
    /// (a device clock that jumped): showing a negative uptime would only mislead.
    public init?(time: String?, onlineTime: String?) {
        self.init(time: time.flatMap(MongoTimestamp.init), onlineTime: onlineTime.flatMap(MongoTimestamp.init))
    }

    /// `init(time:onlineTime:)` of stamps already parsed (nil: missing or unparsable).
    public init?(time now: MongoTimestamp?, onlineTime since: MongoTimestamp?) {
        guard let now, let since, since <= now else { return nil }
        seconds = Int64(now.seconds(since: since))
    }

    /// Two units, largest first: `43d 7h`, `5h 02m`, `12m 09s`, `41s`.
    public var description: String {
        let days = seconds / 86_400
        let hours = seconds / 3600 % 24
        let minutes = seconds / 60 % 60
        let secs = seconds % 60
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(two(minutes))m" }
        if minutes > 0 { return "\(minutes)m \(two(secs))s" }
        return "\(secs)s"
    }

    public static func < (lhs: Uptime, rhs: Uptime) -> Bool { lhs.seconds < rhs.seconds }
}
