import FieldOpsCore

/// One column of a list as the server enforces it: a `ListProperty` read back from
/// `GET /api/lists/{id}`, with the rules `validateFormData` applies to it.
public struct ILColumn: Sendable, Equatable {
    /// The field types of the server's schema DSL (`lib/lists/dsl-types.ts`), by name. Typing a
    /// cell (`ILCell.Typing`), checking it (`ILRowValidator`) and the hints switch over these, so
    /// a new type is a compile error in each place until it is handled.
    public enum Kind: String, Sendable, CaseIterable {
        case text, number, date, datetime, boolean, select, multiselect, textarea, email, url, tel, priority

        /// Whether the non-destructive schema route (`PUT {properties}`) accepts the type.
        public var isEditableInPlace: Bool {
            switch self {
            case .text, .number, .boolean, .date, .url, .email: return true
            case .datetime, .select, .multiselect, .textarea, .tel, .priority: return false
            }
        }
    }

    /// The type names, in the server's order.
    public static let types = Kind.allCases.map(\.rawValue)
    /// The only types the non-destructive schema route (`PUT {properties}`) accepts.
    public static let editableTypes = Set(Kind.allCases.filter(\.isEditableInPlace).map(\.rawValue))

    public var id: String?
    public var key: String
    public var label: String
    /// The server's type name; an unknown one is kept and validated as free text.
    public var type: String
    public var displayOrder: Int
    public var isRequired: Bool
    public var isVisible: Bool
    /// `validationRules` (`options` included, merged there by the server).
    public var rules: JSONObject
    /// `{field, operator, value}`, or nil when the column is always shown.
    public var visibility: JSONObject?

    public init(
        id: String? = nil, key: String, label: String, type: String, displayOrder: Int, isRequired: Bool = false,
        isVisible: Bool = true, rules: JSONObject = JSONObject(), visibility: JSONObject? = nil
    ) {
        self.id = id
        self.key = key
        self.label = label
        self.type = type
        self.displayOrder = displayOrder
        self.isRequired = isRequired
        self.isVisible = isVisible
        self.rules = rules
        self.visibility = visibility
    }

    public init(_ property: ILList.Property, index: Int) {
        self.init(
            id: property.id, key: property.propertyKey, label: property.propertyName ?? property.propertyKey,
            type: property.propertyType ?? "text", displayOrder: property.displayOrder ?? index,
            isRequired: property.isRequired == true, isVisible: property.isVisible != false,
            rules: property.validationRules?.objectValue ?? JSONObject(),
            visibility: property.visibilityCondition?.objectValue)
    }

    /// The list's columns in display order (ties keep the server's order).
    public static func of(_ list: ILList) -> [ILColumn] {
        let columns = (list.properties ?? []).enumerated().map { ILColumn($0.element, index: $0.offset) }
        return columns.enumerated().sorted { left, right in
            left.element.displayOrder != right.element.displayOrder
                ? left.element.displayOrder < right.element.displayOrder : left.offset < right.offset
        }.map(\.element)
    }

    /// The column's type, or nil for a name this version does not know (kept as it is, and
    /// validated as free text).
    public var kind: Kind? { Kind(rawValue: type) }

    /// The allowed values of a select, multiselect or priority column (empty: anything goes).
    public var options: [JSONValue] { rules["options"]?.arrayValue ?? [] }

    /// The options as people type them.
    public var optionTexts: [String] { options.map(ILCell.text) }
}
