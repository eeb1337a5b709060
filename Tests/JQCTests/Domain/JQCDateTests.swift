import Foundation
import Testing

@testable import JQC

@Suite("API dates")
struct JQCDateTests {
    @Test func parsesTheAPIFormats() throws {
        let base = try #require(JQCDate.parse("2026-05-01T08:30:15"))
        #expect(base.timeIntervalSince1970 == 1_777_624_215)
        #expect(JQCDate.parse("2026-05-01T08:30:15Z") == base)
        #expect(JQCDate.parse("2026-05-01 08:30:15") == base)
        #expect(JQCDate.parse("2026-05-01T10:30:15+02:00") == base)
        #expect(JQCDate.parse("2026-05-01T08:30:15.250000")?.timeIntervalSince1970 == 1_777_624_215.25)
        #expect(JQCDate.parse("2026-05-01T08:30:15.5Z")?.timeIntervalSince1970 == 1_777_624_215.5)
    }

    @Test func refusesMalformedOrImpossibleMoments() {
        for bad in [
            "", "2026-05-01", "2026-02-30T00:00:00", "2026-05-01T24:00:00", "2026-05-01T08:60:00",
            "2026-05-01T08:30:15.", "2026-05-01T08:30:15+2", "2026-05-01T08:30:15 UTC", "2026/05/01T08:30:15",
        ] {
            #expect(JQCDate.parse(bad) == nil, "\(bad) should not parse")
        }
    }

    @Test func formatsUTCWithoutZoneTruncatingFractions() {
        #expect(JQCDate.format(Date(timeIntervalSince1970: 1_777_624_215.999)) == "2026-05-01T08:30:15")
        #expect(JQCDate.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00")
        #expect(JQCDate.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59")
        #expect(JQCDate.format(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00")
    }

    @Test func formatAndParseAgreeWithFoundationOverManyDays() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var t = -2_208_988_800.0  // 1900-01-01
        while t < 4_102_444_800 {  // 2100-01-01
            let date = Date(timeIntervalSince1970: t)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
            #expect(JQCDate.format(date) == expected)
            #expect(JQCDate.parse(expected) == date)
            t += 3_123_457  // about 36 days and an odd number of seconds
        }
    }

    @Test func daysAreRealCalendarDays() {
        #expect(JQCDate.isValidDay("2024-02-29"))
        #expect(!JQCDate.isValidDay("2023-02-29"))
        #expect(!JQCDate.isValidDay("1900-02-29"))
        #expect(JQCDate.isValidDay("2000-02-29"))
        #expect(!JQCDate.isValidDay("2026-04-31"))
        #expect(!JQCDate.isValidDay("2026-4-01"))
        #expect(!JQCDate.isValidDay("0000-01-01"))
        #expect(JQCDate.formatDay(Date(timeIntervalSince1970: 1_777_624_215)) == "2026-05-01")
        #expect(JQCDate.parseDay("2026-05-01")?.timeIntervalSince1970 == 1_777_593_600)
    }
}
