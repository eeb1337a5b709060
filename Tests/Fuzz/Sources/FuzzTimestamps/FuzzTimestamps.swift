import FieldOpsCore
import Foundation
import FuzzSupport
import InterlinedList
import JQC
import MCMS

/// Every timestamp parser: JQC's API dates and days and its server clock (`Date` header), the
/// core's HTTP dates (cookie `Expires`, `Retry-After`) and certificate expiry, IL's ISO 8601,
/// MCMS's Mongo-style stamps and uptimes, and the CivilDate arithmetic under them. The input
/// is one stamp; cut at its first newline it is also an MCMS (time, online time) pair.
/// What a parser accepts, its formatter writes back to the same instant whenever the
/// formatted text parses again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    jqc(text)
    http(text)
    iso(text)
    mongo(text, lines: input.lines)
    civil(input.bytes)
    return 0
}

private func jqc(_ text: String) {
    if let date = JQCDate.parse(text) {
        let written = JQCDate.format(date)
        if let again = JQCDate.parse(written) {
            Invariant.require(
                again.timeIntervalSince1970 == date.timeIntervalSince1970.rounded(.down),
                "JQCDate \(text) → \(written) → \(again.timeIntervalSince1970)")
        }
        _ = JQCDate.formatDay(date)
    }
    let day = JQCDate.parseDay(text)
    Invariant.require(JQCDate.isValidDay(text) == (day != nil), "JQCDate.isValidDay and parseDay disagree on \(text)")
    if let day {
        Invariant.require(JQCDate.formatDay(day) == text, "JQCDate day \(text) → \(JQCDate.formatDay(day))")
    }
    if let date = ServerClock.parse(httpDate: text) {
        _ = HTTPDate.format(date)
    }
}

private func http(_ text: String) {
    if let date = HTTPDate.parse(text) {
        let written = HTTPDate.format(date)
        if let again = HTTPDate.parse(written) {
            Invariant.require(again == date, "HTTPDate \(text) → \(written) → \(again)")
        }
    }
    _ = TLSCertificate(lines: ["Subject:CN=fuzz", "Expire date:" + text]).expires
}

private func iso(_ text: String) {
    guard let milliseconds = Timestamp.milliseconds(text) else {
        Invariant.require(RelativeTime.describe(iso: text, now: now) == text, "an unreadable IL date is not shown as given")
        return
    }
    _ = Timestamp.dateText(milliseconds: milliseconds)
    _ = RelativeTime.describe(iso: text, now: now)
}

private func mongo(_ text: String, lines: [String]) {
    if let stamp = MongoTimestamp(text) {
        let written = stamp.description
        if let again = MongoTimestamp(written) {
            Invariant.require(again == stamp, "MongoTimestamp \(text) → \(written) → \(again)")
        }
        _ = stamp.seconds(since: MongoTimestamp(epochSeconds: 0))
    }
    if lines.count >= 2, let uptime = Uptime(time: lines[0], onlineTime: lines[1]) {
        Invariant.require(uptime.seconds >= 0, "negative uptime from \(lines[0]) / \(lines[1])")
        _ = uptime.description
    }
}

/// CivilDate on numbers taken from the raw bytes: every year an Int32 holds, and epoch seconds
/// within ±2^62 (the parsers' own ranges are far inside both).
private func civil(_ bytes: [UInt8]) {
    guard bytes.count >= 14 else { return }
    func integer<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        bytes[offset..<(offset + MemoryLayout<T>.size)].reduce(T.zero) { $0 << 8 | T(truncatingIfNeeded: $1) }
    }
    let year = Int(integer(Int32.self, at: 0))
    let month = Int(bytes[4] % 12) + 1
    let day = Int(bytes[5]) % CivilDate.daysInMonth(month, year: year) + 1
    let number = CivilDate.days(year: year, month: month, day: day)
    let back = CivilDate.fromDays(number)
    Invariant.require(back == (year, month, day), "CivilDate \(year)-\(month)-\(day) → \(number) → \(back)")
    Invariant.require(
        CivilDate.days(year: year, month: month, day: day) + 1 == CivilDate.days(year: back.year, month: back.month, day: back.day + 1),
        "CivilDate day numbers are not consecutive at \(year)-\(month)-\(day)")

    let seconds = integer(Int64.self, at: 6) >> 2
    let split = CivilDate.split(epochSeconds: seconds)
    Invariant.require(
        (0..<86_400).contains(split.secondOfDay) && Int64(split.days) * 86_400 + Int64(split.secondOfDay) == seconds,
        "CivilDate.split(\(seconds)) = \(split)")
}

/// A fixed "now" for relative times: 2026-06-01T00:00:00Z in Unix milliseconds.
private let now: Int64 = 1_780_272_000_000
