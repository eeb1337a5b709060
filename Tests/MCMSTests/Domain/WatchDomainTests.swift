import FieldOpsCore
import Testing

@testable import MCMS

/// The pieces of a live view that need no server: conditions, sparklines, change marks, and
/// numbers no device should send.
@Suite struct WatchDomainTests {
    static let frame = WatchFrame(json: .null, render: { _, _, _ in "" }, metrics: ["rx": -27.3, "alarms": 0], states: ["deregistered"])

    @Test func conditionsReadStatesAndThresholds() throws {
        let metrics = ["rx", "alarms"]
        let states = ["registered", "deregistered"]
        func holds(_ text: String) throws -> Bool {
            try UntilCondition(parsing: text, metrics: metrics, states: states).holds(in: Self.frame)
        }
        #expect(try holds("deregistered"))
        #expect(try !holds("registered"))
        #expect(try holds("!registered"))
        #expect(try holds("rx<-25"))
        #expect(try !holds("rx>-25"))
        #expect(try holds("rx >= -27.3"))
        #expect(try holds("alarms==0") && holds("alarms=0"))
        #expect(try !holds("alarms!=0"))
        #expect(throws: FieldOpsError.self) { try holds("rx>abc") }
        #expect(throws: FieldOpsError.self) { try holds("temperature>1") }
        #expect(throws: FieldOpsError.self) { try holds("online") }
        // A reading the device did not send never satisfies a threshold.
        let missing = WatchFrame(json: .null, render: { _, _, _ in "" })
        #expect(try !UntilCondition(parsing: "rx<0", metrics: metrics, states: states).holds(in: missing))
    }

    @Test func sparklinesScaleBetweenLowAndHighWithGaps() {
        #expect(Sparkline.render([0, 7, 3.5, nil, 7], width: 10) == "▁█▅ █")
        #expect(Sparkline.render([5, 5, 5], width: 10) == "▁▁▁")
        #expect(Sparkline.render([1, 2, 3, 4], width: 2) == "▁█")
        #expect(Sparkline.render([.infinity, -.infinity, .nan, 1], width: 4) == "   ▁")
        #expect(Sparkline.render([-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude], width: 4).count == 2)
        #expect(Sparkline.render([], width: 4) == "")
    }

    @Test func changedCellsAreMarkedAgainstTheLastFrame() {
        let before = ScreenText(parsing: "RX level  -18.20 dBm\nTX level  2.10 dBm\n")
        let after = ScreenText(parsing: "RX level  -19.05 dBm\nTX level  2.10 dBm\n")
        let marks = after.changes(since: before)
        let changed = marks[0].enumerated().filter(\.element).map(\.offset)
        #expect(changed == [12, 14, 15])
        #expect(!marks[1].contains(true))
        #expect(after.changes(since: nil).allSatisfy { !$0.contains(true) })
        let encoded = after.encoded(highlight: marks, columns: 80, rows: 10, color: false)
        #expect(encoded.contains("\u{1B}[7m9\u{1B}[0m"))
    }

    @Test func stylesSurviveParsingAndLinesAreCutToTheScreen() {
        let text = ScreenText(parsing: "\u{1B}[1mHead\u{1B}[0m\n\u{1B}[31mCRITICAL\u{1B}[0m LOS\n")
        #expect(text.lines[0].map(\.style) == ["1", "1", "1", "1"])
        #expect(text.lines[1].first?.style == "31")
        #expect(text.lines[1].last?.style == "")
        let cut = text.encoded(highlight: [], columns: 5, rows: 1, color: true)
        #expect(cut == "\u{1B}[0m\u{1B}[1mHead\u{1B}[0m\u{1B}[K\r\n")
        #expect(!text.encoded(highlight: [], columns: 80, rows: 5, color: false).contains("\u{1B}[31m"))
    }

    @Test func unitsNeverTrapOnNumbersNoDeviceSends() {
        for lexeme in ["1e400", "-1e400", "1e308", "-5", "99999999999999999999999", "1e15", "0.000001"] {
            let number = JSONNumber(lexeme: lexeme)
            _ = Units.bitRate(number)
            _ = Units.dBm(number)
        }
        #expect(Units.bitRate(JSONNumber(lexeme: "1e400")) == "1e400 (out of range)")
        #expect(Units.bitRate(JSONNumber(lexeme: "-5")) == "-5 (out of range)")
        #expect(Units.bitRate(Double.infinity) == "inf (out of range)")
        #expect(Units.bitRate(Double.nan) == "nan (out of range)")
        #expect(Units.bitRate(JSONNumber(lexeme: "123000000")) == "123 Mb/s")
        #expect(Units.trimmed(-27.5) == "-27.5")
        #expect(Units.trimmed(-0.05) == "-0.05")
        #expect(Units.trimmed(1e300) == "1e+300")
        #expect(Dashboard.rate(JSONNumber(lexeme: "1e400")) == 0)
    }

    @Test func globsMatchWholeNamesIgnoringCase() {
        #expect(Glob("storgata*").matches("Storgata 12"))
        #expect(!Glob("storgata").matches("Storgata 12"))
        #expect(Glob("*gata ?").matches("Kirkegata 3"))
        #expect(Glob("[fk]*").matches("Fjellveien"))
        #expect(!Glob("[!fk]*").matches("Kirkegata"))
        #expect(Glob("*1*2*").matches("a1b2c"))
        #expect(Glob("").matches(""))
        #expect(Glob("[a").matches("[a"))
    }

    @Test func fleetAlarmsSortBySeverityThenNewest() {
        func alarm(_ id: String, _ severity: String, _ time: String) -> FleetAlarm {
            FleetAlarm(kind: .onu, deviceID: id, deviceName: "", name: "X", severity: severity, time: time, message: "", raw: .null)
        }
        let sorted = FleetAlarm.sorted([
            alarm("a", "MINOR", "2026-06-01 10:00:00"), alarm("b", "CRITICAL", "2026-06-01 09:00:00"),
            alarm("c", "CRITICAL", "2026-06-01 11:00:00"), alarm("d", "ODD", "2026-06-01 12:00:00"),
            alarm("e", "CRITICAL", "not a time"),
        ])
        #expect(sorted.map(\.deviceID) == ["c", "b", "e", "a", "d"])
        let filter = AlarmFilter(severities: ["critical"], kind: .onu, oltMAC: "70:B3:D5:00:00:01", onusOfOLT: ["b"])
        #expect(sorted.filter(filter.admits).map(\.deviceID) == ["b"])
    }
}
