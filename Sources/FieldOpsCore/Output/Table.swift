/// A table of strings rendered as aligned columns (terminal) or tab-separated lines (pipes).
///
/// The text is built as bytes: appending to a `String` piece by piece was most of the time a
/// ten-thousand-row listing took.
public struct Table: Sendable {
    public enum Alignment: Sendable { case left, right }

    /// What a column's cells hold, where that changes how they are shown.
    public enum Kind: Sendable {
        case text
        /// A server's timestamp (any form `Timestamp` reads): local time with its zone in a
        /// table for people, ISO 8601 UTC in plain lines and records for scripts. A cell that
        /// is not a timestamp is shown as given.
        case timestamp
    }

    public struct Column: Sendable {
        public var title: String
        public var alignment: Alignment
        public var kind: Kind
        public init(_ title: String, alignment: Alignment = .left, kind: Kind = .text) {
            self.title = title
            self.alignment = alignment
            self.kind = kind
        }

        /// A column of timestamps.
        public static func timestamp(_ title: String) -> Column { Column(title, kind: .timestamp) }
    }

    public var columns: [Column]
    public var rows: [[String]]

    public init(columns: [Column], rows: [[String]] = []) {
        self.columns = columns
        self.rows = rows
    }

    public init(_ titles: String..., rows: [[String]] = []) {
        self.columns = titles.map { Column($0) }
        self.rows = rows
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// The cell as scripts get it (plain lines, CSV): timestamps in ISO 8601 UTC.
    public func machineCell(_ row: [String], _ index: Int) -> String {
        guard index < row.count else { return "" }
        return index < columns.count && columns[index].kind == .timestamp ? Timestamp.machineText(row[index]) : row[index]
    }

    /// Renders the table. Plain output is one tab-separated line per row, no header, so `cut` and
    /// `awk -F'\t'` work; table output pads columns by display width and bolds the header.
    public func render(format: OutputFormat, color: Bool = false) -> String {
        var out: [UInt8] = []
        if format == .plain {
            out.reserveCapacity(rows.count * 112)
            for row in rows {
                for index in row.indices {
                    if index > 0 { out.append(0x09) }
                    Self.append(machineCell(row, index), to: &out)
                }
                out.append(0x0A)
            }
            return String(decoding: out, as: UTF8.self)
        }
        let shown = rows.map { row in
            columns.indices.map { index -> String in
                guard index < row.count else { return "" }
                return columns[index].kind == .timestamp ? Timestamp.personText(row[index]) : row[index]
            }
        }
        let titles = columns.map { $0.title.uppercased() }
        var widths = titles.map(Self.width)
        var cellWidths: [[Int]] = []
        cellWidths.reserveCapacity(shown.count)
        for row in shown {
            let rowWidths = row.map(Self.width)
            for (index, width) in rowWidths.enumerated() { widths[index] = max(widths[index], width) }
            cellWidths.append(rowWidths)
        }
        let last = columns.count - 1
        let header = titles.enumerated().map { index, title in
            let gap = String(repeating: " ", count: widths[index] - Self.width(title))
            return columns[index].alignment == .right ? gap + title : (index == last ? title : title + gap)
        }.joined(separator: "  ")
        out.reserveCapacity(shown.count * (widths.reduce(0, +) + 2 * widths.count + 1))
        out.append(contentsOf: Style.bold.apply(header, enabled: color).utf8)
        out.append(0x0A)
        for (row, rowWidths) in zip(shown, cellWidths) {
            for index in columns.indices {
                if index > 0 { out.append(contentsOf: [0x20, 0x20]) }
                let gap = max(0, widths[index] - rowWidths[index])
                let right = columns[index].alignment == .right
                if right { out.append(contentsOf: repeatElement(0x20, count: gap)) }
                Self.append(row[index], to: &out)
                if !right, index < last { out.append(contentsOf: repeatElement(0x20, count: gap)) }
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

    /// Terminal columns of a cell: its byte count when ASCII, else its display width.
    static func width(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.displayWidth
    }
}

extension String {
    /// Columns this string takes on a terminal: wide East Asian characters and emoji count two.
    public var displayWidth: Int {
        var width = 0
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: continue  // combining, zero-width
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60,
                 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                width += 2
            default: width += 1
            }
        }
        return width
    }
}
