import FieldOpsCore

/// Cell values as text and back: how `--set KEY=VALUE`, a CSV cell and `--where` become the JSON
/// the server stores, typed by the column (numbers as numbers, booleans as booleans).
public enum ILCell {
    /// A cell as a person reads it: strings bare, numbers as written, `true`/`false`, lists joined
    /// by commas, objects as JSON.
    public static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .string(let text): return text
        case .number(let number): return number.lexeme
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items) where items.allSatisfy({ $0.stringValue != nil }):
            return items.map(text).joined(separator: ",")
        case .array, .object: return value.jsonString()
        }
    }

    /// Why a typed value cannot go into `column` (nil when it is fine), in the server's words.
    public struct TypingError: Error, Equatable {
        public var message: String
    }

    /// How a column's cells are typed, decided once from its type name: an import types every
    /// cell of a column the same way, so the name need not be compared per cell.
    public enum Typing: Sendable, Equatable {
        case number, boolean, multiselect, text

        public init(_ column: ILColumn) {
            switch column.kind {
            case .number?: self = .number
            case .boolean?: self = .boolean
            case .multiselect?: self = .multiselect
            case .text?, .date?, .datetime?, .select?, .textarea?, .email?, .url?, .tel?, .priority?, nil: self = .text
            }
        }
    }

    /// The JSON value for `text` typed into `column`: numbers and booleans parsed, multiselect
    /// split on commas, the rest kept as text (the server validates dates and emails as text).
    /// An empty text is nil: the key is left out, as an empty form field is.
    public static func typed(_ text: String, for column: ILColumn?) throws(TypingError) -> JSONValue? {
        guard let column else { return text.isEmpty ? nil : .string(text) }
        return try typed(text, as: Typing(column), label: column.label)
    }

    /// `typed(_:for:)` with the column's typing already decided; `label` names it in errors.
    public static func typed(_ text: String, as typing: Typing, label: String) throws(TypingError) -> JSONValue? {
        guard !text.isEmpty else { return nil }
        switch typing {
        case .number:
            let trimmed = text.trimmingSpaces()
            guard let number = JSONNumber(lexeme: trimmed) ?? Double(trimmed).flatMap({ $0.isFinite ? JSONNumber($0) : nil }) else {
                throw TypingError(message: "\(label) must be a valid number")
            }
            return .number(number)
        case .boolean:
            switch text.trimmingSpaces().lowercased() {
            case "true", "yes", "y", "1", "on", "x", "done": return .bool(true)
            case "false", "no", "n", "0", "off": return .bool(false)
            default: throw TypingError(message: "\(label) must be true or false")
            }
        case .multiselect:
            let parts = text.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            return .array(parts.map { .string($0) })
        case .text:
            return .string(text)
        }
    }

    /// Whether two cells are equal for `--where`: numbers by value, everything else by its text.
    public static func matches(_ value: JSONValue?, _ wanted: String) -> Bool {
        guard let value else { return wanted.isEmpty }
        if case .number(let number) = value, let left = number.double, let right = Double(wanted) { return left == right }
        return text(value) == wanted
    }
}
