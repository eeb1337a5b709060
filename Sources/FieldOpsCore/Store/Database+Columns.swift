internal import CSQLite

/// The current row of a statement being stepped, read one column at a time: no `Row`, no
/// array of values, nothing allocated for a number. For loops over hundreds of thousands of
/// rows (a history store's series), where materialising each row would cost more than SQLite.
public struct ColumnReader {
    let handle: OpaquePointer

    /// The integer in column `index`, nil when it is NULL (a real is truncated, as SQLite does).
    public func integer(_ index: Int32) -> Int64? {
        fieldops_sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : fieldops_sqlite3_column_int64(handle, index)
    }

    /// The real in column `index`, nil when it is NULL.
    public func real(_ index: Int32) -> Double? {
        fieldops_sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : fieldops_sqlite3_column_double(handle, index)
    }

    /// The text in column `index`, nil when it is NULL.
    public func text(_ index: Int32) -> String? {
        guard fieldops_sqlite3_column_type(handle, index) != SQLITE_NULL, let start = fieldops_sqlite3_column_text(handle, index)
        else { return nil }
        let count = Int(fieldops_sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
}

extension Database {
    /// Steps `sql`, handing each row to `body` as a `ColumnReader`, which must not outlive the
    /// call. An error thrown by `body` stops the loop and is rethrown as is.
    public func forEachColumns(
        _ sql: String, _ arguments: StatementArguments = [], _ body: (ColumnReader) throws -> Void
    ) throws {
        var bodyError: (any Error)?
        try forEachStatementRow(sql, arguments) { statement throws(StoreError) in
            do {
                try body(ColumnReader(handle: statement.handle))
                return true
            } catch {
                bodyError = error
                return false
            }
        }
        if let bodyError { throw bodyError }
    }
}
