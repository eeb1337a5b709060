import FieldOpsCore
import Testing

@Suite struct DatabaseQueueTests {
    /// Owned by the suite instance so it outlives every use within a test.
    let directory: StoreScratchDirectory

    init() throws {
        directory = try StoreScratchDirectory()
    }

    @Test func concurrentWritersFromManyTasksAreSerialised() async throws {
        let queue = try DatabaseQueue(path: directory.file("store.sqlite"))
        try queue.write { database in try database.execute("CREATE TABLE t (task INTEGER, n INTEGER)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for n in 0..<50 {
                        try queue.write { database in try database.execute("INSERT INTO t VALUES (?, ?)", [task, n]) }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try queue.read { database in try database.scalar("SELECT count(*) FROM t", as: Int64.self) } == 400)
    }

    @Test func readsCannotWrite() throws {
        let queue = try DatabaseQueue(path: directory.file("store.sqlite"))
        try queue.write { database in try database.execute("CREATE TABLE t (x)") }
        #expect {
            try queue.read { database in try database.execute("INSERT INTO t VALUES (1)") }
        } throws: { ($0 as? StoreError)?.kind == .readOnly }
        // The connection is writable again afterwards.
        try queue.write { database in try database.execute("INSERT INTO t VALUES (1)") }
        #expect(try queue.read { database in try database.scalar("SELECT count(*) FROM t", as: Int64.self) } == 1)
    }
}
