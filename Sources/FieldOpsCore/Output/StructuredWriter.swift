/// `StructuredOutput` written a page of records at a time, for listings too long to hold.
///
/// Every form but the table writes each record as it comes: `--json` in arrays of 256 written
/// pretty without their brackets (the elements of `[a, b]` and of `[c]` joined by a comma are
/// the elements of `[a, b, c]`, byte for byte, indentation included), ndjson a line each, csv
/// and plain a line each. The columns of csv, the table and plain lines are fixed by the first
/// page (or by `--fields`, checked against the first page): a listing's records share their
/// fields, and a field only a later record has would have no column. The table takes its widths
/// from its first `widthRows` rows (`TableWriter`). `StructuredOutput.render` is this writer
/// given every record as one page.
public struct StructuredWriter {
    public let output: StructuredOutput
    public let color: Bool
    /// Records written so far.
    public private(set) var recordCount = 0

    private var out: ByteOutput
    private let widthRows: Int
    private let fit: TableFit?
    private var columns: [String]?
    private var table: TableWriter?
    private var openedArray = false

    static let recordsPerChunk = 256

    /// - Parameters:
    ///   - stream: where the text goes; nil keeps it (`bytes`, after `finish()`).
    ///   - widthRows: rows the table's column widths come from.
    ///   - fit: the terminal a table is made to fit (`Output.tableFit`).
    public init(
        _ output: StructuredOutput, color: Bool = false, fit: TableFit? = nil, widthRows: Int = .max, stream: (any TextStream)?
    ) {
        self.fit = fit
        self.output = output
        self.color = color
        self.widthRows = widthRows
        out = ByteOutput(stream: stream)
    }

    /// The text written so far, for a writer without a stream (the table's rows are in it after `finish()`).
    public var bytes: [UInt8] { table.map(\.bytes) ?? out.bytes }

    /// One page of records. The first non-empty page fixes the columns; `--fields` naming a
    /// field its records do not have is a usage error, thrown before anything is written.
    public mutating func write(_ records: [JSONValue]) throws {
        guard !records.isEmpty else { return }
        let columns = try self.columns ?? fixColumns(records)
        recordCount += records.count
        let picked =
            output.fields == nil
            ? records
            : records.map { record in
                JSONValue.object(JSONObject(columns.map { ($0, StructuredOutput.value(at: $0, in: record) ?? .null) }))
            }
        switch output.kind {
        case .json:
            var start = picked.startIndex
            while start < picked.endIndex {
                let end = min(picked.endIndex, start + Self.recordsPerChunk)
                // "[\n  a,\n  b\n]" → "\n  a,\n  b": the opening bracket and the closing line go.
                let bytes = JSONValue.array(Array(picked[start..<end])).jsonBytes(.pretty)
                out.append(openedArray ? UInt8(ascii: ",") : UInt8(ascii: "["))
                out.append(contentsOf: bytes[1..<(bytes.count - 2)])
                openedArray = true
                out.flushIfFull()
                start = end
            }
        case .ndjson:
            for record in picked {
                out.append(contentsOf: record.jsonBytes(.compact))
                out.append(0x0A)
                out.flushIfFull()
            }
        case .csv:
            for record in picked {
                out.append(StructuredOutput.csvLine(columns.map { StructuredOutput.cell(StructuredOutput.value(at: $0, in: record)) }))
                out.flushIfFull()
            }
        case .table, .plain:
            for record in picked {
                table?.append(columns.map { StructuredOutput.cell(StructuredOutput.value(at: $0, in: record)) })
            }
        }
    }

    /// A record for `write(flat:)` in the form this listing writes whole records in: `--json`
    /// or ndjson without `--fields`. Nil for every other form, which picks members by name and
    /// takes the records as values (`write(_:)` with `FlatRecord().value`s).
    public func flatRecord() -> FlatRecord? {
        guard output.fields == nil else { return nil }
        switch output.kind {
        case .json: return FlatRecord(form: .pretty)
        case .ndjson: return FlatRecord(form: .compact)
        case .csv, .table, .plain: return nil
        }
    }

    /// One record described into a `flatRecord()`, written as `write(_:)` writes its value, byte
    /// for byte; the record is emptied for the next row.
    public mutating func write(flat record: inout FlatRecord) throws {
        defer { record.reset() }
        guard record.form != .value else {
            try write([record.value])
            return
        }
        if columns == nil { start(columns: []) }
        recordCount += 1
        if record.form == .pretty {
            // As an element of the array `write(_:)` writes: "[" or "," before it, and the
            // object on lines of its own, indented once ("{}" when it has no member).
            out.append(openedArray ? UInt8(ascii: ",") : UInt8(ascii: "["))
            openedArray = true
            if record.count == 0 {
                out.append("\n  {}")
            } else {
                out.append("\n  {")
                record.withText { out.append(contentsOf: $0) }
                out.append("\n  }")
            }
        } else {
            out.append(UInt8(ascii: "{"))
            record.withText { out.append(contentsOf: $0) }
            out.append(UInt8(ascii: "}"))
            out.append(0x0A)
        }
        out.flushIfFull()
    }

    /// Writes what is complete: the end of a page.
    public mutating func flush() {
        out.flush()
        table?.flush()
    }

    /// The end of the listing: closes the JSON array, writes the header of an empty csv or
    /// table with `--fields`, and whatever is still kept.
    public mutating func finish() {
        // As a whole value renders it: an empty csv is nothing at all unless `--fields` names
        // its header; an empty table is its header (no line at all for no fields).
        if columns == nil, output.kind != .csv || output.fields != nil { start(columns: output.fields ?? []) }
        switch output.kind {
        case .json: out.append(openedArray ? "\n]\n" : "[]\n")
        case .table, .plain: table?.finish()
        case .ndjson, .csv: break
        }
        flush()
    }

    private mutating func fixColumns(_ records: [JSONValue]) throws -> [String] {
        if output.fields == nil, output.kind == .json || output.kind == .ndjson {
            // Written as they are: no columns to find.
            start(columns: [])
            return []
        }
        var columns = output.fields ?? StructuredOutput.columns(of: records)
        if let fields = output.fields {
            let known = StructuredOutput.columns(of: records, keepingObjects: true)
            let unknown = fields.filter { !known.contains($0) }
            if !unknown.isEmpty {
                throw FieldOpsError.usage(
                    "unknown field\(unknown.count == 1 ? "" : "s") \(unknown.map { "'\($0)'" }.joined(separator: ", ")) for --fields",
                    hint: "fields of these records: \(StructuredOutput.columns(of: records).joined(separator: ","))")
            }
            columns = fields
        }
        start(columns: columns)
        return columns
    }

    private mutating func start(columns: [String]) {
        self.columns = columns
        switch output.kind {
        case .csv: out.append(StructuredOutput.csvLine(columns))
        case .table, .plain:
            // The table writes to the same place: what `out` holds goes first.
            table = TableWriter(
                columns: columns.map { Table.Column($0) }, format: output.kind == .table ? .table : .plain,
                color: color, fit: fit, widthRows: widthRows, stream: out.stream)
        case .json, .ndjson: break
        }
    }
}
