/// `-o csv`, `-o ndjson` and `--fields`: the exact forms of a listing, made from the JSON a
/// command writes for `--json`, so every listing has them and numbers keep their exact text.
///
/// A listing is the command's JSON array (each element a record); any other JSON value is one
/// record. `--fields a,b.c` picks and orders fields by dotted path for every form, the table
/// included. CSV is RFC 4180: a header row, CRLF line ends, fields quoted when they hold a comma,
/// a quote or a line break; nested objects become dotted columns, arrays their JSON text, null
/// an empty field.
public struct StructuredOutput: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case json, ndjson, csv, table, plain
    }

    public var kind: Kind
    /// `--fields`, in the order given; nil for every field.
    public var fields: [String]?

    public init(kind: Kind, fields: [String]?) {
        self.kind = kind
        self.fields = fields
    }

    /// Whether a command's JSON is rewritten (`-o csv|ndjson`, `--fields`); otherwise JSON a
    /// command writes goes out as it always did.
    public var transformsJSON: Bool { kind == .csv || kind == .ndjson || fields != nil }

    /// From `--json`, `-o` and `--fields`; `terminal` decides the default (table or plain).
    public static func resolve(jsonFlag: Bool, output: String?, fields: String?, stdoutIsTerminal: Bool) -> StructuredOutput {
        let kind: Kind = jsonFlag ? .json : output.flatMap(Kind.init(rawValue:)) ?? (stdoutIsTerminal ? .table : .plain)
        let names = fields.map { $0.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty } }
        return StructuredOutput(kind: kind, fields: names)
    }

    // MARK: Rendering

    /// The bytes to print for `value` (what the command would print with `--json`).
    public func render(_ value: JSONValue, color: Bool = false, fit: TableFit? = nil) throws -> [UInt8] {
        var writer = StructuredWriter(self, color: color, fit: fit, stream: nil)
        try writer.write(Self.records(in: value))
        writer.finish()
        return writer.bytes
    }

    /// The records of a listing: a JSON array's elements; in an object whose only array member
    /// holds objects (`{"messages": [...], "pagination": {...}}`), that array; else the value itself.
    static func records(in value: JSONValue) -> [JSONValue] {
        if let array = value.arrayValue { return array }
        if let object = value.objectValue {
            let arrays = object.filter { $0.value.arrayValue != nil }
            if arrays.count == 1, let items = arrays[0].value.arrayValue, items.allSatisfy({ $0.objectValue != nil }) {
                return items
            }
        }
        return [value]
    }

    /// The records a `Table` shows, for a command that prints only a table: one record per row,
    /// keyed by the column titles.
    public static func records(of table: Table) -> JSONValue {
        .array(
            table.rows.map { row in
                .object(
                    JSONObject(
                        table.columns.enumerated().map { index, column in
                            (column.title, index < row.count ? .string(table.machineCell(row, index)) : .null)
                        }))
            })
    }

    // MARK: Fields

    /// The dotted paths of the records' fields, in first-seen order (nested objects flattened).
    static func columns(of records: [JSONValue], keepingObjects: Bool = false) -> [String] {
        var seen: [String] = []
        var known = Set<String>()
        func visit(_ object: JSONObject, prefix: String) {
            for member in object {
                let path = prefix + member.key
                if let child = member.value.objectValue, !child.isEmpty {
                    if keepingObjects, known.insert(path).inserted { seen.append(path) }
                    visit(child, prefix: path + ".")
                } else if known.insert(path).inserted {
                    seen.append(path)
                }
            }
        }
        for record in records {
            if let object = record.objectValue { visit(object, prefix: "") } else if known.insert("value").inserted { seen.append("value") }
        }
        return seen
    }

    /// The value at a dotted path; a key that itself contains dots is found whole first.
    static func value(at path: String, in record: JSONValue) -> JSONValue? {
        guard let object = record.objectValue else { return path == "value" ? record : nil }
        if let whole = object[path] { return whole }
        guard let dot = path.firstIndex(of: ".") else { return nil }
        guard let child = object[String(path[..<dot])] else { return nil }
        return value(at: String(path[path.index(after: dot)...]), in: child)
    }

    /// A field as text: strings raw, numbers by their exact lexeme, null empty, containers as JSON.
    static func cell(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .bool(let flag)?: return flag ? "true" : "false"
        case .number(let number)?: return number.description
        case let other?: return other.jsonString(.compact)
        }
    }

    static func csvLine(_ fields: [String]) -> String {
        fields.map { field in
            guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
            return "\"" + field.replacingEvery("\"", with: "\"\"") + "\""
        }.joined(separator: ",") + "\r\n"
    }
}
