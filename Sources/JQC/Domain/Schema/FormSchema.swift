import FieldOpsCore
import FoundationEssentials

/// An inspection template's `form_schema`: its fields in the order the server sent them.
///
/// The list order matters: the server scores in it, so `InspectionScore` walks `fields` as is;
/// the terminal walks `fieldsInGridOrder` (how the form looks on the 12-column grid).
///
/// The fields a person answers are numbered here, once, in grid order: `FormField.number` is
/// the number the full-screen form and line mode show beside a field, the number every message
/// names it by, and the number `g N`, `:goto N` and `--field N` read (`FormSchema+Naming`).
public struct FormSchema: Sendable, Hashable {
    /// Every field, in schema-list order, each input field carrying its `number`.
    public let fields: [FormField]
    /// Fields as the grid shows them: by row, then column, then `order`, then list position.
    /// Fields without a grid position come after positioned ones.
    public let fieldsInGridOrder: [FormField]
    /// The fields a person answers, in grid order: the form's field `n` is `inputFields[n - 1]`.
    public let inputFields: [FormField]

    public init(fields: [FormField]) {
        let order = Self.gridOrder(fields)
        var numbered = fields
        var inputs: [FormField] = []
        for offset in order {
            numbered[offset].number = nil
            guard numbered[offset].isAnswerable else { continue }
            numbered[offset].number = inputs.count + 1
            inputs.append(numbered[offset])
        }
        self.fields = numbered
        self.fieldsInGridOrder = order.map { numbered[$0] }
        self.inputFields = inputs
    }

    /// Offsets into `fields` in grid order. The offset itself breaks the last tie, so fields
    /// built without a list `index` still come out in one order every time.
    private static func gridOrder(_ fields: [FormField]) -> [Int] {
        fields.indices.sorted { a, b in
            let fa = fields[a]
            let fb = fields[b]
            let ka = (fa.row ?? Int.max, fa.col ?? Int.max, fa.order ?? Int.max, fa.index, a)
            let kb = (fb.row ?? Int.max, fb.col ?? Int.max, fb.order ?? Int.max, fb.index, b)
            return ka < kb
        }
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

    /// The first field whose key is `id` (a later duplicate id is shadowed, as on the server
    /// where both would read the same form-data key).
    public func field(withID id: String) -> FormField? {
        fields.first { !$0.id.isEmpty && $0.id == id }
    }

    /// Fields that could not be used as written (no id, no type, unknown type).
    public var unsupportedFields: [FormField] { fields.filter { $0.type.isUnsupported } }
}

extension FormSchema {
    /// Two schemas are equal when their fields are: the orders and numbers follow from them.
    public static func == (a: FormSchema, b: FormSchema) -> Bool { a.fields == b.fields }

    public func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

extension FormSchema: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(json: try JSONValue(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
