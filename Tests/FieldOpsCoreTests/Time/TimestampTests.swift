import FieldOpsCore
import FieldOpsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One parser for the services' three timestamp forms, and the two ways they are shown: ISO 8601
/// UTC for scripts, local time with its zone for people.
@Suite struct TimestampTests {
    @Test func readsTheThreeFormsTheServicesWrite() {
        let instant: Int64 = 1_780_311_600_000  // 2026-06-01T11:00:00Z
        #expect(Timestamp.milliseconds("2026-06-01T11:00:00.000Z") == instant)
        #expect(Timestamp.milliseconds("2026-06-01T13:00:00+02:00") == instant)
        #expect(Timestamp.milliseconds("2026-06-01T06:00:00-0500") == instant)
        // JQC and MCMS write UTC without a zone; only an explicit rule accepts that.
        #expect(Timestamp.milliseconds("2026-06-01T11:00:00") == nil)
        #expect(Timestamp.milliseconds("2026-06-01T11:00:00", zonelessIsUTC: true) == instant)
        #expect(Timestamp.milliseconds("2026-06-01 11:00:00.123456", zonelessIsUTC: true) == instant + 123)
        for bad in ["", "yesterday", "2026-13-01T00:00:00Z", "2026-02-30 00:00:00", "2026-06-01T11:00:00Zjunk", "1780311600"] {
            #expect(Timestamp.milliseconds(bad, zonelessIsUTC: true) == nil, "\(bad)")
        }
    }

    @Test func writesISO8601UTCForScripts() {
        #expect(Timestamp.isoUTC(milliseconds: 1_780_311_600_999) == "2026-06-01T11:00:00Z")
        #expect(Timestamp.isoUTC(milliseconds: -1) == "1969-12-31T23:59:59Z")
        #expect(Timestamp.isoUTC(milliseconds: Timestamp.fourDigitYears.lowerBound) == "0000-01-01T00:00:00Z")
        #expect(Timestamp.isoUTC(milliseconds: Timestamp.fourDigitYears.upperBound) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.isoUTC(milliseconds: -60_000_000_000_000) == "0068-09-03T13:20:00Z")
        #expect(Timestamp.isoUTCKeepingMilliseconds(1_780_311_600_000) == "2026-06-01T11:00:00Z")
        #expect(Timestamp.isoUTCKeepingMilliseconds(1_780_311_600_007) == "2026-06-01T11:00:00.007Z")
        #expect(Timestamp.isoUTCKeepingMilliseconds(-1) == "1969-12-31T23:59:59.999Z")
        for instant: Int64 in [Timestamp.fourDigitYears.lowerBound, -1, 0, 1_780_311_600_250, Timestamp.fourDigitYears.upperBound] {
            #expect(Timestamp.milliseconds(Timestamp.isoUTCKeepingMilliseconds(instant)) == instant, "\(instant)")
        }
        #expect(Timestamp.machineText("2026-06-01 11:00:00.000000") == "2026-06-01T11:00:00Z")
        #expect(Timestamp.machineText("not a time") == "not a time")
    }

    /// In a test process of its own whose zone is set from its start (a POSIX rule, so no tzdata
    /// is needed): the tests running beside it keep theirs.
    @Test(.inItsOwnProcess(environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"]))
    func showsLocalTimeWithItsZoneForPeople() {
        #expect(Timestamp.personText("2026-06-01 11:00:00") == "2026-06-01 13:00:00 CEST")
        #expect(Timestamp.personText("2026-12-01T11:00:00Z") == "2026-12-01 12:00:00 CET")
        #expect(Timestamp.personText("2026-12-31T23:30:00Z") == "2027-01-01 00:30:00 CET")
        #expect(Timestamp.personText("soon") == "soon")

        var table = Table(columns: [.init("id"), .timestamp("time")])
        table.append(["a1", "2026-06-01 11:00:00"])
        table.append(["b2", "pending"])
        #expect(table.render(format: .table) == "ID  TIME\na1  2026-06-01 13:00:00 CEST\nb2  pending\n")
        #expect(table.render(format: .plain) == "a1\t2026-06-01T11:00:00Z\nb2\tpending\n")
        #expect(
            StructuredOutput.records(of: table).jsonString(.compact)
                == #"[{"id":"a1","time":"2026-06-01T11:00:00Z"},{"id":"b2","time":"pending"}]"#)
    }
}
