import FieldOpsCore

/// One field of an inspection template's `form_schema`.
public struct FormField: Sendable, Hashable {
    /// The form-data key: the schema `id` in its string form (`5` → `"5"`). Empty when the
    /// schema gave no usable id; such a field is then `.unsupported` (see `FormSchema`).
    public var id: String
    public var type: FieldType
    public var label: String
    public var placeholder: String?
    public var required: Bool
    public var helpText: String?
    /// As listed in the template; empty when the template lists none.
    public var options: [FieldOption]
    /// Position on the 12-column grid (absent in hand-written or older templates).
    public var col: Int?
    public var row: Int?
    public var colSpan: Int?
    public var rowSpan: Int?
    public var order: Int?
    /// Table extras: rows × cols of the value, and the column headings.
    public var tableRows: Int?
    public var tableCols: Int?
    public var colHeaders: [String]
    /// Section/label extras.
    public var textContent: String?
    public var fontSize: String?
    public var fontWeight: String?
    /// Button extra (buttons are ignored by a terminal client).
    public var buttonLabel: String?
    /// Position of the field in the schema list (the server scores in this order).
    public var index: Int
    /// The number the form shows beside the field, 1 for the first field a person answers in
    /// grid order; nil for sections, labels, buttons and fields that cannot be answered. Only
    /// `FormSchema` numbers fields, so a field built on its own has none.
    public internal(set) var number: Int?
    /// Why the field could not be used as written, e.g. "has no id"; nil for a sound field.
    public var defect: String?
    /// The field object exactly as the template sent it, so re-encoding loses nothing.
    public var raw: JSONValue

    public init(
        id: String, type: FieldType, label: String = "", placeholder: String? = nil,
        required: Bool = false, helpText: String? = nil, options: [FieldOption] = [],
        col: Int? = nil, row: Int? = nil, colSpan: Int? = nil, rowSpan: Int? = nil, order: Int? = nil,
        tableRows: Int? = nil, tableCols: Int? = nil, colHeaders: [String] = [],
        textContent: String? = nil, fontSize: String? = nil, fontWeight: String? = nil,
        buttonLabel: String? = nil, index: Int = 0, defect: String? = nil, raw: JSONValue = .null
    ) {
        self.id = id
        self.type = type
        self.label = label
        self.placeholder = placeholder
        self.required = required
        self.helpText = helpText
        self.options = options
        self.col = col
        self.row = row
        self.colSpan = colSpan
        self.rowSpan = rowSpan
        self.order = order
        self.tableRows = tableRows
        self.tableCols = tableCols
        self.colHeaders = colHeaders
        self.textContent = textContent
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.buttonLabel = buttonLabel
        self.index = index
        self.defect = defect
        self.raw = raw
    }

    /// Whether a person answers this field.
    public var isInput: Bool { type.isInput }

    /// Whether the form numbers the field and takes an answer for it: an input with a
    /// form-data key to keep the answer under.
    public var isAnswerable: Bool { isInput && !id.isEmpty }

    /// Whether the field counts towards the score.
    public var isScoreable: Bool { type.isScoreable }

    /// The options a person may pick from: the template's, or for `pass_fail` the defaults
    /// `Pass`, `Fail`, `N/A` when the template lists none.
    public var effectiveOptions: [FieldOption] {
        if options.isEmpty, type == .passFail { return FieldOption.passFailDefaults }
        return options
    }

    /// The column count of a table value: `table_cols`, else the number of headings.
    public var tableColumnCount: Int? {
        tableCols ?? (colHeaders.isEmpty ? nil : colHeaders.count)
    }

    /// What the field is called: its label, else its text, else its template id.
    public var name: String {
        let label = label.trimmingWhitespace()
        if !label.isEmpty { return label }
        if let text = textContent?.trimmingWhitespace(), !text.isEmpty { return text }
        return id.isEmpty ? "unnamed field" : "field id:\(id)"
    }

    /// How to name the field after `--field`: its number, or `id:ID` when the form shows none.
    public var argument: String { number.map(String.init) ?? FieldName.idPrefix + id }

    /// How the form, its messages and every command name the field: `4. Floor dry and clean`,
    /// the number shown beside it on screen and its name. A field the form does not number (a
    /// section, or one it cannot show) is named by its template id instead:
    /// `"Lobby" (template field id:9)`, or by its list position when it has no id.
    public var reference: String {
        if let number { return "\(number). \(name)" }
        let place = id.isEmpty ? "the template's field #\(index + 1), which has no id" : "template field id:\(id)"
        return "\"\(name)\" (\(place))"
    }
}
