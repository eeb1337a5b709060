import FieldOpsCore
import FoundationEssentials

/// An inspection template's `form_schema`: its fields in the order the server sent them.
///
/// The list order matters: the server scores in it, so `InspectionScore` walks `fields` as is;
/// the terminal walks `fieldsInGridOrder` (how the form looks on the 12-column grid).
public struct FormSchema: Sendable, Hashable {
    /// Every field, in schema-list order.
    public var fields: [FormField]

    public init(fields: [FormField]) {
        self.fields = fields
    }

    /// Decodes an already-parsed `form_schema` value.
    ///
    /// A schema sent as a JSON *string* holding the list (as a database column would keep it)
    /// is read too.
    public init(json: JSONValue) throws {
        self.init(fields: try FormSchema.fields(of: json))
    }

    /// Decodes `form_schema` JSON text.
    public init(jsonData: Data) throws {
        self.init(fields: try FormSchema.fields(of: FormSchema.parse(jsonData)))
    }

    private static func parse(_ data: Data) throws -> JSONValue {
        do {
            return try JSONValue(parsing: data, source: "form_schema")
        } catch {
            throw FormSchemaError.invalidJSON(error)
        }
    }

    private static func fields(of json: JSONValue) throws -> [FormField] {
        if case .string(let text) = json, text.first(where: { !$0.isWhitespace }) == "[" {
            return try fields(of: parse(Data(text.utf8)))
        }
        guard case .array(let items) = json else {
            throw FormSchemaError.notAList(found: json.kindWord)
        }
        return try items.enumerated().map { index, item in try FormField(json: item, index: index) }
    }

    /// The schema as JSON, each field exactly as it was received.
    public var json: JSONValue { .array(fields.map(\.json)) }

    /// Fields as the grid shows them: by row, then column, then `order`, then list position.
    /// Fields without a grid position come after positioned ones.
    public var fieldsInGridOrder: [FormField] {
        fields.sorted { a, b in
            let ka = (a.row ?? Int.max, a.col ?? Int.max, a.order ?? Int.max, a.index)
            let kb = (b.row ?? Int.max, b.col ?? Int.max, b.order ?? Int.max, b.index)
            return ka < kb
        }
    }

    /// The fields a person answers, in grid order.
    public var inputFields: [FormField] { fieldsInGridOrder.filter(\.isInput) }

    /// The first field whose key is `id` (a later duplicate id is shadowed, as on the server
    /// where both would read the same form-data key).
    public func field(withID id: String) -> FormField? {
        fields.first { !$0.id.isEmpty && $0.id == id }
    }

    /// Fields that could not be used as written (no id, no type, unknown type).
    public var unsupportedFields: [FormField] { fields.filter { $0.type.isUnsupported } }
}

extension FormSchema: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(json: try JSONValue(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
