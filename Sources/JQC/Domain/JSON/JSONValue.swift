import Foundation

/// Any JSON value, with numbers kept as their exact text.
///
/// Foundation's `JSONSerialization` cannot tell `true` from `1` on Linux and `JSONDecoder`
/// turns `5.0` into `5` and refuses `1e400`, so schema and form data go through this type and
/// its own small parser (`JSONValue.parse`) instead.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short name of the value's JSON type, for error messages ("a number", "a list").
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }

    /// The string when this is a JSON string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The member `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

// MARK: - Bridging from Foundation

extension JSONValue {
    /// Converts what `JSONSerialization.jsonObject` returned (already-decoded JSON) into a value.
    ///
    /// Booleans are told apart from numbers by their class, because on Linux `NSNumber(1) is
    /// Bool` is true. Returns nil for anything that is not a JSON type.
    public init?(foundationObject object: Any) {
        switch object {
        case is NSNull:
            self = .null
        case let s as String:
            self = .string(s)
        case let n as NSNumber:
            if type(of: n) == type(of: NSNumber(value: true)) {
                self = .bool(n.boolValue)
            } else if let lexeme = JSONValue.lexeme(of: n) {
                self = .number(lexeme)
            } else {
                return nil
            }
        case let list as [Any]:
            var out: [JSONValue] = []
            out.reserveCapacity(list.count)
            for element in list {
                guard let v = JSONValue(foundationObject: element) else { return nil }
                out.append(v)
            }
            self = .array(out)
        case let dict as [String: Any]:
            var out: [String: JSONValue] = [:]
            for (key, element) in dict {
                guard let v = JSONValue(foundationObject: element) else { return nil }
                out[key] = v
            }
            self = .object(out)
        default:
            return nil
        }
    }

    private static func lexeme(of n: NSNumber) -> JSONNumber? {
        let d = n.doubleValue
        if d.rounded() == d, abs(d) < 9.0e15 {
            return JSONNumber(n.intValue)
        }
        guard d.isFinite else { return nil }
        return JSONNumber(lexeme: "\(d)")
    }
}

// MARK: - Codable

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int.self), let exact = JSONNumber(lexeme: String(i)) {
            self = .number(exact)
        } else if let d = try? c.decode(Double.self), d.isFinite, let n = JSONNumber(lexeme: "\(d)") {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n):
            // JSONEncoder cannot write a raw lexeme; integers go exactly, the rest as the
            // nearest double, which is what the server's Python parser keeps anyway.
            if let i = Int(n.lexeme) { try c.encode(i) } else { try c.encode(n.doubleValue) }
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}
