/// The kind of a form field, as the template's `type` names it.
///
/// An unknown type is kept as `.unsupported(name)`: the field is shown as unsupported and can
/// never be answered or scored, but the rest of the form works.
public enum FieldType: Sendable, Hashable, CustomStringConvertible {
    case text, email, textarea, number, date
    case checkbox, checkboxGroup, radio, select
    case rating, passFail
    case signature, image, table
    case section, label
    case buttonSubmit, buttonPrint, buttonEmail
    case unsupported(String)

    /// Every type the contract names, in the contract's order.
    public static let known: [FieldType] = [
        .text, .email, .textarea, .number, .date, .checkbox, .checkboxGroup, .radio, .select,
        .rating, .passFail, .signature, .image, .table, .section, .label,
        .buttonSubmit, .buttonPrint, .buttonEmail,
    ]

    /// Reads the template's spelling (`pass_fail`, `checkbox_group`); matching is exact, as
    /// the server's scoring compares the type string exactly.
    public init(name: String) {
        self = FieldType.known.first { $0.name == name } ?? .unsupported(name)
    }

    /// The template's spelling of this type.
    public var name: String {
        switch self {
        case .text: return "text"
        case .email: return "email"
        case .textarea: return "textarea"
        case .number: return "number"
        case .date: return "date"
        case .checkbox: return "checkbox"
        case .checkboxGroup: return "checkbox_group"
        case .radio: return "radio"
        case .select: return "select"
        case .rating: return "rating"
        case .passFail: return "pass_fail"
        case .signature: return "signature"
        case .image: return "image"
        case .table: return "table"
        case .section: return "section"
        case .label: return "label"
        case .buttonSubmit: return "button_submit"
        case .buttonPrint: return "button_print"
        case .buttonEmail: return "button_email"
        case .unsupported(let name): return name
        }
    }

    public var description: String { name }

    /// Whether a person answers this field (false for display-only, buttons and unsupported).
    public var isInput: Bool {
        switch self {
        case .section, .label, .buttonSubmit, .buttonPrint, .buttonEmail, .unsupported: return false
        default: return true
        }
    }

    /// Whether the field counts towards the inspection score (`rating checkbox radio pass_fail`).
    public var isScoreable: Bool {
        switch self {
        case .rating, .checkbox, .radio, .passFail: return true
        default: return false
        }
    }

    /// Whether the field's value is a photo path (server path or `local://` until uploaded).
    public var holdsPhoto: Bool { self == .image || self == .signature }

    /// Whether the field's answer is picked from `options`.
    public var usesOptions: Bool {
        switch self {
        case .radio, .select, .checkboxGroup, .passFail: return true
        default: return false
        }
    }

    /// Types that re-inspection always leaves blank (contract, "Re-inspection").
    public var isBlankedOnReinspection: Bool {
        switch self {
        case .rating, .passFail, .image, .signature: return true
        default: return false
        }
    }

    /// Whether this is one of the types the contract names.
    public var isUnsupported: Bool {
        if case .unsupported = self { return true }
        return false
    }
}
