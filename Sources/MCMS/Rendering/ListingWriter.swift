import FieldOpsCore

/// Writes a long listing record by record, in the same bytes the whole-value renderers write.
///
/// `--json` of a 100,000-ONU listing is 40 MB of text; built as one `JSONValue` and one string
/// it took several times that in memory. Here each record is made, written into a buffer that is
/// flushed every 64 KB, and dropped. Forms that need every record before the first line — the
/// terminal table (column widths), csv and `--fields` (the columns are the records' union) —
/// are left to the usual renderers (`streams(_:)` says which).
struct ListingWriter {
    static let flushBytes = 64 * 1024

    private let stream: any TextStream
    private var buffer: [UInt8] = []

    init(stream: any TextStream) {
        self.stream = stream
        buffer.reserveCapacity(Self.flushBytes + 4096)
    }

    /// True when the context's output form can be written a record at a time: `--json`,
    /// `-o ndjson`, and plain (piped) text; not the table, csv or `--fields`.
    static func streams(_ context: CommandContext) -> Bool {
        if context.structured.fields != nil { return false }
        switch context.structured.kind {
        case .json, .ndjson, .plain: return true
        case .csv, .table: return false
        }
    }

    /// Records rendered together: the core writer indents them as elements of one array.
    static let recordsPerChunk = 256

    /// `--json`: exactly `JSONValue.array(records).jsonString(.pretty)` and a newline.
    ///
    /// The records go out in arrays of 256 written pretty, each without its brackets: the
    /// elements of `[a, b]` and of `[c]` joined by a comma are the elements of `[a, b, c]`,
    /// byte for byte, indentation included.
    static func writePrettyArray<S: Sequence>(_ records: S, to stream: any TextStream) where S.Element == JSONValue {
        var writer = ListingWriter(stream: stream)
        var chunk: [JSONValue] = []
        chunk.reserveCapacity(recordsPerChunk)
        var wroteAny = false
        func writeChunk() {
            guard !chunk.isEmpty else { return }
            // "[\n  a,\n  b\n]" → "\n  a,\n  b": the opening bracket and the closing line go.
            let bytes = JSONValue.array(chunk).jsonBytes(.pretty)
            writer.append(wroteAny ? "," : "[")
            writer.buffer.append(contentsOf: bytes[1..<(bytes.count - 2)])
            wroteAny = true
            chunk.removeAll(keepingCapacity: true)
            writer.flushIfFull()
        }
        for record in records {
            chunk.append(record)
            if chunk.count == recordsPerChunk { writeChunk() }
        }
        writeChunk()
        writer.append(wroteAny ? "\n]\n" : "[]\n")
        writer.flush()
    }

    /// `-o ndjson`: one compact record per line.
    static func writeLines<S: Sequence>(_ records: S, to stream: any TextStream) where S.Element == JSONValue {
        var writer = ListingWriter(stream: stream)
        for record in records {
            writer.buffer.append(contentsOf: record.jsonBytes(.compact))
            writer.buffer.append(UInt8(ascii: "\n"))
            writer.flushIfFull()
        }
        writer.flush()
    }

    /// Plain (piped) text: one tab-separated line per row, as `Table.render(format: .plain)`.
    static func writePlain<S: Sequence>(_ rows: S, to stream: any TextStream) where S.Element == [String] {
        var writer = ListingWriter(stream: stream)
        for row in rows {
            var first = true
            for cell in row {
                if !first { writer.buffer.append(UInt8(ascii: "\t")) }
                first = false
                for byte in cell.utf8 {
                    // A tab or line break inside a cell would split the line for `cut` and `awk`.
                    writer.buffer.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? UInt8(ascii: " ") : byte)
                }
            }
            writer.buffer.append(UInt8(ascii: "\n"))
            writer.flushIfFull()
        }
        writer.flush()
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private mutating func flushIfFull() {
        if buffer.count >= Self.flushBytes { flush() }
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        stream.write(bytes: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
