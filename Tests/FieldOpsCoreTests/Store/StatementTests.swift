import FieldOpsCore
import Foundation
import Testing

@Suite struct StatementTests {
    /// Owned by the suite instance, which lives as long as the test, so the directory outlives
    /// every use of the store.
    let directory: StoreScratchDirectory
    let database: Database

    init() throws {
        directory = try StoreScratchDirectory()
        database = try Database(path: directory.file("store.sqlite"))
    }

    // MARK: Binding and reading

    @Test func everyTypeRoundTripsIncludingExtremesAndNull() throws {
        try database.execute("CREATE TABLE v (i INTEGER, r REAL, s TEXT, b BLOB, flag INTEGER, n TEXT)")
        let text = "Zürich 🚀 a\u{0}b"
        let blob = Data([0, 1, 2, 0, 255])
        try database.execute("INSERT INTO v VALUES (?, ?, ?, ?, ?, ?)", [Int64.max, -18.2, text, blob, true, nil])
        try database.execute("INSERT INTO v VALUES (?, ?, ?, ?, ?, ?)", [Int64.min, 0.000001, "", Data(), false, "x"])

        let rows = try database.query("SELECT * FROM v ORDER BY i DESC")
        #expect(rows.count == 2)
        #expect(try rows[0].decode("i", as: Int64.self) == .max)
        #expect(try rows[0].decode("r", as: Double.self) == -18.2)
        #expect(try rows[0].decode("s", as: String.self) == text)
        #expect(try rows[0].decode("b", as: Data.self) == blob)
        #expect(try rows[0].decode("flag", as: Bool.self) == true)
        #expect(try rows[0].decode("n", as: String?.self) == nil)
        #expect(rows[0]["n"] == .null)

        #expect(try rows[1].decode("i", as: Int64.self) == .min)
        #expect(try rows[1].decode("r", as: Double.self) == 0.000001)
        // Empty text and empty blobs stay values, not NULL.
        #expect(rows[1]["s"] == .text(""))
        #expect(rows[1]["b"] == .blob(Data()))
        #expect(try rows[1].decode(4, as: Bool.self) == false)
        #expect(try rows[1].decode("N", as: String?.self) == "x")
    }

    @Test func jsonDocumentsAreStoredAsCompactTextAndReadBackExactly() throws {
        try database.execute("CREATE TABLE doc (body TEXT)")
        let document = try JSONValue(parsing: #"{"z":18446744073709551615,"a":-18.20,"form":{"5":"true"}}"#)
        try database.execute("INSERT INTO doc VALUES (?)", [document])
        #expect(try database.scalar("SELECT body FROM doc", as: String.self) == document.jsonString())
        #expect(try database.scalar("SELECT body FROM doc", as: JSONValue.self) == document)
    }

    @Test func wrongTypesAndMissingColumnsAreErrorsNamingTheColumn() throws {
        let row = try #require(try database.queryOne("SELECT 'abc' AS serial, NULL AS gone"))
        #expect(throws: StoreError.self) { try row.decode("serial", as: Int64.self) }
        #expect(throws: StoreError.self) { try row.decode("gone", as: String.self) }
        do {
            _ = try row.decode("serial", as: Int64.self)
        } catch {
            #expect(error.kind == .conversion)
            #expect(error.message.contains("\"serial\" holds TEXT"))
        }
        do {
            _ = try row.decode("nope", as: String.self)
        } catch {
            #expect(error.message.contains("no column \"nope\""))
        }
    }

    @Test func argumentCountMustMatchThePlaceholders() throws {
        #expect {
            try database.execute("SELECT ?, ?", [1])
        } throws: { ($0 as? StoreError)?.kind == .misuse }
    }

    @Test func scalarAndQueryOneReturnNilWithoutRows() throws {
        try database.execute("CREATE TABLE t (x INTEGER)")
        #expect(try database.scalar("SELECT x FROM t", as: Int64.self) == nil)
        #expect(try database.queryOne("SELECT x FROM t") == nil)
        try database.execute("INSERT INTO t VALUES (?)", [42])
        #expect(database.changes == 1)
        #expect(database.lastInsertedRowID == 1)
        #expect(try database.scalar("SELECT x FROM t", as: Int.self) == 42)
    }

    // MARK: Statement cache

    @Test func statementsAreCompiledOnceAndReused() throws {
        try database.execute("CREATE TABLE t (x INTEGER)")
        let before = database.preparedStatementCount
        for value in 0..<100 {
            try database.execute("INSERT INTO t VALUES (?)", [value])
        }
        #expect(database.preparedStatementCount == before + 1)
        for _ in 0..<10 { _ = try database.query("SELECT x FROM t WHERE x < ?", [5]) }
        #expect(database.preparedStatementCount == before + 2)
        // Bindings are cleared between uses, so a stale argument can never leak into the next.
        #expect(try database.query("SELECT x FROM t WHERE x < ?", [3]).count == 3)
    }

    // MARK: Iterating rows

    @Test func forEachRowVisitsRowsAndAllowsNestedQueriesOnTheSameSQL() throws {
        try database.execute("CREATE TABLE t (x INTEGER)")
        try database.transaction { database in
            for value in 1...5 { try database.execute("INSERT INTO t VALUES (?)", [value]) }
        }
        var pairs: [(Int64, Int)] = []
        try database.forEachRow("SELECT x FROM t WHERE x >= ? ORDER BY x", [1]) { row in
            let x = try row.decode("x", as: Int64.self)
            // The same SQL while the outer statement is still stepping gets its own statement.
            let inner = try database.query("SELECT x FROM t WHERE x >= ? ORDER BY x", [x])
            pairs.append((x, inner.count))
        }
        #expect(pairs.map(\.0) == [1, 2, 3, 4, 5])
        #expect(pairs.map(\.1) == [5, 4, 3, 2, 1])
    }

    struct Stop: Error {}

    @Test func anErrorFromTheRowBodyStopsTheLoopAndIsRethrown() throws {
        try database.execute("CREATE TABLE t (x INTEGER)")
        for value in 1...5 { try database.execute("INSERT INTO t VALUES (?)", [value]) }
        var seen = 0
        #expect(throws: Stop.self) {
            try database.forEachRow("SELECT x FROM t") { _ in
                seen += 1
                if seen == 2 { throw Stop() }
            }
        }
        #expect(seen == 2)
        // The statement was reset: it runs again from the start.
        #expect(try database.query("SELECT x FROM t").count == 5)
    }
}

extension StatementTests {
    @Test func theCacheIsBoundedAndKeepsRecentStatements() throws {
        for value in 0..<300 { _ = try database.scalar("SELECT \(value)", as: Int64.self) }
        let count = database.preparedStatementCount
        _ = try database.scalar("SELECT 299", as: Int64.self)
        #expect(database.preparedStatementCount == count)
        _ = try database.scalar("SELECT 0", as: Int64.self)
        #expect(database.preparedStatementCount == count + 1)
    }

    @Test func inMemoryStoresWorkWithoutAFile() throws {
        let memory = try Database(path: ":memory:")
        try memory.execute("CREATE TABLE t (x)")
        try memory.transaction { database in try database.execute("INSERT INTO t VALUES (1)") }
        #expect(try memory.scalar("SELECT count(*) FROM t", as: Int64.self) == 1)
        #expect(try memory.scalar("PRAGMA foreign_keys", as: Int64.self) == 1)
    }
}

extension StatementTests {
    @Test func aSecondStatementInExecuteIsRefusedNotSilentlyDropped() throws {
        #expect {
            try database.execute("CREATE TABLE a (x); CREATE TABLE b (x)")
        } throws: { ($0 as? StoreError)?.kind == .misuse }
        #expect(try database.scalar("SELECT count(*) FROM sqlite_master", as: Int64.self) == 0)
        try database.execute("CREATE TABLE a (x);  ")
        try database.executeScript("CREATE TABLE b (x); CREATE TABLE c (x); -- done")
        #expect(try database.scalar("SELECT count(*) FROM sqlite_master", as: Int64.self) == 3)
    }
}
