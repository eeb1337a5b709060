import FoundationEssentials

extension JSONValue {
    /// Encodes `value` with Foundation's `JSONEncoder` and reads the result back losslessly.
    ///
    /// A convenience for building request bodies from typed values; keys come out in the
    /// order `JSONEncoder` writes them (sorted here, so bodies are stable between runs).
    public init(encoding value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self = try JSONValue(parsing: try encoder.encode(value))
    }

    /// Decodes this document into a `Decodable` type through Foundation's `JSONDecoder`.
    ///
    /// Numbers pass through their original lexeme, so a `UInt64` field reads back exactly.
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: jsonData())
    }
}

// MARK: Codable

/// Lets typed models hold an arbitrary JSON value (a template's schema, an unknown answer).
///
/// A `Decoder` hands over values, not lexemes: integers come through exactly, other numbers as
/// the nearest `Double` (`1.50` reads as `1.5`), and object members in key order because the
/// decoder's own order is unspecified. Use `JSONValue(parsing:)` when the exact text matters.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int.self) {
            self = .number(JSONNumber(integer))
        } else if let double = try? container.decode(Double.self), let number = JSONNumber(double) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            let members = try container.decode([String: JSONValue].self)
            self = .object(JSONObject(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            var container = encoder.container(keyedBy: MemberKey.self)
            for member in object.members {
                try container.encode(member.value, forKey: MemberKey(member.key))
            }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let bool): try container.encode(bool)
            case .number(let number):
                // An `Encoder` cannot take a raw lexeme: integers go exactly, the rest as the
                // nearest double.
                if let integer = Int(number.lexeme) {
                    try container.encode(integer)
                } else {
                    try container.encode(number.double ?? .nan)
                }
            case .string(let string): try container.encode(string)
            case .array(let array): try container.encode(array)
            case .object: break
            }
        }
    }

    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
