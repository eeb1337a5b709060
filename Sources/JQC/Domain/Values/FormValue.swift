import FieldOpsCore

/// One answer in an inspection's `form_data`, in the JSON shape the contract fixes.
///
/// | field type | value |
/// |---|---|
/// | text, email, textarea, date, radio, select, pass_fail | `.text` (`""` = unanswered) |
/// | checkbox | `.text("true")` / `.text("false")`; `.bool` is accepted from server data |
/// | number, rating | `.number` (rating: integer 0–5, 0 = unanswered) |
/// | checkbox_group | `.list` |
/// | table | `.table` (rows × cols of strings) |
/// | image, signature | `.text` server path, or `local://<photo local id>` until uploaded |
///
/// Anything else the server sends is kept as `.other` so a round trip loses nothing.
public enum FormValue: Sendable, Hashable {
    case text(String)
    case number(JSONNumber)
    case bool(Bool)
    case list([String])
    case table([[String]])
    case null
    case other(JSONValue)

    /// The prefix of a photo reference that is not uploaded yet.
    public static let localPhotoPrefix = "local://"

    /// A checkbox answer, stored as the strings the server expects.
    public static func checkbox(_ checked: Bool) -> FormValue { .text(checked ? "true" : "false") }

    /// A rating answer (0 = unanswered).
    public static func rating(_ stars: Int) -> FormValue { .number(JSONNumber(stars)) }

    /// A photo taken on this device and not uploaded yet.
    public static func localPhoto(id: String) -> FormValue { .text(localPhotoPrefix + id) }

    /// Reads a value of server or stored `form_data`, choosing the narrowest case.
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .text(s)
        case .object: self = .other(json)
        case .array(let items):
            if let strings = FormValue.strings(items) {
                self = .list(strings)
            } else if let rows = FormValue.rows(items) {
                self = .table(rows)
            } else {
                self = .other(json)
            }
        }
    }

    private static func strings(_ items: [JSONValue]) -> [String]? {
        var out: [String] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard case .string(let s) = item else { return nil }
            out.append(s)
        }
        return out
    }

    private static func rows(_ items: [JSONValue]) -> [[String]]? {
        var out: [[String]] = []
        for item in items {
            guard case .array(let cells) = item, let row = strings(cells) else { return nil }
            out.append(row)
        }
        return out
    }

    /// The value as JSON.
    public var json: JSONValue {
        switch self {
        case .text(let s): return .string(s)
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .list(let l): return .array(l.map(JSONValue.string))
        case .table(let rows): return .array(rows.map { .array($0.map(JSONValue.string)) })
        case .null: return .null
        case .other(let v): return v
        }
    }

    /// The string when the value is text.
    public var text: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    /// The photo's local id when the value is a `local://` reference.
    public var localPhotoID: String? {
        guard let s = text, s.hasPrefix(FormValue.localPhotoPrefix) else { return nil }
        return String(s.dropFirst(FormValue.localPhotoPrefix.count))
    }

    /// How the value reads in a table or a prompt (`4`, `a, b`, `2 rows`).
    public var displayText: String {
        switch self {
        case .text(let s): return s
        case .number(let n): return n.lexeme
        case .bool(let b): return b ? "true" : "false"
        case .list(let l): return l.joined(separator: ", ")
        case .table(let rows): return rows.count == 1 ? "1 row" : "\(rows.count) rows"
        case .null: return ""
        case .other(let v): return v.withSortedKeys().jsonString()
        }
    }
}

extension FormValue: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(json: try JSONValue(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
