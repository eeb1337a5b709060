#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One IANA time zone (`America/New_York`, `Asia/Kolkata`), read from the system's time zone
/// database (Debian's `tzdata`: TZif files under `/usr/share/zoneinfo`, or `$TZDIR`).
///
/// A server that stamps its records with naive local wall-clock time (JQC's, in US Eastern
/// time) needs two conversions the C library offers only for the process's own zone: an
/// instant to that zone's wall time, and back. This reads the zone's TZif file once — its
/// 64-bit transition table, and the POSIX TZ rule in its footer for instants past the table
/// (files built "slim" end their table early and rely on the rule) — and answers both without
/// touching `TZ` or any process-wide state.
///
/// Wall times are written as "local seconds": the seconds since 1970-01-01T00:00:00 of the
/// wall-clock reading, as if it were UTC.
public struct ZoneInfo: Sendable, Equatable {
    /// The name as given (`Europe/Oslo`), or `UTC`.
    public let name: String
    /// The transition instants (UTC seconds), ascending, each with the index of the type that
    /// starts there.
    private let transitions: [Int64]
    private let transitionTypes: [UInt8]
    private let types: [LocalType]
    /// The rule for instants after the last transition (nil: the last type holds for ever).
    private let rule: PosixRule?

    /// One kind of local time the zone uses: its offset from UTC, whether it is summer time,
    /// and its abbreviation (`EST`, `+0530`).
    public struct LocalType: Sendable, Equatable {
        public var offset: Int
        public var isDST: Bool
        public var abbreviation: String
    }

    /// Why a zone could not be used.
    public enum LoadError: Error, Equatable, CustomStringConvertible {
        /// The name is not an IANA zone name (empty, absolute, `..`, odd characters).
        case invalidName(String)
        /// No such zone in the database.
        case unknownZone(name: String, directory: String)
        /// The file exists but is not a TZif file this reader understands.
        case malformed(name: String, path: String, reason: String)

        public var description: String {
            switch self {
            case .invalidName(let name):
                return "'\(name)' is not a time zone name (expected an IANA name such as America/New_York or Europe/Oslo)"
            case .unknownZone(let name, let directory):
                return "no time zone '\(name)' in the time zone database (\(directory))"
            case .malformed(let name, let path, let reason):
                return "the time zone database entry for '\(name)' (\(path)) cannot be read: \(reason)"
            }
        }
    }

    /// UTC itself, with no file read.
    public static let utc = ZoneInfo(
        name: "UTC", transitions: [], transitionTypes: [], types: [LocalType(offset: 0, isDST: false, abbreviation: "UTC")],
        rule: nil)

    /// Also the TZif reader's, below in this file.
    fileprivate init(name: String, transitions: [Int64], transitionTypes: [UInt8], types: [LocalType], rule: PosixRule?) {
        self.name = name
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.rule = rule
    }

    /// The directory of the time zone database: `$TZDIR`, else `/usr/share/zoneinfo`.
    public static var databaseDirectory: String {
        if let value = getenv("TZDIR"), value[0] != 0 { return String(cString: value) }
        return "/usr/share/zoneinfo"
    }

    private static let cache = Locked<[String: ZoneInfo]>([:])

    /// The zone called `name`, read once per process. `UTC`, `Etc/UTC` and `Z` need no file.
    public static func named(_ name: String) throws(LoadError) -> ZoneInfo {
        if name == "UTC" || name == "Etc/UTC" || name == "Z" { return .utc }
        if let known = cache.withLock({ $0[name] }) { return known }
        let zone = try load(name, directory: databaseDirectory)
        cache.withLock { $0[name] = zone }
        return zone
    }

    /// Reads `directory/name` (no cache).
    public static func load(_ name: String, directory: String) throws(LoadError) -> ZoneInfo {
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
        }
        guard !name.isEmpty, allowed, !name.hasPrefix("/"), !name.split(separator: "/").contains(where: { $0 == ".." || $0 == "." })
        else { throw .invalidName(name) }
        let path = directory + "/" + name
        // The configuration's careful reader: a FIFO or device is refused before it can block,
        // and a file over 1 MiB (a zone is a few KiB) is not read.
        let found: [UInt8]?
        do {
            found = try FileSystem.readFileIfExists(path, limit: 1 << 20)
        } catch let error as SystemCallError where error.code == EINVAL || error.code == EISDIR {
            found = nil  // a directory such as `America` names no zone
        } catch {
            throw .malformed(name: name, path: path, reason: (error as? SystemCallError)?.reason ?? error.summaryText)
        }
        guard let bytes = found else { throw .unknownZone(name: name, directory: directory) }
        do {
            return try TZifReader(bytes: bytes).zone(named: name)
        } catch {
            throw .malformed(name: name, path: path, reason: error.reason)
        }
    }

    // MARK: - Instant to wall time

    /// The local type in force at `utcSeconds`.
    public func localType(atUTC utcSeconds: Int64) -> LocalType {
        if let last = transitions.last, utcSeconds >= last, let rule {
            return rule.localType(atUTC: utcSeconds)
        }
        guard let first = transitions.first, utcSeconds >= first else {
            // Before the first transition (or none at all): the first standard-time type, as
            // RFC 8536 says for a file without explicit early data.
            if transitions.isEmpty, let rule { return rule.localType(atUTC: utcSeconds) }
            return types.first(where: { !$0.isDST }) ?? types[0]
        }
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= utcSeconds { low = middle } else { high = middle - 1 }
        }
        return types[Int(transitionTypes[low])]
    }

    /// Seconds to add to UTC for local time at `utcSeconds` (`-18000` for EST).
    public func offset(atUTC utcSeconds: Int64) -> Int {
        localType(atUTC: utcSeconds).offset
    }

    /// The wall-clock reading of `utcSeconds` in this zone, as local seconds.
    public func localSeconds(fromUTC utcSeconds: Int64) -> Int64 {
        utcSeconds + Int64(offset(atUTC: utcSeconds))
    }

    // MARK: - Wall time to instant

    /// Every instant whose wall-clock reading here is `localSeconds`: one, two in the hour a
    /// clock is turned back (earlier first), none in the hour it skips.
    public func utcCandidates(forLocal localSeconds: Int64) -> [Int64] {
        // Offsets in force around that wall time; a zone changes offset at most once in two days.
        var offsets: [Int] = []
        for probe in [localSeconds - 172_800, localSeconds, localSeconds + 172_800] {
            let offset = offset(atUTC: probe)
            if !offsets.contains(offset) { offsets.append(offset) }
        }
        var instants: [Int64] = []
        for offset in offsets {
            let instant = localSeconds - Int64(offset)
            if self.offset(atUTC: instant) == offset, !instants.contains(instant) { instants.append(instant) }
        }
        return instants.sorted()
    }

    /// The instant of a wall-clock reading: the earlier one when the reading happens twice,
    /// and for a reading the clock skipped, the instant it would be under the offset before the
    /// change (02:30 on a spring-forward night is 03:30 summer time), as `mktime` does.
    public func utcSeconds(forLocal localSeconds: Int64) -> Int64 {
        if let first = utcCandidates(forLocal: localSeconds).first { return first }
        return localSeconds - Int64(offset(atUTC: localSeconds - 172_800))
    }
}

// MARK: - TZif (RFC 8536)

private struct TZifError: Error {
    var reason: String
}

/// Reads the version 2+ data block (64-bit times) and the footer rule; a version 1 file's
/// 32-bit block otherwise.
private struct TZifReader {
    let bytes: [UInt8]

    func zone(named name: String) throws(TZifError) -> ZoneInfo {
        guard bytes.count >= 44, bytes[0] == 0x54, bytes[1] == 0x5A, bytes[2] == 0x69, bytes[3] == 0x66 else {
            throw TZifError(reason: "not a TZif file")
        }
        let version = bytes[4]
        let first = try header(at: 0)
        if version == 0 {
            return try block(at: 44, header: first, timeSize: 4, name: name, footerAllowed: false)
        }
        let secondStart = 44 + first.dataLength(timeSize: 4)
        let second = try header(at: secondStart)
        return try block(at: secondStart + 44, header: second, timeSize: 8, name: name, footerAllowed: true)
    }

    struct Header {
        var isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt: Int

        func dataLength(timeSize: Int) -> Int {
            timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    func header(at start: Int) throws(TZifError) -> Header {
        guard start + 44 <= bytes.count, bytes[start] == 0x54, bytes[start + 3] == 0x66 else {
            throw TZifError(reason: "truncated header")
        }
        func count(_ index: Int) -> Int { Int(uint32(at: start + 20 + index * 4)) }
        let header = Header(
            isutcnt: count(0), isstdcnt: count(1), leapcnt: count(2), timecnt: count(3), typecnt: count(4), charcnt: count(5))
        guard header.typecnt > 0, header.typecnt <= 256, header.timecnt < 100_000, header.charcnt < 10_000 else {
            throw TZifError(reason: "implausible counts")
        }
        return header
    }

    func block(at start: Int, header: Header, timeSize: Int, name: String, footerAllowed: Bool) throws(TZifError) -> ZoneInfo {
        let end = start + header.dataLength(timeSize: timeSize)
        guard end <= bytes.count else { throw TZifError(reason: "truncated data") }
        var position = start
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.timecnt)
        for _ in 0..<header.timecnt {
            transitions.append(timeSize == 8 ? Int64(bitPattern: uint64(at: position)) : Int64(Int32(bitPattern: uint32(at: position))))
            position += timeSize
        }
        let transitionTypes = Array(bytes[position..<(position + header.timecnt)])
        position += header.timecnt
        var raw: [(offset: Int, isDST: Bool, index: Int)] = []
        for _ in 0..<header.typecnt {
            raw.append((Int(Int32(bitPattern: uint32(at: position))), bytes[position + 4] != 0, Int(bytes[position + 5])))
            position += 6
        }
        let characters = Array(bytes[position..<(position + header.charcnt)])
        let types = raw.map { entry in
            var abbreviation = ""
            if entry.index < characters.count {
                let tail = characters[entry.index...]
                abbreviation = String(decoding: tail.prefix { $0 != 0 }, as: UTF8.self)
            }
            return ZoneInfo.LocalType(offset: entry.offset, isDST: entry.isDST, abbreviation: abbreviation)
        }
        guard transitionTypes.allSatisfy({ Int($0) < types.count }) else { throw TZifError(reason: "a transition names no type") }
        var rule: PosixRule?
        if footerAllowed, end < bytes.count, bytes[end] == 0x0A {
            let footer = bytes[(end + 1)...].prefix { $0 != 0x0A }
            if !footer.isEmpty {
                guard let parsed = PosixRule(String(decoding: footer, as: UTF8.self)) else {
                    throw TZifError(reason: "unreadable TZ rule '\(String(decoding: footer, as: UTF8.self))'")
                }
                rule = parsed
            }
        }
        return ZoneInfo(
            name: name, transitions: transitions, transitionTypes: transitionTypes, types: types, rule: rule)
    }

    func uint32(at index: Int) -> UInt32 {
        UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
    }

    func uint64(at index: Int) -> UInt64 {
        UInt64(uint32(at: index)) << 32 | UInt64(uint32(at: index + 4))
    }
}

// MARK: - POSIX TZ rules (`EST5EDT,M3.2.0,M11.1.0`)

/// A TZ string as POSIX (and RFC 8536's extensions) writes it: standard time, and optionally
/// summer time with the rule for its start and end in each year.
struct PosixRule: Sendable, Equatable {
    var standard: ZoneInfo.LocalType
    var summer: ZoneInfo.LocalType?
    var start: DateRule = .month(3, week: 2, weekday: 0, time: 7_200)
    var end: DateRule = .month(11, week: 1, weekday: 0, time: 7_200)

    /// When in a year a change happens, in local time of the type in force before it.
    enum DateRule: Sendable, Equatable {
        /// `Jn`: day 1–365, February 29 never counted.
        case julian(Int, time: Int)
        /// `n`: day 0–365, February 29 counted.
        case zeroBased(Int, time: Int)
        /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (5: the last) of month `m`.
        case month(Int, week: Int, weekday: Int, time: Int)

        /// Local seconds of the change in `year`.
        func localSeconds(in year: Int) -> Int64 {
            let dayNumber: Int
            let time: Int
            switch self {
            case .julian(let day, let at):
                let leapShift = CivilDate.isLeap(year) && day >= 60 ? 1 : 0
                dayNumber = CivilDate.days(year: year, month: 1, day: 1) + day - 1 + leapShift
                time = at
            case .zeroBased(let day, let at):
                dayNumber = CivilDate.days(year: year, month: 1, day: 1) + day
                time = at
            case .month(let month, let week, let weekday, let at):
                let firstOfMonth = CivilDate.days(year: year, month: month, day: 1)
                // 1970-01-01 was a Thursday (4).
                let firstWeekday = ((firstOfMonth + 4) % 7 + 7) % 7
                var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                while day > CivilDate.daysInMonth(month, year: year) { day -= 7 }
                dayNumber = firstOfMonth + day - 1
                time = at
            }
            return Int64(dayNumber) * 86_400 + Int64(time)
        }
    }

    func localType(atUTC utcSeconds: Int64) -> ZoneInfo.LocalType {
        guard let summer else { return standard }
        let year = CivilDate.fromDays(CivilDate.split(epochSeconds: utcSeconds + Int64(standard.offset)).days).year
        let begins = start.localSeconds(in: year) - Int64(standard.offset)
        let ends = end.localSeconds(in: year) - Int64(summer.offset)
        let inSummer = begins < ends ? (utcSeconds >= begins && utcSeconds < ends) : (utcSeconds < ends || utcSeconds >= begins)
        return inSummer ? summer : standard
    }

    init?(_ text: String) {
        var scanner = RuleScanner(bytes: Array(text.utf8))
        guard let standardName = scanner.name(), let standardOffset = scanner.offset() else { return nil }
        standard = ZoneInfo.LocalType(offset: -standardOffset, isDST: false, abbreviation: standardName)
        if scanner.atEnd { return }
        guard let summerName = scanner.name() else { return nil }
        let summerOffset = scanner.peek == UInt8(ascii: ",") || scanner.atEnd ? standardOffset - 3_600 : scanner.offset()
        guard let summerOffset else { return nil }
        summer = ZoneInfo.LocalType(offset: -summerOffset, isDST: true, abbreviation: summerName)
        if scanner.atEnd { return }
        guard scanner.take(UInt8(ascii: ",")), let start = scanner.dateRule(), scanner.take(UInt8(ascii: ",")),
            let end = scanner.dateRule(), scanner.atEnd
        else { return nil }
        self.start = start
        self.end = end
    }
}

private struct RuleScanner {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[index] }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// `EST` or `<+0530>`.
    mutating func name() -> String? {
        if take(UInt8(ascii: "<")) {
            let start = index
            while let byte = peek, byte != UInt8(ascii: ">") { index += 1 }
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            return take(UInt8(ascii: ">")) && !name.isEmpty ? name : nil
        }
        let start = index
        while let byte = peek, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") { index += 1 }
        return index - start >= 3 ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (POSIX sign: positive is west of Greenwich).
    mutating func offset() -> Int? {
        var sign = 1
        if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
        guard let time = time() else { return nil }
        return sign * time
    }

    /// `hh[:mm[:ss]]`, hours up to 167 (RFC 8536's extension).
    mutating func time() -> Int? {
        guard let hours = number(), hours <= 167 else { return nil }
        var seconds = hours * 3_600
        if take(UInt8(ascii: ":")) {
            guard let minutes = number(), minutes < 60 else { return nil }
            seconds += minutes * 60
            if take(UInt8(ascii: ":")) {
                guard let secs = number(), secs < 60 else { return nil }
                seconds += secs
            }
        }
        return seconds
    }

    mutating func number() -> Int? {
        let start = index
        var value = 0
        while let byte = peek, byte >= 0x30, byte <= 0x39, index - start < 4 {
            value = value * 10 + Int(byte - 0x30)
            index += 1
        }
        return index > start ? value : nil
    }

    /// `Jn`, `n` or `Mm.w.d`, each with an optional `/time` (which may be negative).
    mutating func dateRule() -> PosixRule.DateRule? {
        let rule: PosixRule.DateRule
        if take(UInt8(ascii: "M")) {
            guard let month = number(), (1...12).contains(month), take(UInt8(ascii: ".")), let week = number(), (1...5).contains(week),
                take(UInt8(ascii: ".")), let weekday = number(), weekday <= 6
            else { return nil }
            rule = .month(month, week: week, weekday: weekday, time: 7_200)
        } else if take(UInt8(ascii: "J")) {
            guard let day = number(), (1...365).contains(day) else { return nil }
            rule = .julian(day, time: 7_200)
        } else {
            guard let day = number(), day <= 365 else { return nil }
            rule = .zeroBased(day, time: 7_200)
        }
        guard take(UInt8(ascii: "/")) else { return rule }
        guard let time = offset() else { return nil }
        switch rule {
        case .month(let m, let w, let d, _): return .month(m, week: w, weekday: d, time: time)
        case .julian(let day, _): return .julian(day, time: time)
        case .zeroBased(let day, _): return .zeroBased(day, time: time)
        }
    }
}

extension ZoneInfo {
    /// The machine's zone, as the C library picks it: `$TZ` (a zone name, `:` stripped), else
    /// the zone `/etc/localtime` links to, else `/etc/timezone`; UTC when none names a zone the
    /// database has.
    public static func machine(environment: [String: String]) -> ZoneInfo {
        var names: [String] = []
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            names.append(tz)
        }
        var buffer = [CChar](repeating: 0, count: 4_096)
        let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
        if count > 0 {
            let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let range = target.firstRange(of: "zoneinfo/") { names.append(String(target[range.upperBound...])) }
        }
        if let bytes = try? FileSystem.readFileIfExists("/etc/timezone", limit: 4_096) {
            names.append(String(decoding: bytes, as: UTF8.self).trimmingWhitespace())
        }
        for name in names where !name.isEmpty {
            if let zone = try? named(name) { return zone }
        }
        return .utc
    }
}
