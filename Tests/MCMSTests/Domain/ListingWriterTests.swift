import FieldOpsCore
import Testing
@testable import MCMS

/// A listing written record by record is, byte for byte, what the whole-value renderers write.
@Suite struct ListingWriterTests {
    /// Rows with the awkward parts: no state, a name with a tab and non-ASCII, exact numbers.
    static func rows(_ count: Int) -> [ONURow] {
        (0..<count).map { index in
            ONURow(id: String(format: "ALPH%08x", index), name: index % 3 == 0 ? "" : "Ålesundsvegen \(index)\tlgh 2",
                   oltMAC: index % 5 == 0 ? nil : "70:b3:d5:52:31:27", oltName: index % 5 == 0 ? nil : "OLT Storgata 1",
                   registration: index % 7 == 0 ? .dyingGasp : .registered, activeVersion: index % 4 == 0 ? nil : "R4.2.0",
                   activeBank: index % 4 == 0 ? nil : FirmwareBankIndex(1), unusablePointer: index % 4 == 0 ? "65535" : nil,
                   rxOptical: JSONNumber(lexeme: "-18.20"), hasState: index % 9 != 0, model: "AP-G2110",
                   fecUncorrectable: JSONNumber(lexeme: "18446744073709551615"))
        }
    }

    @Test(arguments: [0, 1, 255, 256, 257, 600])
    func prettyArrayIsTheWholeArrayWrittenPretty(count: Int) {
        let rows = Self.rows(count)
        let stream = CapturedStream()
        ListingWriter.writePrettyArray(rows.lazy.map(InventoryRendering.onuRecord), to: stream)
        #expect(stream.text == InventoryRendering.onuJSON(rows).jsonString(.pretty) + "\n")
    }

    @Test func linesAreTheStructuredNDJSON() throws {
        let rows = Self.rows(300)
        let stream = CapturedStream()
        ListingWriter.writeLines(rows.lazy.map(InventoryRendering.onuRecord), to: stream)
        let whole = try StructuredOutput(kind: .ndjson, fields: nil).render(InventoryRendering.onuJSON(rows))
        #expect(stream.text == String(decoding: whole, as: UTF8.self))
    }

    @Test func plainLinesAreThePlainTable() {
        let rows = Self.rows(300)
        let stream = CapturedStream()
        ListingWriter.writePlain(rows.lazy.map(InventoryRendering.onuCells), to: stream)
        #expect(stream.text == InventoryRendering.onuTable(rows).render(format: .plain))
        #expect(!stream.text.contains("\tlgh"), "a tab inside a cell became a space")
    }
}
