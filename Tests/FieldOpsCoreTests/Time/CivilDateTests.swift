import FieldOpsCore
import Foundation
import Testing

/// The shared calendar arithmetic agrees with Foundation's Gregorian calendar in UTC.
@Suite struct CivilDateTests {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }

    // MARK: - Against Foundation

    @Test func everyDayFrom1900To2100MatchesFoundation() {
        let calendar = CivilDateTests.utc
        let first = CivilDate.days(year: 1900, month: 1, day: 1)
        let last = CivilDate.days(year: 2100, month: 12, day: 31)
        #expect(last - first + 1 == 201 * 365 + 49)  // 49 leap days: 1904…2096, 2000 included
        var mismatches: [Int] = []
        for days in first...last {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let expected = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = CivilDate.fromDays(days)
            if civil.year != expected.year || civil.month != expected.month || civil.day != expected.day
                || CivilDate.days(year: civil.year, month: civil.month, day: civil.day) != days
            {
                mismatches.append(days)
            }
        }
        #expect(mismatches.isEmpty, "first mismatching day numbers: \(mismatches.prefix(5))")
    }

    @Test func monthLengthsMatchFoundation() throws {
        let calendar = CivilDateTests.utc
        for year in [1900, 1999, 2000, 2023, 2024, 2100] {
            for month in 1...12 {
                let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: 1)))
                let length = try #require(calendar.range(of: .day, in: .month, for: date)).count
                #expect(CivilDate.daysInMonth(month, year: year) == length, "\(year)-\(month)")
            }
        }
        #expect(CivilDate.isLeap(2000) && CivilDate.isLeap(2024))
        #expect(!CivilDate.isLeap(1900) && !CivilDate.isLeap(2100) && !CivilDate.isLeap(2023))
    }

    // MARK: - Edges

    @Test func epochAndDaysAroundItAreNumberedFromZero() {
        #expect(CivilDate.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilDate.days(year: 1969, month: 12, day: 31) == -1)
        #expect(CivilDate.fromDays(-1) == (1969, 12, 31))
        #expect(CivilDate.days(year: 2000, month: 3, day: 1) - CivilDate.days(year: 2000, month: 2, day: 28) == 2)
    }

    @Test func farYearsRoundTrip() {
        for days in [-719_468, -719_469, -1_000_000, 2_932_896, 10_000_000] {
            let civil = CivilDate.fromDays(days)
            #expect(CivilDate.days(year: civil.year, month: civil.month, day: civil.day) == days)
        }
        #expect(CivilDate.fromDays(-719_468) == (0, 3, 1))
        #expect(CivilDate.fromDays(CivilDate.days(year: 9999, month: 12, day: 31)) == (9999, 12, 31))
    }

    @Test func splittingSecondsRoundsTowardThePast() {
        #expect(CivilDate.split(epochSeconds: 0) == (0, 0))
        #expect(CivilDate.split(epochSeconds: 86_399) == (0, 86_399))
        #expect(CivilDate.split(epochSeconds: -1) == (-1, 86_399))
        #expect(CivilDate.split(epochSeconds: -86_400) == (-1, 0))
        #expect(CivilDate.split(epochSeconds: -86_401) == (-2, 86_399))
    }
}
