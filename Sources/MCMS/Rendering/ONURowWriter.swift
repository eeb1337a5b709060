import FieldOpsCore

/// Writes the rows of `onu list` in the form the command line asks for, a page at a time.
///
/// The table and plain lines go through the core `TableWriter` (dying-gasp ONUs red, as the
/// whole-table `StyledTable`); `--json`, ndjson, csv and `--fields` through the core
/// `StructuredWriter`: whole records (`--json`, ndjson) written as each row is described, the
/// rest from each row's record as a value. A listing given as one page is byte for byte what
/// the whole-value renderers write.
struct ONURowWriter {
    // One of the two, changed in place (a copy would copy its buffer).
    private var table: TableWriter?
    private var structured: StructuredWriter?
    private let context: CommandContext
    /// Rows of several appliances: a `Profile` column first, a `profile` member first.
    private let profileColumn: Bool
    /// The `RX 7d` column and members (a profile with a history).
    private let trend: Bool

    /// - Parameters:
    ///   - widthRows: rows the table's column widths come from (the first page).
    ///   - stream: where the text goes; standard output unless given.
    ///   - profileColumn: the rows are of several appliances (`write(_:profile:)` names each).
    init(
        context: CommandContext, widthRows: Int = .max, stream: (any TextStream)? = nil, profileColumn: Bool = false, trend: Bool = false
    ) {
        self.context = context
        self.profileColumn = profileColumn
        self.trend = trend
        let color = context.output.terminal.colorEnabled
        let stream = stream ?? context.output.stdout
        if context.output.structured.transformsJSON || context.output.structured.kind == .json {
            structured = StructuredWriter(
                context.output.structured, color: color, fit: context.output.tableFit, widthRows: widthRows, stream: stream)
        } else {
            table = TableWriter(
                columns: (profileColumn ? [ProfileColumn.column] : []) + InventoryRendering.onuTable([], trend: trend).columns,
                format: context.output.format, color: color,
                fit: context.output.tableFit, widthRows: widthRows, stream: stream)
        }
    }

    /// True when the form is one JSON document (`--json`): a listing that fails halfway must not
    /// leave half a document, so such a listing is held (`HeldStream`) until it is complete.
    static func isOneDocument(_ context: CommandContext) -> Bool { context.output.structured.kind == .json }

    static let recordsAtOnce = 256

    /// Writes rows; `profile` is the appliance they are from, with `profileColumn`.
    mutating func write(_ rows: [ONURow], profile: String? = nil) throws {
        let profile = profileColumn ? profile ?? "" : nil
        if table != nil {
            for row in rows {
                let cells = InventoryRendering.onuCells(row, trend: trend)
                table?.append(profile.map { [$0] + cells } ?? cells, style: row.registration.style)
            }
        } else if var record = structured?.flatRecord() {
            // Whole records as JSON: each row written as it is described, no object per row.
            // Each row described where it lies: `rows[index]` copied it (and released the copy).
            try rows.withUnsafeBufferPointer { (rows) throws in
                guard let first = rows.baseAddress else { return }
                for index in rows.indices {
                    if let profile { record.string(ProfileColumn.key, profile) }
                    InventoryRendering.describe(rowAt: first + index, into: &record)
                    try structured?.write(flat: &record)
                }
            }
        } else {
            // A few hundred records at a time: 100,000 records at once are 50 MB of objects.
            var start = rows.startIndex
            while start < rows.endIndex {
                let end = min(rows.endIndex, start + Self.recordsAtOnce)
                try structured?.write(
                    rows[start..<end].map { row in
                        let record = InventoryRendering.onuRecord(row)
                        return profile.map { ProfileColumn.record(record, profile: $0) } ?? record
                    })
                start = end
            }
        }
    }

    /// The end of a page: what is complete goes out.
    mutating func flush() {
        table?.flush()
        structured?.flush()
    }

    /// The end of the listing; an empty table says so on stderr ("no ONUs match").
    /// Ends the table or document; `empty` is what an empty table says.
    mutating func finish(empty: String = "no ONUs match") {
        if let rows = table?.rowCount, rows == 0 {
            context.output.sayEmpty(empty)
            return
        }
        table?.finish()
        structured?.finish()
    }
}
