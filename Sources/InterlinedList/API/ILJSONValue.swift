/// Any JSON value, kept as the server sent it (list row cells, raw feed output for `--json`).
public enum ILJSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([ILJSONValue])
    case object([String: ILJSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ILJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ILJSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as one table cell: strings bare, `true`/`false`, numbers, nested values as JSON.
    public var cellText: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .double(let value): return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): return value
        case .array, .object:
            guard let data = try? ILJSON.encode(self) else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// The keys of this value and of every nested object (to check that a body is camelCase).
    public var allKeys: [String] {
        switch self {
        case .object(let members): return members.keys + members.values.flatMap(\.allKeys)
        case .array(let items): return items.flatMap(\.allKeys)
        default: return []
        }
    }
}
