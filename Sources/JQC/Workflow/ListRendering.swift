import FieldOpsCore

/// Renders long listings (`jqc inspect list` of ten thousand rows) as the core's `Table` does —
/// tab-separated plain lines, or columns padded by display width under a bold header — but
/// reading ASCII cells byte-wise, which is most of the cost of a large table.
struct ListRendering {
    var titles: [String]
    var rightAligned: Set<Int> = []
    var rows: [[String]] = []

    func render(format: OutputFormat, color: Bool) -> String {
        var out = ""
        if format == .plain {
            out.reserveCapacity(rows.count * 96)
            for row in rows {
                for (index, cell) in row.enumerated() {
                    if index > 0 { out += "\t" }
                    out += Self.singleLine(cell)
                }
                out += "\n"
            }
            return out
        }
        let cells = rows.map { $0.map(Self.singleLine) }
        var widths = titles.map(\.count)
        var cellWidths: [[Int]] = []
        cellWidths.reserveCapacity(cells.count)
        for row in cells {
            let rowWidths = row.map(Self.width)
            for (index, width) in rowWidths.enumerated() where index < widths.count { widths[index] = max(widths[index], width) }
            cellWidths.append(rowWidths)
        }
        out.reserveCapacity(rows.count * (widths.reduce(0, +) + 2 * widths.count + 1))
        let header = titles.enumerated().map { index, title in pad(title, title.count, index, widths) }.joined(separator: "  ")
        out += Style.bold.apply(header, enabled: color) + "\n"
        for (row, rowWidths) in zip(cells, cellWidths) {
            for index in titles.indices {
                if index > 0 { out += "  " }
                out += pad(index < row.count ? row[index] : "", index < rowWidths.count ? rowWidths[index] : 0, index, widths)
            }
            out += "\n"
        }
        return out
    }

    private func pad(_ text: String, _ width: Int, _ index: Int, _ widths: [Int]) -> String {
        let gap = String(repeating: " ", count: max(0, widths[index] - width))
        if rightAligned.contains(index) { return gap + text }
        return index == titles.count - 1 ? text : text + gap
    }

    /// Terminal columns of a cell: its byte count when ASCII, else the core's display width.
    static func width(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.displayWidth
    }

    /// The cell on one line: tabs and line breaks become spaces (checked byte-wise).
    static func singleLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        return String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}
