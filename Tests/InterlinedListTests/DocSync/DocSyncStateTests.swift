import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import InterlinedList

/// The docs-sync state records a large set of bases in one go through a rollback journal, and
/// through its write-ahead log when the switch cannot be made.
@Suite struct DocSyncStateTests {
    static func pairs(_ count: Int, bytes: Int) -> [DocSyncState.Pair] {
        (0..<count).map { index in
            let base = String(repeating: "line \(index) of a note\n", count: bytes / 20)
            return DocSyncState.Pair(
                documentID: "d\(index)", path: "note \(index).md", folderID: nil, title: "note \(index)", base: base,
                baseSize: Int64(base.utf8.count), hash: SHA256.hex(base), remoteUpdatedAt: nil, size: Int64(base.utf8.count),
                mtime: Int64(index), conflicted: false)
        }
    }

    @Test func manyBasesAreRecordedAndTheStoreStaysInItsLog() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("state.sqlite")
        let state = try DocSyncState(path: path)
        let pairs = Self.pairs(150, bytes: 10_240)
        try state.save(pairs)
        #expect(try state.pairs().count == 150)
        #expect(try state.base(of: "d7") == pairs[7].base)
        #expect(try SQLiteFile.isInWALMode(path))
        // A small save afterwards goes through the log as always.
        try state.save(Self.pairs(1, bytes: 100))
        #expect(try SQLiteFile.isInWALMode(path))
        let journal = FileManager.default.contents(atPath: path + "-journal") ?? Data()
        #expect(journal.isEmpty, "a journal holding pages was left")
    }

    /// Another connection with the store open keeps it in its log (SQLite refuses the switch at
    /// once): the bases go through the log instead of failing the sync.
    @Test func aStoreThatCannotSwitchRecordsThroughItsLog() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("state.sqlite")
        let state = try DocSyncState(path: path)
        let reader = try Database(path: path, options: Database.Options(busyTimeout: .milliseconds(100)))
        try reader.execute("BEGIN")
        _ = try reader.scalar("SELECT count(*) FROM pairs", as: Int.self)
        try state.save(Self.pairs(120, bytes: 10_240))
        try reader.execute("COMMIT")
        #expect(try state.pairs().count == 120)
        #expect(try SQLiteFile.isInWALMode(path))
    }
}
