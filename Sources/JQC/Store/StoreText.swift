import FieldOpsCore
import FoundationEssentials

/// How the JQC store writes values SQLite has no type for: dates as the API's UTC text,
/// string lists as JSON arrays, enumerations as their raw values.
enum StoreText {
    static func now() -> String { JQCDate.format(Date()) }

    static func text(_ date: Date) -> String { JQCDate.format(date) }

    static func date(_ row: Row, _ column: String) throws -> Date {
        let text: String = try row.decode(column)
        guard let date = JQCDate.parse(text) else {
            throw StoreError(kind: .conversion, message: "column \"\(column)\" holds \"\(text)\", not a date", path: row.storePath)
        }
        return date
    }

    static func optionalDate(_ row: Row, _ column: String) throws -> Date? {
        guard let text: String = try row.decode(column) else { return nil }
        guard let date = JQCDate.parse(text) else {
            throw StoreError(kind: .conversion, message: "column \"\(column)\" holds \"\(text)\", not a date", path: row.storePath)
        }
        return date
    }

    static func enumeration<T: RawRepresentable>(_ row: Row, _ column: String) throws -> T where T.RawValue == String {
        let text: String = try row.decode(column)
        guard let value = T(rawValue: text) else {
            throw StoreError(kind: .conversion, message: "column \"\(column)\" holds unknown value \"\(text)\"", path: row.storePath)
        }
        return value
    }

    static func stringList(_ text: String) -> [String] {
        guard let value = try? JSONValue(parsing: text), let items = value.arrayValue else { return [] }
        return items.compactMap(\.stringValue)
    }

    static func listText(_ items: [String]) -> String {
        JSONValue.array(items.map { .string($0) }).jsonString()
    }
}
