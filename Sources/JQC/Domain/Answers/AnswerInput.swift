import FieldOpsCore

/// An answer as a person wrote it in an answers file, before it is checked against its field.
///
/// Built from JSON here and from YAML by the configuration loader, so both formats share one
/// set of rules for natural forms (`true` for a checkbox, `4` for a rating, a list for a
/// checkbox group, a list of lists for a table).
public indirect enum AnswerInput: Sendable, Hashable {
    case string(String)
    /// A number exactly as written (`12.50`, `4`).
    case number(String)
    case bool(Bool)
    case null
    case list([AnswerInput])
    case map([String: AnswerInput])

    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n.lexeme)
        case .string(let s): self = .string(s)
        case .array(let items): self = .list(items.map(AnswerInput.init(json:)))
        case .object(let members):
            self = .map(Dictionary(members.map { ($0.key, AnswerInput(json: $0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// A short name of the kind, for error messages.
    public var kindDescription: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .list: return "a list"
        case .map: return "a mapping"
        }
    }

    /// A scalar written as text (`4`, `true`, `Pass`); nil for null, lists and mappings.
    public var scalarText: String? {
        switch self {
        case .string(let s): return s
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null, .list, .map: return nil
        }
    }
}
