import FieldOpsCore
import Testing

@Suite struct TransactionTests {
    struct Abort: Error, Equatable {}

    let directory: StoreScratchDirectory
    let database: Database

    init() throws {
        directory = try StoreScratchDirectory()
        database = try Database(path: directory.file("store.sqlite"))
        try database.execute("CREATE TABLE t (name TEXT)")
    }

    private func names(_ database: Database) throws -> [String] {
        try database.query("SELECT name FROM t ORDER BY rowid").map { try $0.decode("name") }
    }

    // MARK: Outermost transactions

    @Test func commitsWhenTheBodyReturnsAndPassesItsResultThrough() throws {
        let result = try database.transaction { database in
            try database.execute("INSERT INTO t VALUES ('a')")
            return 7
        }
        #expect(result == 7)
        #expect(!database.isInTransaction)
        // Visible to another connection: it really committed.
        let other = try Database(path: directory.file("store.sqlite"))
        #expect(try names(other) == ["a"])
    }

    @Test func rollsBackWhenTheBodyThrowsASwiftErrorAndRethrowsIt() throws {
        #expect(throws: Abort()) {
            try database.transaction { database in
                try database.execute("INSERT INTO t VALUES ('a')")
                throw Abort()
            }
        }
        #expect(try names(database).isEmpty)
        #expect(!database.isInTransaction)
    }

    @Test func rollsBackWhenAStatementInsideFails() throws {
        #expect(throws: StoreError.self) {
            try database.transaction { database in
                try database.execute("INSERT INTO t VALUES ('a')")
                try database.execute("INSERT INTO missing_table VALUES (1)")
            }
        }
        #expect(try names(database).isEmpty)
    }

    @Test func takesTheWriteLockAtBeginSoAnotherWriterCannotStart() throws {
        let other = try Database(path: directory.file("store.sqlite"), options: .init(busyTimeout: .milliseconds(50)))
        try database.transaction { _ in
            // Nothing written yet: a deferred BEGIN would not hold the lock here; IMMEDIATE does.
            #expect {
                try other.transaction { database in try database.execute("INSERT INTO t VALUES ('b')") }
            } throws: { ($0 as? StoreError)?.kind == .locked }
        }
    }

    // MARK: Savepoints

    @Test func aFailedInnerTransactionUndoesOnlyItsOwnWork() throws {
        try database.transaction { database in
            try database.execute("INSERT INTO t VALUES ('outer-before')")
            do {
                try database.transaction { database in
                    try database.execute("INSERT INTO t VALUES ('inner')")
                    throw Abort()
                }
            } catch is Abort {}
            try database.execute("INSERT INTO t VALUES ('outer-after')")
        }
        #expect(try names(database) == ["outer-before", "outer-after"])
    }

    @Test func innerWorkIsUndoneWhenTheOuterTransactionFails() throws {
        #expect(throws: Abort()) {
            try database.transaction { database in
                try database.transaction { database in
                    try database.transaction { database in try database.execute("INSERT INTO t VALUES ('deep')") }
                    try database.execute("INSERT INTO t VALUES ('inner')")
                }
                throw Abort()
            }
        }
        #expect(try names(database).isEmpty)
    }

    @Test func nestedSuccessesAllCommit() throws {
        try database.transaction { database in
            try database.execute("INSERT INTO t VALUES ('1')")
            try database.transaction { database in
                try database.execute("INSERT INTO t VALUES ('2')")
                try database.transaction { database in try database.execute("INSERT INTO t VALUES ('3')") }
            }
        }
        #expect(try names(database) == ["1", "2", "3"])
    }
}
