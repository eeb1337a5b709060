import FieldOpsTestSupport
import Foundation
import Testing

@testable import FieldOpsCore

/// `TableWriter` and `StructuredWriter` fed page by page: the table's widths from its first
/// rows with nothing cut later, every other form exactly the whole-value rendering.
@Suite struct StreamingWriterTests {
    static let columns = [Table.Column("ID"), Table.Column("Name"), Table.Column("RX", alignment: .right)]

    @Test func theTableWaitsForItsWidthRowsThenWritesEachPageAsItComes() {
        let stream = CapturedStream(isTerminal: true)
        var writer = TableWriter(columns: Self.columns, format: .table, widthRows: 2, stream: stream)
        writer.append(["a1", "Kiosk", "-18.2"])
        writer.flush()
        #expect(stream.text.isEmpty, "the widths are not known yet")
        writer.append(["b2", "Lab", "-7"])
        writer.flush()
        #expect(stream.text == "ID  NAME      RX\na1  Kiosk  -18.2\nb2  Lab       -7\n")
        // Wider than its column: written whole, the rest of the line pushed right.
        writer.append(["c3", "Storgata 1, bakgården", "-30.25"])
        writer.append(["d4", "Ny", "1"])
        writer.flush()
        writer.finish()
        #expect(
            stream.text == """
                ID  NAME      RX
                a1  Kiosk  -18.2
                b2  Lab       -7
                c3  Storgata 1, bakgården  -30.25
                d4  Ny         1

                """)
        #expect(writer.rowCount == 4)
    }

    @Test func aTableOfAtMostItsWidthRowsIsTheWholeTable() {
        let rows = [["a1", "Ålesund", "-18.2"], ["b2", "x\ty", "-7"], ["c3", "", ""]]
        for widthRows in [3, 4, 500] {
            let stream = CapturedStream()
            var writer = TableWriter(columns: Self.columns, format: .table, color: true, widthRows: widthRows, stream: stream)
            for (index, row) in rows.enumerated() { writer.append(row, style: index == 1 ? .red : nil) }
            writer.finish()
            var lines = Table(columns: Self.columns, rows: rows).render(format: .table, color: true).split(separator: "\n").map(String.init)
            lines[2] = Style.red.apply(lines[2], enabled: true)
            #expect(stream.text == lines.joined(separator: "\n") + "\n")
        }
    }

    @Test func plainLinesAreWrittenAtEveryFlush() {
        let stream = CapturedStream()
        var writer = TableWriter(columns: Self.columns, format: .plain, widthRows: 100, stream: stream)
        writer.append(["a1", "line\nbreak", "-18.2"])
        writer.flush()
        #expect(stream.text == "a1\tline break\t-18.2\n")
    }

    static func records(_ count: Int) -> [JSONValue] {
        (0..<count).map { index in
            .object(
                JSONObject([
                    ("id", .string("id\(index)")),
                    ("name", index % 3 == 0 ? .null : .string("Kiosk, \"\(index)\"\nnord")),
                    ("rx", .number(JSONNumber(lexeme: "-18.20")!)),
                    ("olt", .object(JSONObject([("mac", .string("70:b3")), ("slot", .number(JSONNumber(index)))]))),
                ]))
        }
    }

    @Test(arguments: [StructuredOutput.Kind.json, .ndjson, .csv, .plain], [0, 1, 255, 256, 257, 600])
    func recordsWrittenInPagesAreTheWholeRendering(kind: StructuredOutput.Kind, count: Int) throws {
        let records = Self.records(count)
        for fields in [nil, ["olt.mac", "id", "name"]] as [[String]?] {
            let output = StructuredOutput(kind: kind, fields: fields)
            let stream = CapturedStream()
            var writer = StructuredWriter(output, widthRows: 100, stream: stream)
            for start in stride(from: 0, to: records.count, by: 100) {
                try writer.write(Array(records[start..<min(records.count, start + 100)]))
                writer.flush()
            }
            writer.finish()
            #expect(stream.text == String(decoding: try output.render(.array(records)), as: UTF8.self), "\(kind) \(fields ?? [])")
            #expect(writer.recordCount == count)
        }
    }

    @Test func anUnknownFieldIsRefusedBeforeAnythingIsWritten() {
        let stream = CapturedStream()
        var writer = StructuredWriter(StructuredOutput(kind: .csv, fields: ["id", "nope"]), stream: stream)
        #expect(throws: FieldOpsError.self) { try writer.write(Self.records(3)) }
        writer.flush()
        #expect(stream.text.isEmpty)
    }

    @Test func aCSVPageIsOutAtItsFlush() throws {
        let stream = CapturedStream()
        var writer = StructuredWriter(StructuredOutput(kind: .csv, fields: nil), stream: stream)
        try writer.write(Self.records(2))
        writer.flush()
        #expect(try PythonCSV.parse(stream.text).count == 3)
    }
}
