import FieldOpsCore

/// Renders long listings (`jqc inspect list` of ten thousand rows) as the core's `Table` does —
/// tab-separated plain lines, or columns padded by display width under a bold header — but
/// building the text as bytes: appending to a `String` piece by piece was most of the time a
/// large listing took.
struct ListRendering {
    var titles: [String]
    var rightAligned: Set<Int> = []
    var rows: [[String]] = []

    func render(format: OutputFormat, color: Bool) -> String {
        var out: [UInt8] = []
        if format == .plain {
            out.reserveCapacity(rows.count * 112)
            for row in rows {
                for (index, cell) in row.enumerated() {
                    if index > 0 { out.append(0x09) }
                    Self.append(cell, to: &out)
                }
                out.append(0x0A)
            }
            return String(decoding: out, as: UTF8.self)
        }
        var widths = titles.map(\.count)
        var cellWidths: [[Int]] = []
        cellWidths.reserveCapacity(rows.count)
        for row in rows {
            let rowWidths = row.map(Self.width)
            for (index, width) in rowWidths.enumerated() where index < widths.count { widths[index] = max(widths[index], width) }
            cellWidths.append(rowWidths)
        }
        let header = titles.enumerated().map { index, title in
            let gap = String(repeating: " ", count: widths[index] - title.count)
            return rightAligned.contains(index) ? gap + title : (index == titles.count - 1 ? title : title + gap)
        }.joined(separator: "  ")
        out.reserveCapacity(rows.count * (widths.reduce(0, +) + 2 * widths.count + 1))
        out.append(contentsOf: Style.bold.apply(header, enabled: color).utf8)
        out.append(0x0A)
        for (row, rowWidths) in zip(rows, cellWidths) {
            for index in titles.indices {
                if index > 0 { out.append(contentsOf: [0x20, 0x20]) }
                let cell = index < row.count ? row[index] : ""
                let gap = max(0, widths[index] - (index < rowWidths.count ? rowWidths[index] : 0))
                let right = rightAligned.contains(index)
                if right { out.append(contentsOf: repeatElement(0x20, count: gap)) }
                Self.append(cell, to: &out)
                if !right, index < titles.count - 1 { out.append(contentsOf: repeatElement(0x20, count: gap)) }
            }
            out.append(0x0A)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the cell on one line: tabs and line breaks become spaces.
    static func append(_ cell: String, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: cell.utf8)
        for index in start..<out.count where out[index] == 0x09 || out[index] == 0x0A || out[index] == 0x0D {
            out[index] = 0x20
        }
    }

    /// Terminal columns of a cell: its byte count when ASCII, else the core's display width.
    static func width(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.displayWidth
    }
}
