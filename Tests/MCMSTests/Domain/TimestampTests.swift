import Testing

@testable import MCMS

@Suite struct TimestampTests {
    // MARK: Parsing the contract's format

    @Test func parsesWholeSecondsAsUTC() throws {
        let stamp = try #require(MongoTimestamp("2026-06-01 12:00:00"))
        #expect(stamp.epochSeconds == 1_780_315_200)
        #expect(stamp.microseconds == 0)
    }

    @Test func parsesSixFractionDigitsAsMicroseconds() throws {
        let stamp = try #require(MongoTimestamp("1970-01-01 00:00:01.000250"))
        #expect(stamp.epochSeconds == 1)
        #expect(stamp.microseconds == 250)
    }

    @Test func shorterFractionsAreScaled() throws {
        #expect(MongoTimestamp("1970-01-01 00:00:00.5")?.microseconds == 500_000)
        #expect(MongoTimestamp("1970-01-01 00:00:00.123")?.microseconds == 123_000)
    }

    @Test func leapDayAndCenturyRulesHold() {
        #expect(MongoTimestamp("2024-02-29 00:00:00") != nil)
        #expect(MongoTimestamp("2026-02-29 00:00:00") == nil)
        #expect(MongoTimestamp("2000-02-29 23:59:59") != nil)
        #expect(MongoTimestamp("1900-02-29 00:00:00") == nil)
    }

    @Test(arguments: [
        "2026-06-01T12:00:00",  // ISO 8601 separator is not the contract's
        "2026-06-01 12:00:00Z",  // no zone suffix
        "2026-06-01 12:00:00+00:00",
        "2026-06-01 12:00:00.",  // a dot with no digits
        "2026-06-01 12:00:00.1234567",  // more than microseconds
        "2026-13-01 12:00:00",
        "2026-06-31 12:00:00",
        "2026-06-01 24:00:00",
        "2026-6-01 12:00:00",
        "",
    ])
    func rejectsAnythingElse(text: String) {
        #expect(MongoTimestamp(text) == nil)
    }

    @Test func descriptionWritesTheContractFormatBack() {
        for text in ["2026-06-01 12:00:00", "1999-12-31 23:59:59.000001", "2024-02-29 06:07:08.123456"] {
            #expect(MongoTimestamp(text)?.description == text)
        }
    }

    // MARK: Uptime

    @Test func uptimeIsStateTimeMinusOnlineTime() throws {
        let uptime = try #require(Uptime(time: "2026-06-01 12:00:00.500000", onlineTime: "2026-05-30 09:30:00"))
        #expect(uptime.seconds == 2 * 86_400 + 2 * 3600 + 30 * 60)
        #expect(uptime.description == "2d 2h")
    }

    @Test func uptimeIsUnknownWhenAStampIsMissingOrOnlineTimeIsLater() {
        #expect(Uptime(time: nil, onlineTime: "2026-05-30 09:30:00") == nil)
        #expect(Uptime(time: "2026-05-30 09:30:00", onlineTime: "bad") == nil)
        #expect(Uptime(time: "2026-05-30 09:30:00", onlineTime: "2026-05-30 09:30:01") == nil)
    }

    @Test func uptimeShowsTwoUnits() {
        #expect(Uptime(seconds: 41).description == "41s")
        #expect(Uptime(seconds: 12 * 60 + 9).description == "12m 09s")
        #expect(Uptime(seconds: 5 * 3600 + 2 * 60).description == "5h 02m")
        #expect(Uptime(seconds: 43 * 86_400 + 7 * 3600 + 59).description == "43d 7h")
    }
}
