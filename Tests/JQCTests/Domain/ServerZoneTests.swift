import FieldOpsCore
import Foundation
import Testing

@testable import JQC

/// The server's zone-less stamps read and written in its zone, the cursor's `since`, and the
/// offset a freshly created record shows.
@Suite struct ServerZoneTests {
    static func zone(_ name: String) throws -> ServerZone { ServerZone(zone: try ZoneInfo.named(name)) }

    @Test func stampsAreReadAndWrittenAsTheServersWallTime() throws {
        let newYork = try Self.zone("America/New_York")
        let instant = Date(timeIntervalSince1970: 1_796_579_462)  // 2026-12-06T17:51:02Z
        #expect(newYork.text(instant) == "2026-12-06T12:51:02")
        #expect(newYork.instant("2026-12-06T12:51:02.266084")?.timeIntervalSince1970 == 1_796_579_462.266084)
        #expect(newYork.instant("2026-12-06T17:51:02Z") == instant, "an explicit zone wins")
        #expect(newYork.machineText("2026-06-01T08:00:00") == "2026-06-01T08:00:00-04:00")
        #expect(newYork.machineText("2026-12-06T12:51:02") == "2026-12-06T12:51:02-05:00")
        #expect(try Self.zone("Asia/Kolkata").machineText("2026-12-06T23:21:02") == "2026-12-06T23:21:02+05:30")
        #expect(try Self.zone("Pacific/Kiritimati").text(instant) == "2026-12-07T07:51:02")
        #expect(ServerZone.utc.machineText("2026-12-06T17:51:02") == "2026-12-06T17:51:02+00:00")
        #expect(newYork.machineText("ikke en tid") == "ikke en tid")
    }

    @Test func sinceIsAMinuteBeforeTheCursorAndReachesBackOverAClockTurnedBack() throws {
        let newYork = try Self.zone("America/New_York")
        let july = Date(timeIntervalSince1970: 1_783_000_000)
        #expect(newYork.since(cursor: "2026-07-01T10:00:00", overlap: 60, now: july) == "2026-07-01T09:59:00")
        // The cursor was stamped in summer time, and the clock has been turned back since:
        // notices of the repeated hour read earlier than the cursor.
        let afterFallBack = Date(timeIntervalSince1970: 1_793_515_000)  // 2026-11-01T06:36:40Z
        #expect(newYork.since(cursor: "2026-11-01T01:20:00", overlap: 60, now: afterFallBack) == "2026-11-01T00:19:00")
        #expect(
            try Self.zone("Asia/Kolkata").since(cursor: "2026-11-01T01:20:00", overlap: 60, now: afterFallBack) == "2026-11-01T01:19:00")
        #expect(newYork.since(cursor: "not a stamp", overlap: 60, now: july) == nil)
    }

    @Test func theServersOffsetIsSeenOnlyInWholeQuarterHours() {
        let date = Date(timeIntervalSince1970: 1_796_579_462)  // 17:51:02Z
        #expect(ServerZone.observedOffset(stamp: "2026-12-06T12:51:02.123456", serverDate: date) == -18_000)
        #expect(ServerZone.observedOffset(stamp: "2026-12-06T23:21:01", serverDate: date) == 19_800)
        #expect(ServerZone.observedOffset(stamp: "2026-12-07T07:52:30", serverDate: date) == 50_400)
        #expect(ServerZone.observedOffset(stamp: "2026-12-06T17:51:00", serverDate: date) == 0)
        #expect(ServerZone.observedOffset(stamp: "2026-12-06T18:00:02", serverDate: date) == nil, "9 minutes: no zone's offset")
        #expect(ServerZone.observedOffset(stamp: "2026-12-06T17:51:02Z", serverDate: date) == nil, "a stamp with a zone tells nothing")
        #expect(ServerZone.observedOffset(stamp: "2025-01-01T00:00:00", serverDate: date) == nil, "an old record")
    }
}
