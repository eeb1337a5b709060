import FieldOpsCore

/// What a person types to name a field: after `g` in the full-screen form, after `:goto` in
/// line mode, and as `--field` of `inspect attach` and `inspect sign`.
///
/// - A whole number is the number the form shows beside the field (`FormField.number`),
///   never a template id, so what is read on screen is what is typed.
/// - `id:ID` is the field whose template id is ID: the key of an answers file and of the
///   server's form data.
/// - Anything else is a label, ignoring case: the whole label first, then the template id as
///   written (`f_1712_q13`), then a label that starts with the text, then one that contains it.
public enum FieldName: Sendable, Equatable {
    case number(Int)
    case id(String)
    case text(String)

    /// How `id:ID` starts.
    public static let idPrefix = "id:"

    public init(_ typed: String) {
        let text = typed.trimmingWhitespace()
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Too many digits for an Int is still a number: one no form shows.
            self = .number(Int(text) ?? Int.max)
        } else if text.lowercased().hasPrefix(Self.idPrefix) {
            self = .id(String(text.dropFirst(Self.idPrefix.count)).trimmingWhitespace())
        } else {
            self = .text(text)
        }
    }
}

/// The fields a typed name found.
public enum FieldLookup: Sendable, Equatable {
    case found(FormField)
    /// Several fields answer to the name equally well, in grid order (a label prefix, or a
    /// label two fields share).
    case ambiguous([FormField])
    /// No field: why, in words that say what to type instead.
    case notFound(String)

    /// Where `g` and `:goto` go: the field found, or the first in the form of several.
    public var firstMatch: FormField? {
        switch self {
        case .found(let field): field
        case .ambiguous(let fields): fields.first
        case .notFound: nil
        }
    }
}

extension FormSchema {
    /// The field the form shows as number `number`.
    public func field(numbered number: Int) -> FormField? {
        number >= 1 && number <= inputFields.count ? inputFields[number - 1] : nil
    }

    /// The field a person means by `typed` (see `FieldName` for the rules).
    public func lookUp(_ typed: String) -> FieldLookup {
        switch FieldName(typed) {
        case .number(let number):
            if let field = field(numbered: number) { return .found(field) }
            var why = "no field \(typed.trimmingWhitespace()): \(numbersInUse)"
            // Someone used to template ids (an older fieldops, an answers file) is told the way.
            if let byID = field(withID: String(number)), byID.number != nil {
                why += "; the template's field id \(number) is \(byID.reference) (type \(byID.number ?? 0), or id:\(number))"
            }
            return .notFound(why)
        case .id(let id):
            if let field = field(withID: id) {
                return field.number != nil ? .found(field) : .notFound("\(field.reference) takes no answer")
            }
            return .notFound("no field has the template id \"\(id)\"")
        case .text(let text):
            let folded = text.lowercased()
            guard !folded.isEmpty else { return .notFound("say which field: \(howToName)") }
            let tiers: [(FormField) -> Bool] = [
                { $0.label.trimmingWhitespace().lowercased() == folded },
                { $0.id == text },
                { $0.label.lowercased().hasPrefix(folded) },
                { $0.label.lowercased().contains(folded) },
            ]
            for tier in tiers {
                let matches = inputFields.filter(tier)
                if matches.count == 1 { return .found(matches[0]) }
                if matches.count > 1 { return .ambiguous(matches) }
            }
            var why = "no field \"\(text)\": \(howToName)"
            if text.hasPrefix("#") { why += " (a template id is written id:\(text.dropFirst()))" }
            return .notFound(why)
        }
    }

    /// How to name a field of this form, for messages.
    public var howToName: String {
        inputFields.isEmpty
            ? "this form has no fields to answer"
            : "type the number shown beside it (1 to \(inputFields.count)), part of its label, or id: and its template id"
    }

    private var numbersInUse: String {
        switch inputFields.count {
        case 0: "this form has no fields to answer"
        case 1: "the form has one field, number 1"
        default: "the form numbers its fields 1 to \(inputFields.count)"
        }
    }
}

extension [FormField] {
    /// `4. Floor dry and clean, 7. Signature`: fields as every message lists them.
    public var references: String { map(\.reference).joined(separator: ", ") }
}
