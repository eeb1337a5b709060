/// Bytes on their way out: kept whole for a caller that wants the text, or written to a stream
/// in pieces of about 64 KB (and whenever the caller says a page is done).
public struct ByteOutput {
    public static let flushBytes = 64 * 1024

    public private(set) var bytes: [UInt8] = []
    public let stream: (any TextStream)?

    /// Into `stream`, or kept (read `bytes`) when nil.
    public init(stream: (any TextStream)?) {
        self.stream = stream
        if stream != nil { bytes.reserveCapacity(Self.flushBytes + 4096) }
    }

    public mutating func append(_ byte: UInt8) { bytes.append(byte) }
    public mutating func append<S: Sequence>(contentsOf more: S) where S.Element == UInt8 { bytes.append(contentsOf: more) }
    public mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Writes what is kept once it passes 64 KB.
    public mutating func flushIfFull() {
        if bytes.count >= Self.flushBytes { flush() }
    }

    /// Writes what is kept (nothing happens when there is no stream).
    public mutating func flush() {
        guard let stream, !bytes.isEmpty else { return }
        stream.write(bytes: bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}

/// A `Table` written row by row, as a long listing arrives page by page.
///
/// Plain lines need nothing but the row. Aligned columns need widths, and a listing of 100,000
/// rows should not wait for its last page to print its first line, so, as kubectl does with
/// `--chunk-size`, the widths come from the first `widthRows` rows: those are held, then the
/// header and they are written, and every later row goes out as it comes, padded to those
/// widths. A later cell wider than its column is written whole (never cut), pushing the rest of
/// its line right. A table of at most `widthRows` rows is exactly `Table.render`.
///
/// With a `TableFit` (a person's terminal) the widths are made to fit it: later cells wider than
/// their column are cut like the first rows' (`…`), never pushing a line past the edge.
public struct TableWriter {
    public let columns: [Table.Column]
    public let format: OutputFormat
    public let color: Bool
    public let fit: TableFit?
    /// Rows the column widths are taken from.
    public let widthRows: Int
    /// Rows appended so far.
    public private(set) var rowCount = 0

    private var output: ByteOutput
    private var held: [(cells: [String], widths: [Int], style: Style?)] = []
    /// Per column its width, nil when the fit hid it; set once the header is written.
    private var widths: [Int?]?

    /// - Parameters:
    ///   - format: `.table` for aligned columns; anything else writes plain tab-separated lines.
    ///   - stream: where the lines go; nil keeps them (`bytes`, after `finish()`).
    ///   - fit: the terminal to fit (`.table` only); nil writes every column whole.
    public init(
        columns: [Table.Column], format: OutputFormat, color: Bool = false, fit: TableFit? = nil, widthRows: Int = .max,
        stream: (any TextStream)?
    ) {
        self.columns = columns
        self.format = format == .table ? .table : .plain
        self.color = color
        self.fit = format == .table ? fit : nil
        self.widthRows = max(1, widthRows)
        output = ByteOutput(stream: stream)
    }

    /// The text written so far, for a writer without a stream.
    public var bytes: [UInt8] { output.bytes }

    /// One row; `style` colours the whole line (a red dying-gasp ONU) when colour is on, so the
    /// alignment, which counts characters, is never thrown off by escape codes.
    public mutating func append(_ row: [String], style: Style? = nil) {
        rowCount += 1
        guard format == .table else {
            for index in row.indices {
                if index > 0 { output.append(0x09) }
                Table.append(machineCell(row, index), to: &output)
            }
            output.append(0x0A)
            output.flushIfFull()
            return
        }
        let shown = columns.indices.map { index -> String in
            guard index < row.count else { return "" }
            return columns[index].kind == .timestamp ? Timestamp.personText(row[index]) : row[index]
        }
        let cellWidths = shown.map(Table.width)
        if let widths {
            writeLine(shown, cellWidths, widths: widths, style: style)
            output.flushIfFull()
            return
        }
        held.append((shown, cellWidths, style))
        if held.count >= widthRows { writeHeld() }
    }

    /// Writes every complete line kept so far: the end of a page. Rows still held for the
    /// column widths stay held.
    public mutating func flush() {
        output.flush()
    }

    /// Writes the rest: the header and the held rows when the table had fewer than `widthRows`.
    public mutating func finish() {
        if format == .table, widths == nil { writeHeld() }
        output.flush()
        if let fit, let widths,
            let note = fit.hiddenNote(columns.indices.filter { widths[$0] == nil }.map { columns[$0].title.uppercased() })
        {
            fit.note(note)
        }
    }

    private func machineCell(_ row: [String], _ index: Int) -> String {
        index < columns.count && columns[index].kind == .timestamp ? Timestamp.machineText(row[index]) : row[index]
    }

    private mutating func writeHeld() {
        let titles = columns.map { $0.title.uppercased() }
        var natural = titles.map(Table.width)
        for row in held {
            for (index, width) in row.widths.enumerated() { natural[index] = max(natural[index], width) }
        }
        let widths = fit.map { $0.layout(columns, natural: natural).widths } ?? natural.map { $0 }
        self.widths = widths
        let header = titles.indices.compactMap { index -> (String, Int, Int)? in
            widths[index].map { width in
                let title = titles[index].truncated(toWidth: width)
                return (title, Table.width(title), width)
            }
        }
        let last = columns.indices.last { widths[$0] != nil }
        var line = ""
        for (position, index) in columns.indices.filter({ widths[$0] != nil }).enumerated() {
            let (title, titleWidth, width) = header[position]
            if position > 0 { line += "  " }
            let gap = String(repeating: " ", count: max(0, width - titleWidth))
            line += columns[index].alignment == .right ? gap + title : (index == last ? title : title + gap)
        }
        output.append(Style.bold.apply(line, enabled: color))
        output.append(0x0A)
        for row in held {
            writeLine(row.cells, row.widths, widths: widths, style: row.style)
            output.flushIfFull()
        }
        held = []
    }

    private mutating func writeLine(_ cells: [String], _ cellWidths: [Int], widths: [Int?], style: Style?) {
        let styled = color ? style : nil
        if let styled { output.append("\u{1B}[\(styled.rawValue)m") }
        let last = columns.indices.last { widths[$0] != nil }
        var first = true
        for index in columns.indices {
            guard let width = widths[index] else { continue }
            if !first { output.append(contentsOf: [0x20, 0x20]) }
            first = false
            var cell = cells[index]
            var cellWidth = cellWidths[index]
            // A later row's cell wider than its column is cut, even in a column of whole values:
            // the line must not wrap (the first rows' values fit whole).
            if fit != nil, cellWidth > width, TableFit.fit(of: columns, at: index) != .whole {
                cell = cell.truncated(toWidth: width)
                cellWidth = Table.width(cell)
            }
            let gap = max(0, width - cellWidth)
            let right = columns[index].alignment == .right
            if right { output.append(contentsOf: repeatElement(0x20, count: gap)) }
            Table.append(cell, to: &output)
            if !right, index != last { output.append(contentsOf: repeatElement(0x20, count: gap)) }
        }
        if styled != nil { output.append("\u{1B}[0m") }
        output.append(0x0A)
    }
}
