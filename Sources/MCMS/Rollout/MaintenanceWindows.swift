import FieldOpsCore

/// When a rollout may start ONUs: `--window 'Mon-Fri 01:00-05:00'` (several allowed) in
/// `--window-zone` (the machine's zone by default), within `--start-at`/`--end-at`.
///
/// A window is a set of weekdays (`Mon-Fri`, `Sat,Sun`, `daily`, or none: every day) and a span of
/// wall-clock time, `HH:MM[:SS]-HH:MM[:SS]`; a span that ends at or before it starts runs past
/// midnight into the next day (`Fri 22:00-02:00` is Friday night). Wall times are read in the
/// zone through its tz rules, so a window keeps its local hours across a daylight-saving change
/// (a spring-forward night's window is an hour shorter).
public struct MaintenanceWindows: Sendable, Equatable {
    public struct Window: Sendable, Equatable {
        /// Monday = 0 … Sunday = 6.
        public var days: Set<Int>
        /// Seconds after local midnight.
        public var start: Int
        public var end: Int
        public var text: String

        var crossesMidnight: Bool { end <= start }
        var seconds: Int { crossesMidnight ? 86_400 - start + end : end - start }
    }

    public var windows: [Window]
    public var zone: ZoneInfo
    /// Unix ms; nil: no bound.
    public var startAt: Int64?
    public var endAt: Int64?

    static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    public init(windows: [Window], zone: ZoneInfo, startAt: Int64? = nil, endAt: Int64? = nil) {
        self.windows = windows
        self.zone = zone
        self.startAt = startAt
        self.endAt = endAt
    }

    /// `Mon-Fri 01:00-05:00`, `Sat,Sun 00:00-06:00`, `daily 22:00-02:00`, `01:00-05:00`.
    public static func window(_ text: String) throws(FieldOpsError) -> Window {
        let hint = "e.g. --window 'Mon-Fri 01:00-05:00' or --window 'Sat,Sun 22:00-06:00'"
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard (1...2).contains(words.count) else {
            throw FieldOpsError.usage("--window '\(text)' is not DAYS HH:MM-HH:MM", hint: hint)
        }
        var days = Set(0..<7)
        if words.count == 2, words[0].lowercased() != "daily" {
            days = []
            for part in words[0].lowercased().split(separator: ",") {
                let range = part.split(separator: "-").map(String.init)
                guard (1...2).contains(range.count), let first = dayNames.firstIndex(of: String(range[0].prefix(3))),
                    let last = dayNames.firstIndex(of: String(range[range.count - 1].prefix(3))),
                    range.allSatisfy({ $0.count >= 3 })
                else {
                    throw FieldOpsError.usage("--window '\(text)': \(part) is not a day or a range of days (Mon-Fri)", hint: hint)
                }
                var day = first
                while true {
                    days.insert(day)
                    if day == last { break }
                    day = (day + 1) % 7
                }
            }
        }
        let span = words[words.count - 1].split(separator: "-").map(String.init)
        guard span.count == 2, let start = secondOfDay(span[0]), let end = secondOfDay(span[1]), start != end else {
            throw FieldOpsError.usage("--window '\(text)': \(words[words.count - 1]) is not a span of time such as 01:00-05:00", hint: hint)
        }
        return Window(days: days, start: start, end: end, text: text)
    }

    /// `01:00` or `01:00:30` as seconds after midnight; `24:00` is the end of the day.
    static func secondOfDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), let second = parts.count == 3 ? Int(parts[2]) : 0,
            minute < 60, second < 60, hour < 24 || (hour == 24 && minute == 0 && second == 0)
        else { return nil }
        return hour * 3_600 + minute * 60 + second
    }

    /// Monday = 0 for a count of days since 1970-01-01 (a Thursday).
    static func weekday(ofDay day: Int64) -> Int { Int(((day % 7) + 7 + 3) % 7) }

    /// The open windows' spans around `instant` (UTC seconds): the windows of the day before,
    /// the day and the day after, as UTC spans.
    private func spans(around seconds: Int64, days: ClosedRange<Int64> = -1...1) -> [(start: Int64, end: Int64)] {
        let local = zone.localSeconds(fromUTC: seconds)
        let today = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        var spans: [(Int64, Int64)] = []
        for offset in days {
            let day = today + offset
            for window in windows where window.days.contains(Self.weekday(ofDay: day)) {
                let localStart = day * 86_400 + Int64(window.start)
                let localEnd = (window.crossesMidnight ? day + 1 : day) * 86_400 + Int64(window.end)
                spans.append((zone.utcSeconds(forLocal: localStart), zone.utcSeconds(forLocal: localEnd)))
            }
        }
        return spans
    }

    /// Whether an ONU may start at `instant` (Unix ms), and until when (Unix ms).
    public func openUntil(_ instant: Int64) -> Int64? {
        if let startAt, instant < startAt { return nil }
        if let endAt, instant >= endAt { return nil }
        // Only bounds (`--start-at`/`--end-at`): open throughout.
        guard !windows.isEmpty else { return endAt ?? Int64.max }
        let seconds = instant / 1_000
        // Windows that touch or overlap are one: follow them to the end.
        var end: Int64?
        var probe = seconds
        for _ in 0..<16 {
            guard let span = spans(around: probe).filter({ $0.start <= probe && probe < $0.end }).max(by: { $0.end < $1.end })
            else { break }
            end = span.end
            probe = span.end
        }
        guard let end else { return nil }
        return min(end * 1_000, endAt ?? Int64.max)
    }

    /// The next instant at or after `instant` when a window opens within the bounds; nil when
    /// none does before `--end-at` (or within two weeks).
    public func nextOpening(after instant: Int64) -> Int64? {
        if openUntil(instant) != nil { return instant }
        let from = max(instant, startAt ?? instant)
        if openUntil(from) != nil { return from }
        let seconds = from / 1_000
        let candidates = spans(around: seconds, days: -1...14).map(\.start).filter { $0 * 1_000 > from }.sorted()
        for start in candidates {
            let at = start * 1_000
            if let endAt, at >= endAt { return nil }
            if openUntil(at) != nil { return at }
        }
        return nil
    }

    /// `Mon-Fri 01:00-05:00, Sat 02:00-03:00 (Europe/Oslo)`
    public var description: String {
        (windows.isEmpty ? "any time" : windows.map(\.text).joined(separator: ", ") + " (\(zone.name))")
            + (startAt.map { ", from \(Timestamp.localMinuteText(milliseconds: $0))" } ?? "")
            + (endAt.map { ", until \(Timestamp.localMinuteText(milliseconds: $0))" } ?? "")
    }

    /// The open time of the windows in the week from `instant`, in seconds (for the estimate).
    public func openSeconds(inWeekFrom instant: Int64) -> Int64 {
        var total: Int64 = 0
        var at = instant
        let end = instant + 7 * 86_400_000
        while at < end, let opening = nextOpening(after: at), opening < end, let until = openUntil(opening) {
            total += (min(until, end) - opening) / 1_000
            at = until
        }
        return total
    }
}
