internal import CSQLite
import FoundationEssentials

/// A prepared statement, owned by one `Database` and finalized in `deinit`.
///
/// Statements are cached by SQL text and reused; `isBusy` marks one that is being stepped so a
/// query run from inside a row loop over the same SQL gets its own statement instead of
/// resetting the outer one.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    /// Column names, read once after preparation and shared by every row.
    let columnNames: [String]
    let parameterCount: Int
    var isBusy = false

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
        let columnCount = Int(fieldops_sqlite3_column_count(handle))
        columnNames = (0..<columnCount).map { String(cString: fieldops_sqlite3_column_name(handle, Int32($0))) }
        parameterCount = Int(fieldops_sqlite3_bind_parameter_count(handle))
    }

    deinit {
        fieldops_sqlite3_finalize(handle)
    }

    /// Binds one value to the 1-based parameter `index`; returns SQLite's result code.
    func bind(_ value: SQLValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return fieldops_sqlite3_bind_null(handle, index)
        case .integer(let integer):
            return fieldops_sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            return fieldops_sqlite3_bind_double(handle, index, real)
        case .text(let text):
            // A nil pointer would bind NULL, so an empty string needs a real (empty) buffer.
            var text = text
            return text.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    if let base = chars.baseAddress {
                        return fieldops_sqlite3_bind_text_transient(handle, index, base, Int32(chars.count))
                    }
                    return fieldops_sqlite3_bind_text_transient(handle, index, "", 0)
                }
            }
        case .blob(let data):
            if data.isEmpty { return fieldops_sqlite3_bind_zeroblob(handle, index, 0) }
            return data.withUnsafeBytes { raw in
                fieldops_sqlite3_bind_blob_transient(handle, index, raw.baseAddress, Int32(raw.count))
            }
        }
    }

    /// The value of column `index` of the current row.
    func column(_ index: Int32) -> SQLValue {
        switch fieldops_sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(fieldops_sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(fieldops_sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            guard let text = fieldops_sqlite3_column_text(handle, index) else { return .text("") }
            let count = Int(fieldops_sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(fieldops_sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = fieldops_sqlite3_column_blob(handle, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }

    /// The current row, materialised.
    func row(storePath: String) -> Row {
        var values: [SQLValue] = []
        values.reserveCapacity(columnNames.count)
        for index in 0..<Int32(columnNames.count) { values.append(column(index)) }
        return Row(columnNames: columnNames, values: values, storePath: storePath)
    }

    /// Makes the statement ready for its next use and drops references to bound buffers.
    func reset() {
        fieldops_sqlite3_reset(handle)
        fieldops_sqlite3_clear_bindings(handle)
        isBusy = false
    }
}
