import FieldOpsCore
import FoundationEssentials

/// The time zone of the JQC server's zone-less stamps: the profile's `time_zone` (an IANA
/// name), UTC when unset, as the contract says.
///
/// The public server stamps every record (`created_at`, `reported_at`, `completed_at`, …) with
/// its own wall-clock time and no offset — US Eastern time where it is deployed — while its
/// HTTP `Date` header is UTC. Read as UTC, every time would be hours off, so every stamp from
/// the server is read here, and every time fieldops sends is written here, in that zone.
public struct ServerZone: Sendable, Equatable {
    public let zone: ZoneInfo

    /// The profile key.
    public static let key = "time_zone"

    public init(zone: ZoneInfo) {
        self.zone = zone
    }

    /// The profile's zone; an unknown name is a configuration error naming the profile.
    public init(profile: Profile) throws {
        guard let name = profile.string(Self.key), !name.isEmpty else {
            self.zone = .utc
            return
        }
        do {
            self.zone = try ZoneInfo.named(name)
        } catch {
            throw FieldOpsError(
                "profile \(profile.name): time_zone: \(error.description)",
                hint:
                    "set `time_zone:` in \(profile.file.isEmpty ? "the profile" : profile.file) to the server's zone, e.g. America/New_York (the names are the files under \(ZoneInfo.databaseDirectory), from the tzdata package)",
                exitCode: .usage)
        }
    }

    public static let utc = ServerZone(zone: .utc)

    public var name: String { zone.name }

    /// The instant a server stamp names: a zone-less stamp is wall time in the server's zone
    /// (the earlier instant in the hour a clock is turned back); one with `Z` or an offset is
    /// exact. Nil when the text is not a stamp.
    public func instant(_ text: String) -> Date? {
        guard let stamp = JQCDate.stamp(text) else { return nil }
        let utc = stamp.offset.map { stamp.localSeconds - Int64($0) } ?? zone.utcSeconds(forLocal: stamp.localSeconds)
        return Date(timeIntervalSince1970: Double(utc) + stamp.fraction)
    }

    /// An instant as the server writes its own stamps: wall time in its zone, whole seconds,
    /// no offset (`2026-12-06T17:51:02`).
    public func text(_ date: Date) -> String {
        JQCDate.format(localSeconds: zone.localSeconds(fromUTC: JQCDate.epochSeconds(date)))
    }

    /// A server stamp for people: local time of this machine with its zone
    /// (`2026-12-06 23:51:02 CET`); the text as given when it is not a stamp.
    public func personText(_ text: String) -> String {
        guard let date = instant(text) else { return text }
        return Timestamp.localText(milliseconds: Int64((date.timeIntervalSince1970 * 1_000).rounded(.down)))
    }

    /// A server stamp for machines (JSON): ISO 8601 with the server zone's offset at that
    /// instant (`2026-12-06T17:51:02-05:00`), or the text as given when it is not a stamp.
    public func machineText(_ text: String) -> String {
        guard let stamp = JQCDate.stamp(text) else { return text }
        if stamp.offset != nil { return text }
        let utc = zone.utcSeconds(forLocal: stamp.localSeconds)
        return JQCDate.format(localSeconds: stamp.localSeconds) + Self.offsetText(zone.offset(atUTC: utc))
    }

    /// `+05:30`, `-05:00`, `+00:00`.
    public static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return sign + two(minutes / 60) + ":" + two(minutes % 60)
    }

    // MARK: - Cursors

    /// The `since` to ask for after a cursor the server stamped: a minute before it, and when the
    /// server's clock was turned back since the cursor (a summer-time end), that much earlier
    /// again — the server compares its zone-less stamps as text, and a notice stamped in the
    /// repeated hour reads earlier than the cursor. Duplicates are dropped by id.
    public func since(cursor: String, overlap: Int64, now: Date) -> String? {
        guard let stamp = JQCDate.stamp(cursor) else { return nil }
        let local: Int64
        let cursorInstant: Int64
        if let offset = stamp.offset {
            cursorInstant = stamp.localSeconds - Int64(offset)
            local = zone.localSeconds(fromUTC: cursorInstant)
        } else {
            local = stamp.localSeconds
            cursorInstant = zone.utcSeconds(forLocal: local)
        }
        let later = max(JQCDate.epochSeconds(now), cursorInstant) + 3_600
        let turnedBack = max(0, zone.offset(atUTC: cursorInstant) - zone.offset(atUTC: later))
        return JQCDate.format(localSeconds: local - overlap - Int64(turnedBack))
    }

    // MARK: - The server's offset, observed

    /// The server's UTC offset as one answer shows it: the wall time it just stamped on a record
    /// against the answer's `Date` header. Nil unless the difference is within two minutes of
    /// a whole number of quarter hours (the stamp and the header are taken a moment apart).
    public static func observedOffset(stamp: String, serverDate: Date) -> Int? {
        guard let parsed = JQCDate.stamp(stamp), parsed.offset == nil else { return nil }
        let difference = parsed.localSeconds - JQCDate.epochSeconds(serverDate)
        let quarters = (Double(difference) / 900).rounded()
        guard abs(Double(difference) - quarters * 900) <= 120, abs(quarters) <= 14 * 4 else { return nil }
        return Int(quarters) * 900
    }

    /// Whether an offset the server showed at `instant` is this zone's.
    public func agrees(withOffset offset: Int, at instant: Date) -> Bool {
        zone.offset(atUTC: JQCDate.epochSeconds(instant)) == offset
    }
}

extension ServerZone {
    /// When the offset a sync saw is not this zone's at that moment: what is wrong and the fix,
    /// for `jqc sync`, `jqc status` and `doctor` alike. Nil when they agree.
    public func disagreement(with observed: SyncReport.ObservedOffset, profile: Profile) -> (problem: String, fix: String)? {
        guard !agrees(withOffset: observed.seconds, at: observed.at) else { return nil }
        let expected = zone.offset(atUTC: JQCDate.epochSeconds(observed.at))
        let problem =
            "the server stamps its records at UTC\(Self.offsetText(observed.seconds)) (seen \(JQCDate.format(observed.at))Z), but profile \(profile.name)'s time_zone is \(name) (UTC\(Self.offsetText(expected)) then): every JQC time is shown off by that difference and the notification cursor may skip notices"
        let fix =
            "set `time_zone:` in \(profile.file.isEmpty ? "the profile" : profile.file) to the server's zone (the public JQC server: America/New_York), then sync: fieldops -p \(profile.name) jqc sync"
        return (problem, fix)
    }
}
