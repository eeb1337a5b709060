/// One result row: values by column index or name.
///
/// Rows are plain values (`Sendable`), detached from the statement that produced them.
public struct Row: Sendable, Equatable {
    public let columnNames: [String]
    public let values: [SQLValue]
    /// The store the row came from, so conversion errors can name it.
    public let storePath: String

    public init(columnNames: [String], values: [SQLValue], storePath: String = ":memory:") {
        self.columnNames = columnNames
        self.values = values
        self.storePath = storePath
    }

    public var count: Int { values.count }

    /// The value of column `index`; the index must be below `count`.
    public subscript(index: Int) -> SQLValue { values[index] }

    /// The value of the column called `name` (exact match first, then case-insensitive, as
    /// SQLite matches names), or nil when the row has no such column.
    public subscript(name: String) -> SQLValue? {
        columnIndex(name).map { values[$0] }
    }

    public func columnIndex(_ name: String) -> Int? {
        if let exact = columnNames.firstIndex(of: name) { return exact }
        let lowered = name.lowercased()
        return columnNames.firstIndex { $0.lowercased() == lowered }
    }

    /// The column `name` converted to `T`; an error names the column when it is missing or
    /// holds another type. Ask for an `Optional` type to accept `NULL`.
    public func decode<T: DatabaseValueConvertible>(_ name: String, as type: T.Type = T.self) throws(StoreError) -> T {
        guard let index = columnIndex(name) else {
            throw StoreError(
                kind: .misuse, message: "no column \"\(name)\" in the row (columns: \(columnNames.joined(separator: ", ")))",
                path: storePath)
        }
        return try decode(index, as: type)
    }

    /// The column at `index` converted to `T`.
    public func decode<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type = T.self) throws(StoreError) -> T {
        guard values.indices.contains(index) else {
            throw StoreError(kind: .misuse, message: "no column \(index) in a row of \(values.count)", path: storePath)
        }
        guard let value = T(sqlValue: values[index]) else {
            let name = columnNames.indices.contains(index) ? columnNames[index] : "\(index)"
            throw StoreError(
                kind: .conversion, message: "column \"\(name)\" holds \(values[index].storageClass), not \(T.self)", path: storePath)
        }
        return value
    }
}
