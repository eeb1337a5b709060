/// A table of strings rendered as aligned columns (terminal) or tab-separated lines (pipes).
///
/// The text is built as bytes (`TableWriter`, which also writes a long listing as it arrives):
/// appending to a `String` piece by piece was most of the time a ten-thousand-row listing took.
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

    /// How a column gives way when the table is wider than the terminal (`TableFit`).
    public enum Fit: Sendable, Equatable {
        /// Never cut nor hidden: an id, the value a person types next.
        case whole
        /// Long cells cut to end in `…` (the widest such column gives way first); never hidden:
        /// names, descriptions.
        case shrink
        /// Shown whole or not at all: hidden, lowest `rank` first, when the other columns cannot
        /// fit even cut. Short values a cut would spoil: a level, a version, an uptime.
        case optional(rank: Int)
    }

    public struct Column: Sendable {
        public var title: String
        public var alignment: Alignment
        public var kind: Kind
        /// nil: the first column is `.whole` (tables lead with their id), the others `.shrink`.
        public var fit: Fit?

        public init(_ title: String, alignment: Alignment = .left, kind: Kind = .text, fit: Fit? = nil) {
            self.title = title
            self.alignment = alignment
            self.kind = kind
            self.fit = fit
        }

        /// A column of timestamps.
        public static func timestamp(_ title: String, fit: Fit? = nil) -> Column { Column(title, kind: .timestamp, fit: fit) }
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
    /// With `fit` (a person's terminal), the table is made to fit its width (`TableFit`).
    public func render(format: OutputFormat, color: Bool = false, fit: TableFit? = nil) -> String {
        var writer = TableWriter(columns: columns, format: format, color: color, fit: fit, stream: nil)
        for row in rows { writer.append(row) }
        writer.finish()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Appends the cell on one line: tabs, line breaks and every other control character
    /// (C0, DEL and C1: an escape sequence in a server's name would redraw the terminal) become
    /// spaces.
    static func append(_ cell: String, to out: inout ByteOutput) {
        var previous: UInt8 = 0
        guard cell.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else {
            out.append(contentsOf: cell.utf8)
            return
        }
        for byte in cell.utf8 {
            defer { previous = byte }
            if byte < 0x20 || byte == 0x7F {
                out.append(0x20)
            } else if previous == 0xC2, (0x80...0x9F).contains(byte) {
                // U+0080–U+009F: the 0xC2 already written stays; the pair becomes U+00A0.
                out.append(0xA0)
            } else {
                out.append(byte)
            }
        }
    }

    /// Terminal columns of a cell: its byte count when ASCII, else its display width.
    static func width(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.displayWidth
    }
}

extension String {
    /// Columns this string takes on a terminal (`DisplayWidth`): wide East Asian characters and
    /// emoji count two, combining marks none.
    public var displayWidth: Int {
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
        return DisplayWidth.of(self)
    }
}
