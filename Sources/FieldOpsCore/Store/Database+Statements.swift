internal import CSQLite
import FoundationEssentials

/// Statement arguments: `[1, "name", nil, someData]`, bound to `?` placeholders in order.
public typealias StatementArguments = [(any DatabaseValueConvertible)?]

extension Database {
    // MARK: Running statements

    /// Runs one statement that returns no rows (or whose rows are not wanted).
    public func execute(_ sql: String, _ arguments: StatementArguments = []) throws(StoreError) {
        try run(sql, arguments) { _ throws(StoreError) in true }
    }

    /// Runs one statement and returns every row.
    public func query(_ sql: String, _ arguments: StatementArguments = []) throws(StoreError) -> [Row] {
        var rows: [Row] = []
        try run(sql, arguments) { statement throws(StoreError) in
            rows.append(statement.row(storePath: path))
            return true
        }
        return rows
    }

    /// The first row, or nil when there is none.
    public func queryOne(_ sql: String, _ arguments: StatementArguments = []) throws(StoreError) -> Row? {
        var first: Row?
        try run(sql, arguments) { statement throws(StoreError) in
            first = statement.row(storePath: path)
            return false
        }
        return first
    }

    /// The first column of the first row as `T`: nil when there is no row or the value is NULL.
    public func scalar<T: DatabaseValueConvertible>(
        _ sql: String, _ arguments: StatementArguments = [], as type: T.Type = T.self
    ) throws(StoreError) -> T? {
        guard let row = try queryOne(sql, arguments), row.count > 0 else { return nil }
        if case .null = row[0] { return nil }
        return try row.decode(0, as: T.self)
    }

    /// Calls `body` with each row in turn without collecting them, for results too large to
    /// hold at once. An error thrown by `body` stops the loop and is rethrown as is.
    public func forEachRow(
        _ sql: String, _ arguments: StatementArguments = [], _ body: (Row) throws -> Void
    ) throws {
        var bodyError: (any Error)?
        try run(sql, arguments) { statement throws(StoreError) in
            do {
                try body(statement.row(storePath: path))
                return true
            } catch {
                bodyError = error
                return false
            }
        }
        if let bodyError { throw bodyError }
    }

    /// Runs a script of several statements separated by `;` (schema migrations). Statements
    /// are compiled one at a time and not cached; the first failure stops the script.
    public func executeScript(_ sql: String) throws(StoreError) {
        var remaining = Substring(sql)
        while !remaining.allSatisfy(\.isWhitespace) {
            var statementHandle: OpaquePointer?
            var consumed = 0
            let code = remaining.withCString { start in
                var tail: UnsafePointer<CChar>?
                let code = fieldops_sqlite3_prepare_v2(handle, start, -1, &statementHandle, &tail)
                if let tail { consumed = start.distance(to: tail) }
                return code
            }
            let end = remaining.utf8.index(remaining.utf8.startIndex, offsetBy: consumed)
            let text = String(remaining[..<end]).trimmingWhitespace()
            guard code == SQLITE_OK else { throw error(code, sql: text) }
            remaining = remaining[end...]
            guard let statementHandle else { continue }  // only a comment or whitespace
            preparedStatementCount += 1
            let statement = Statement(handle: statementHandle, sql: text)
            var step = fieldops_sqlite3_step(statement.handle)
            while step == SQLITE_ROW { step = fieldops_sqlite3_step(statement.handle) }
            guard step == SQLITE_DONE else { throw error(step, sql: text) }
        }
    }

    // MARK: Statement cache

    /// Most stores use a few dozen distinct statements; the cap only guards against misuse.
    static let statementCacheLimit = 256

    /// The cached statement for `sql`, compiling it on first use. A statement already being
    /// stepped (a query issued from inside a row loop) is not shared: a fresh one is compiled.
    func statement(for sql: String) throws(StoreError) -> Statement {
        if let cached = statementCache[sql], !cached.isBusy { return cached }
        var statementHandle: OpaquePointer?
        var hasTrailingSQL = false
        let code = sql.withCString { start in
            var tail: UnsafePointer<CChar>?
            let code = fieldops_sqlite3_prepare_v3(handle, start, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statementHandle, &tail)
            // SQLite compiles only the first statement; silently dropping the rest would lose
            // work, so a second statement is refused (scripts go through executeScript).
            if let tail {
                hasTrailingSQL = !String(cString: tail).allSatisfy { $0.isWhitespace || $0 == ";" }
            }
            return code
        }
        guard code == SQLITE_OK, let statementHandle else {
            fieldops_sqlite3_finalize(statementHandle)
            if code == SQLITE_OK {
                throw StoreError(kind: .misuse, message: "no SQL statement to run", sql: sql, path: path)
            }
            throw error(code, sql: sql)
        }
        if hasTrailingSQL {
            fieldops_sqlite3_finalize(statementHandle)
            throw StoreError(
                kind: .misuse, message: "only one statement can run at a time; use executeScript for several", sql: sql, path: path)
        }
        preparedStatementCount += 1
        let statement = Statement(handle: statementHandle, sql: sql)
        // SQL built by interpolation would grow the cache without end; past the cap, start
        // over, keeping only statements still being stepped.
        if statementCache.count >= Database.statementCacheLimit {
            statementCache = statementCache.filter { $0.value.isBusy }
        }
        if statementCache[sql] == nil { statementCache[sql] = statement }
        return statement
    }

    /// `run` for the other files of the store (`forEachColumns`).
    func forEachStatementRow(
        _ sql: String, _ arguments: StatementArguments, onRow: (Statement) throws(StoreError) -> Bool
    ) throws(StoreError) {
        try run(sql, arguments, onRow: onRow)
    }

    /// Binds, then steps calling `onRow` for each row until the rows end or `onRow` returns
    /// false, and resets the statement for its next use.
    private func run(
        _ sql: String, _ arguments: StatementArguments,
        onRow: (Statement) throws(StoreError) -> Bool
    ) throws(StoreError) {
        let statement = try statement(for: sql)
        guard arguments.count == statement.parameterCount else {
            throw StoreError(
                kind: .misuse, message: "the statement takes \(statement.parameterCount) arguments, \(arguments.count) given", sql: sql,
                path: path)
        }
        statement.isBusy = true
        defer { statement.reset() }
        for (offset, argument) in arguments.enumerated() {
            let code = statement.bind(argument?.sqlValue ?? .null, at: Int32(offset + 1))
            guard code == SQLITE_OK else { throw error(code, sql: sql) }
        }
        while true {
            let code = fieldops_sqlite3_step(statement.handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw error(code, sql: sql) }
            guard try onRow(statement) else { return }
        }
    }
}
