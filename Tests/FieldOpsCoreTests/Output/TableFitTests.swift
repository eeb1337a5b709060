import Testing

@testable import FieldOpsCore

/// Tables made to fit a terminal: no line wider than it, no cell split across lines, ids whole,
/// hidden columns named once, and piped output never touched.
@Suite struct TableFitTests {
    static let table = Table(
        columns: [
            .init("ID", fit: .whole), .init("Name"), .init("OLT"), .init("State", fit: .optional(rank: 2)),
            .init("Uptime", alignment: .right, fit: .optional(rank: 1)), .init("RX", alignment: .right, fit: .optional(rank: 3)),
        ],
        rows: [
            ["ALPH00fdfeae", "Sjøgata 5 “Kvartal”", "OLT Ålesundsvegen 4 (70:b3:d5:30:f9:0e)", "registered", "23d 9h", "-21.85 dBm"],
            ["ALPH06839eb9", "東京 ビル 3F 👩‍🔧 crew", "OLT Kirkegata 2 (70:b3:d5:3c:fd:e6)", "dying-gasp", "1h", "-27.02 dBm"],
            ["ISKTf8130c42", "Ǹoë café e\u{301}e\u{301} Bjørkelia 107 lgh 2", "", "registered", "77d 0h", ""],
        ])

    static func render(_ width: Int?) -> (lines: [String], notes: [String]) {
        let notes = Locked<[String]>([])
        let fit = width.map { width in TableFit(width: width) { text in notes.withLock { $0.append(text) } } }
        let text = table.render(format: .table, fit: fit)
        return (text.split(separator: "\n").map(String.init), notes.withLock { $0 })
    }

    @Test(arguments: [60, 80, 200])
    func noLineIsWiderThanTheTerminalAndIdsStayWhole(width: Int) {
        let (lines, _) = Self.render(width)
        #expect(lines.count == 4, "one line per row and the header: no cell wrapped")
        for line in lines { #expect(line.displayWidth <= width, "\(line.displayWidth) > \(width): \(line)") }
        for (index, row) in Self.table.rows.enumerated() {
            #expect(lines[index + 1].hasPrefix(row[0] + "  "), "the id is whole: \(lines[index + 1])")
        }
    }

    @Test func aWideTerminalShowsEverythingAsWithoutAFit() {
        let (lines, notes) = Self.render(200)
        #expect(lines == Self.render(nil).lines)
        #expect(notes.isEmpty)
        #expect(lines[2].contains("東京 ビル 3F 👩‍🔧 crew"))
        #expect(!lines.joined().contains("…"))
    }

    @Test func atEightyColumnsTextIsCutAndShortValuesStayWhole() {
        let (lines, notes) = Self.render(80)
        #expect(lines[0].contains("STATE") && lines[0].contains("UPTIME") && lines[0].contains("RX"))
        // Cut text ends in …; values of optional columns are whole or absent, never cut.
        #expect(lines[1].contains("…"))
        #expect(lines[1].contains("-21.85 dBm") && lines[2].contains("dying-gasp") && lines[3].contains("77d 0h"))
        #expect(notes.isEmpty)
    }

    @Test func atSixtyColumnsTheLowestRankIsHiddenAndNamed() {
        let (lines, notes) = Self.render(60)
        #expect(lines[0].hasPrefix("ID"))
        #expect(lines[0].contains("NAME") && lines[0].contains("OLT") && lines[0].contains("RX"))
        #expect(!lines[0].contains("UPTIME"))
        #expect(notes == ["1 column hidden (UPTIME): --wide or -o json shows it"])
    }

    @Test func atFortyColumnsMoreColumnsAreHiddenInOneNote() {
        let (lines, notes) = Self.render(40)
        #expect(lines[0].hasPrefix("ID"))
        // Too long to name them all in 40 columns: counted.
        #expect(notes == ["3 columns hidden: --wide or -o json shows them"], "\(notes)")
        for line in lines { #expect(line.displayWidth <= 40, "\(line)") }
    }

    /// A cut never splits a wide character or takes a letter's combining mark away from it.
    @Test func cutsKeepWholeCharacters() {
        #expect("東京 ビル".truncated(toWidth: 4) == "東…")
        #expect("東京 ビル".truncated(toWidth: 5) == "東京…")
        #expect("e\u{301}e\u{301}e\u{301}e\u{301}".truncated(toWidth: 3) == "e\u{301}e\u{301}…")
        #expect("👩‍🔧 crew on site".truncated(toWidth: 6) == "👩‍🔧 …")
        #expect("Sjøgata".truncated(toWidth: 7) == "Sjøgata")
        #expect("Sjøgata 5".truncated(toWidth: 7) == "Sjøgat…")
        for width in 1...12 { #expect("“Kvartal” 東京 👩‍🔧".truncated(toWidth: width).displayWidth <= width) }
    }

    @Test func plainOutputIsNeverCut() {
        let notes = Locked<[String]>([])
        let fit = TableFit(width: 20) { text in notes.withLock { $0.append(text) } }
        let plain = Self.table.render(format: .plain, fit: fit)
        #expect(plain == Self.table.render(format: .plain))
        #expect(plain.contains("Ǹoë café e\u{301}e\u{301} Bjørkelia 107 lgh 2"))
        #expect(notes.withLock { $0 }.isEmpty)
    }

    /// An escape sequence in a server's text is shown as spaces, never sent to the terminal.
    @Test func controlCharactersInCellsBecomeSpaces() {
        let table = Table(columns: [.init("ID"), .init("Name")], rows: [["a1", "Sjø\u{1B}[2Jgata\u{7}\u{9B}31m"]])
        let text = table.render(format: .table, fit: TableFit(width: 60))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(text.contains("Sjø [2Jgata \u{A0}31m"))
    }

    /// Rows after the first page are cut to the widths the first page gave.
    @Test func laterRowsOfAStreamedTableAreCutToo() {
        let notes = Locked<[String]>([])
        var writer = TableWriter(
            columns: Self.table.columns, format: .table, fit: TableFit(width: 60) { text in notes.withLock { $0.append(text) } },
            widthRows: 2, stream: nil)
        for row in Self.table.rows { writer.append(row) }
        writer.append(["ALPH7f3a0000", String(repeating: "Ålesundsvegen ", count: 8), "OLT Sjøgata 2", "registered", "1d", "-20.00 dBm"])
        writer.finish()
        let lines = String(decoding: writer.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        for line in lines { #expect(line.displayWidth <= 60, "\(line)") }
        #expect(lines[4].hasPrefix("ALPH7f3a0000  Ålesund"))
    }
}
