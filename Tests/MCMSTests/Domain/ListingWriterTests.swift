import FieldOpsCore
import Testing

@testable import MCMS

/// The ONU listing written page by page through the core writers is, byte for byte, what the
/// whole-value renderers write.
@Suite struct ListingWriterTests {
    /// Rows with the awkward parts: no state, a name with a tab and non-ASCII, exact numbers.
    static func rows(_ count: Int) -> [ONURow] {
        (0..<count).map { index in
            ONURow(
                id: String(format: "ALPH%08x", index), name: index % 3 == 0 ? "" : "Ålesundsvegen \(index)\tlgh 2",
                oltMAC: index % 5 == 0 ? nil : "70:b3:d5:52:31:27", oltName: index % 5 == 0 ? nil : "OLT Storgata 1",
                registration: index % 7 == 0 ? .dyingGasp : .registered, activeVersion: index % 4 == 0 ? nil : "R4.2.0",
                activeBank: index % 4 == 0 ? nil : FirmwareBankIndex(1), unusablePointer: index % 4 == 0 ? "65535" : nil,
                rxOptical: JSONNumber(lexeme: "-18.20"), hasState: index % 9 != 0, model: "AP-G2110",
                fecUncorrectable: JSONNumber(lexeme: "18446744073709551615"))
        }
    }

    /// The rows' records written in pages of 100.
    func paged(_ rows: [ONURow], _ kind: StructuredOutput.Kind) throws -> String {
        let stream = CapturedStream()
        var writer = StructuredWriter(StructuredOutput(kind: kind, fields: nil), widthRows: 100, stream: stream)
        for start in stride(from: 0, to: rows.count, by: 100) {
            try writer.write(rows[start..<min(rows.count, start + 100)].map(InventoryRendering.onuRecord))
            writer.flush()
        }
        writer.finish()
        return stream.text
    }

    @Test(arguments: [0, 1, 255, 256, 257, 600])
    func prettyArrayIsTheWholeArrayWrittenPretty(count: Int) throws {
        let rows = Self.rows(count)
        #expect(try paged(rows, .json) == InventoryRendering.onuJSON(rows).jsonString(.pretty) + "\n")
    }

    @Test func linesAreTheStructuredNDJSONAndCSV() throws {
        let rows = Self.rows(300)
        for kind in [StructuredOutput.Kind.ndjson, .csv] {
            let whole = try StructuredOutput(kind: kind, fields: nil).render(InventoryRendering.onuJSON(rows))
            #expect(try paged(rows, kind) == String(decoding: whole, as: UTF8.self))
        }
    }

    /// The rows described straight into JSON text, as `onu list --json` and ndjson write them.
    func pagedFlat(_ rows: [ONURow], _ kind: StructuredOutput.Kind) throws -> String {
        let stream = CapturedStream()
        var writer = StructuredWriter(StructuredOutput(kind: kind, fields: nil), widthRows: 100, stream: stream)
        for start in stride(from: 0, to: rows.count, by: 100) {
            var record = try #require(writer.flatRecord())
            for row in rows[start..<min(rows.count, start + 100)] {
                InventoryRendering.describe(row, into: &record)
                try writer.write(flat: &record)
            }
            writer.flush()
        }
        writer.finish()
        return stream.text
    }

    @Test(arguments: [0, 1, 257, 600])
    func rowsWrittenAsDescribedAreTheWholeListing(count: Int) throws {
        let rows = Self.rows(count)
        #expect(try pagedFlat(rows, .json) == InventoryRendering.onuJSON(rows).jsonString(.pretty) + "\n")
        let whole = try StructuredOutput(kind: .ndjson, fields: nil).render(InventoryRendering.onuJSON(rows))
        #expect(try pagedFlat(rows, .ndjson) == String(decoding: whole, as: UTF8.self))
    }

    /// The record's members, pinned: what scripts read from `onu list --json`.
    @Test func anONURecordHasItsMembersInOrder() {
        let expected =
            #"{"id":"ALPH00000001","name":"Ålesundsvegen 1\tlgh 2","olt_mac":"70:b3:d5:52:31:27","olt_name":"OLT Storgata 1","state":"registered","firmware_version":"R4.2.0","firmware_bank":1,"uptime_seconds":null,"rx_optical_dbm":-18.20,"model":"AP-G2110","fec_uncorrectable":18446744073709551615}"#
        #expect(String(decoding: InventoryRendering.onuRecord(Self.rows(2)[1]).jsonBytes(), as: UTF8.self) == expected)
    }

    @Test func plainLinesAreThePlainTable() {
        let rows = Self.rows(300)
        let stream = CapturedStream()
        var writer = TableWriter(columns: InventoryRendering.onuTable([]).columns, format: .plain, widthRows: 100, stream: stream)
        for row in rows { writer.append(InventoryRendering.onuCells(row), style: row.registration.style) }
        writer.finish()
        #expect(stream.text == InventoryRendering.onuTable(rows).render(format: .plain))
        #expect(!stream.text.contains("\tlgh"), "a tab inside a cell became a space")
    }

    @Test func theColouredTableIsTheStyledTable() {
        let rows = Self.rows(40)
        let stream = CapturedStream()
        var writer = TableWriter(columns: InventoryRendering.onuTable([]).columns, format: .table, color: true, stream: stream)
        for row in rows { writer.append(InventoryRendering.onuCells(row), style: row.registration.style) }
        writer.finish()
        #expect(stream.text == InventoryRendering.styledONUTable(rows).render(format: .table, color: true))
    }
}
