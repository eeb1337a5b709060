import FieldOpsCore
import Testing

/// Records described into a `FlatRecord` and written straight as JSON are, byte for byte, what
/// the same records written as values are.
@Suite struct FlatRecordTests {
    /// A row of awkward members: escapes, non-ASCII, nulls, exact numbers.
    struct Row {
        var name: String
        var note: String?
        var count: JSONNumber?
        var level: JSONNumber?
        var integer: Int?
    }

    static let names: [String] = ["plain", "quote \" and \\ back", "tab\there\nnewline", "Ålesund 世界 🚀", "\u{1}\u{1F}", ""]
    static let levels: [String] = ["-18.20", "18446744073709551615", "1e3", "-0"]
    static let integers: [Int?] = [0, -1, 7, nil, Int.max, Int.min, 1_000_000, -42]

    static let rows: [Row] = (0..<700).map { (index: Int) -> Row in
        let note: String? = index % 3 == 0 ? nil : "note \(index)"
        let count: JSONNumber? = index % 4 == 0 ? nil : JSONNumber(index)
        return Row(
            name: names[index % 6], note: note, count: count, level: JSONNumber(lexeme: levels[index % 4]),
            integer: integers[index % 8])
    }

    static func describe(_ row: Row, into record: inout FlatRecord) {
        record.string("name", row.name)
        record.string("note", row.note)
        record.number("count", row.count)
        record.number("level", row.level)
        record.integer("integer", row.integer)
        record.string("key \"quoted\"", "last")
    }

    static func value(_ row: Row) -> JSONValue {
        var record = FlatRecord()
        describe(row, into: &record)
        return record.value
    }

    /// `rows` written in pages of `page`, as records described one by one or as values.
    static func written(_ rows: [Row], kind: StructuredOutput.Kind, flat: Bool, page: Int = 100) throws -> String {
        let stream = CapturedStream()
        var writer = StructuredWriter(StructuredOutput(kind: kind, fields: nil), stream: stream)
        for start in stride(from: 0, to: rows.count, by: page) {
            let slice = rows[start..<min(rows.count, start + page)]
            if flat, var record = writer.flatRecord() {
                for row in slice {
                    describe(row, into: &record)
                    try writer.write(flat: &record)
                }
            } else {
                try writer.write(slice.map(value))
            }
            writer.flush()
        }
        writer.finish()
        return stream.text
    }

    @Test(arguments: [0, 1, 2, 255, 256, 257, 700])
    func wholeRecordsAreWrittenAsTheirValues(count: Int) throws {
        let rows = Array(Self.rows.prefix(count))
        for kind in [StructuredOutput.Kind.json, .ndjson] {
            let flat = try Self.written(rows, kind: kind, flat: true)
            #expect(flat == (try Self.written(rows, kind: kind, flat: false)), "\(kind), \(count) rows")
            // And what the whole listing renders as one value.
            let whole = try StructuredOutput(kind: kind, fields: nil).render(.array(rows.map(Self.value)))
            #expect(flat == String(decoding: whole, as: UTF8.self), "\(kind), \(count) rows")
        }
    }

    @Test func aRecordWithoutMembersIsAnEmptyObject() throws {
        for kind in [StructuredOutput.Kind.json, .ndjson] {
            let stream = CapturedStream()
            var writer = StructuredWriter(StructuredOutput(kind: kind, fields: nil), stream: stream)
            var record = try #require(writer.flatRecord())
            try writer.write(flat: &record)
            try writer.write(flat: &record)
            writer.finish()
            let whole = try StructuredOutput(kind: kind, fields: nil).render(.array([.object(JSONObject()), .object(JSONObject())]))
            #expect(stream.text == String(decoding: whole, as: UTF8.self))
        }
    }

    @Test func formsThatPickMembersTakeValues() throws {
        for output in [
            StructuredOutput(kind: .csv, fields: nil), StructuredOutput(kind: .plain, fields: nil),
            StructuredOutput(kind: .json, fields: ["name"]), StructuredOutput(kind: .ndjson, fields: ["level", "name"]),
        ] {
            #expect(StructuredWriter(output, stream: nil).flatRecord() == nil, "\(output.kind) \(output.fields ?? [])")
        }
        // A value record handed to write(flat:) is written as a value.
        let stream = CapturedStream()
        var writer = StructuredWriter(StructuredOutput(kind: .csv, fields: nil), stream: stream)
        var record = FlatRecord()
        Self.describe(Self.rows[1], into: &record)
        try writer.write(flat: &record)
        writer.finish()
        let whole = try StructuredOutput(kind: .csv, fields: nil).render(.array([Self.value(Self.rows[1])]))
        #expect(stream.text == String(decoding: whole, as: UTF8.self))
    }
}
