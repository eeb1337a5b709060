import FieldOpsCore
import Testing

/// `--since`/`--until` words and the injectable clock.
@Suite struct SinceTextTests {
    static let now: Int64 = 1_780_920_000_000  // 2026-06-08T12:00:00Z

    @Test func durationsCountBackFromNow() {
        #expect(SinceText.milliseconds("24h", now: Self.now) == Self.now - 86_400_000)
        #expect(SinceText.milliseconds("7d", now: Self.now) == Self.now - 7 * 86_400_000)
        #expect(SinceText.milliseconds("90m", now: Self.now) == Self.now - 5_400_000)
    }

    @Test func instantsWithAZoneAreThatInstant() {
        #expect(SinceText.milliseconds("2026-06-01T08:00:00Z", now: Self.now) == Timestamp.milliseconds("2026-06-01T08:00:00Z"))
        #expect(SinceText.milliseconds("2026-06-01T10:00:00+02:00", now: Self.now) == Timestamp.milliseconds("2026-06-01T08:00:00Z"))
    }

    @Test func daysAndZonelessTimesAreLocal() {
        // The test process's zone is whatever the machine's is: compare with the C library's.
        let day = SinceText.milliseconds("2026-06-01", now: Self.now)
        let time = SinceText.milliseconds("2026-06-01T00:00", now: Self.now)
        #expect(day != nil && day == time)
        let later = SinceText.milliseconds("2026-06-01T08:30", now: Self.now)
        let expected: Int64 = 8 * 3_600_000 + 1_800_000
        let difference: Int64? = later.map { $0 - day! }
        #expect(difference == expected)
        #expect(Timestamp.localText(milliseconds: day!, format: "%Y-%m-%d %H:%M") == "2026-06-01 00:00")
    }

    @Test(arguments: ["", "yesterday", "2026-13-01", "2026-02-30", "7 days", "-3h", "2026-06-01T25:00"])
    func nonsenseIsNoInstant(text: String) {
        #expect(SinceText.milliseconds(text, now: Self.now) == nil)
    }

    @Test func theOverrideIsTheClockOfTheTask() async {
        let start: Int64 = 1_780_315_200_000
        let inside = WallClock.$override.withValue(WallClock(startingAt: start)) { WallClock.nowMilliseconds }
        #expect(inside >= start && inside < start + 60_000)
        #expect(abs(WallClock.nowMilliseconds - WallClock.system.milliseconds()) < 60_000)
    }
}
