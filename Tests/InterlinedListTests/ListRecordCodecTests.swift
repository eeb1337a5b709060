import Foundation
import Testing

@testable import InterlinedList

/// The compact lists cache payload round-trips every value, including "" versus null.
@Suite struct ListRecordCodecTests {
    @Test func roundTripsNullsEmptyStringsAndSpecialCharacters() throws {
        let lists = [
            ILList(
                id: "l002", title: "Books", description: nil, isPublic: true, parentId: "", folderId: nil,
                createdAt: "2026-01-01T00:01:00.000Z", updatedAt: "2026-01-01T00:01:00.000Z"),
            ILList(
                id: "l003", title: "Tabs\there\nand a \\N backslash", description: "line one\r\nline two", isPublic: false,
                parentId: "l002", folderId: ""),
            ILList(id: "l004", title: "日本語 ✓", isPublic: nil),
        ]
        let data = ListRecordCodec.encode(lists)
        #expect(try ListRecordCodec.decode(data) == lists)
        #expect(String(decoding: data, as: UTF8.self).split(separator: "\n").count == 4)
    }

    @Test func anEmptyListIsJustTheHeader() throws {
        #expect(try ListRecordCodec.decode(ListRecordCodec.encode([])) == [])
    }

    @Test func damagedPayloadsAreRejected() {
        #expect(throws: (any Error).self) { try ListRecordCodec.decode(Data(#"{"lists":[]}"#.utf8)) }
        let short = ListRecordCodec.header + "\nl001\tonly two\n"
        #expect(throws: (any Error).self) { try ListRecordCodec.decode(Data(short.utf8)) }
        #expect(throws: (any Error).self) { try ListRecordCodec.decode(Data()) }
    }
}
