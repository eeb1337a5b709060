import FieldOpsCore

/// The inspection score exactly as the server's `_compute_score_from_form` computes it.
///
/// Scoreable fields are `rating`, `checkbox`, `radio` and `pass_fail`, walked in schema-list
/// order as the server does, so the floating-point sum is the same to the last bit. The score
/// is `round(earned / total * 100, 2)` with Python's rounding, or nil when nothing counted.
///
/// What counts follows the server's code (and `Tests/Emulators/jqc_score.py`, its independent
/// python rendering), not a literal reading of "answered":
/// - checkbox and radio present in the schema always count one possible point: the server
///   reads a missing or blank value as a fail. A checkbox earns it on `"true"` or JSON `true`;
///   a radio on a string whose lowercase is one of `pass yes ok good acceptable compliant`;
/// - pass_fail counts only when its value is a non-empty string, earning on the same words;
/// - rating counts only when its value is a whole number 1–5 (JSON `4` or `4.0`), earning
///   `value / 5`; 0, fractions, out-of-range numbers, strings and booleans are unanswered.
///
/// The form-data key is the schema `id` as the server's `str()` makes it: a string as is (even
/// `""`), an integer in decimal; any other id (missing, fractional, boolean) is never scored.
public enum InspectionScore {
    /// The answers that earn a full point on a radio or pass_fail field (compared lowercased).
    public static let passWords: Set<String> = ["pass", "yes", "ok", "good", "acceptable", "compliant"]

    /// The score in percent with two decimals, or nil when no scoreable field counts.
    public static func compute(schema: FormSchema, formData: [String: FormValue]) -> Double? {
        var earned = 0.0
        var total = 0
        for field in schema.fields {
            guard let type = scoredType(of: field), let key = serverKey(of: field) else { continue }
            let value = formData[key]
            switch type {
            case .rating:
                guard let stars = value.flatMap(ratingStars) else { continue }
                earned += Double(stars) / 5
            case .checkbox:
                if value == .text("true") || value == .bool(true) { earned += 1 }
            case .radio:
                if isPassWord(value) { earned += 1 }
            case .passFail:
                guard case .text(let s)? = value, !s.isEmpty else { continue }
                if isPassWord(value) { earned += 1 }
            default:
                continue
            }
            total += 1
        }
        guard total > 0 else { return nil }
        return PythonRounding.round(earned / Double(total) * 100, digits: 2)
    }

    /// The score as a person filling the form sees it: the server's formula, but none while no
    /// scoreable field is answered (the server would count blank checkboxes and radios as
    /// fails and show 0% for a form nobody has touched).
    public static func provisional(schema: FormSchema, formData: [String: FormValue]) -> Double? {
        let touched = schema.inputFields.contains { field in
            field.isScoreable && (formData[field.id]?.isAnswered(for: field) ?? false)
        }
        return touched ? compute(schema: schema, formData: formData) : nil
    }

    /// The field's type as the server compares it: the template's `type` string exactly.
    ///
    /// A field whose id is unusable is kept by the domain as unsupported, yet the server still
    /// scores it when its id is `""`; so the type is read from the field as received.
    static func scoredType(of field: FormField) -> FieldType? {
        let type: FieldType
        if let name = field.raw["type"]?.stringValue {
            type = FieldType(name: name)
        } else if field.raw == .null {
            type = field.type
        } else {
            return nil
        }
        return type.isScoreable ? type : nil
    }

    /// The form-data key the server reads for the field, or nil when it cannot read one.
    static func serverKey(of field: FormField) -> String? {
        guard field.raw != .null else { return field.id.isEmpty ? nil : field.id }
        switch field.raw["id"] {
        case .string(let s)?:
            return s
        case .number(let n)?:
            // Python's json makes an integer only of a lexeme without fraction or exponent;
            // `5.0` is a float id, which the server's str() never matches.
            let digits = n.lexeme.hasPrefix("-") ? n.lexeme.dropFirst() : Substring(n.lexeme)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
            return n.lexeme == "-0" ? "0" : n.lexeme
        default:
            return nil
        }
    }

    /// Stars 1–5 when the value is a whole JSON number in range; nil means unanswered.
    static func ratingStars(_ value: FormValue) -> Int? {
        guard case .number(let n) = value else { return nil }
        guard let d = n.double, d.isFinite, d.rounded() == d, d >= 1, d <= 5 else { return nil }
        return Int(d)
    }

    static func isPassWord(_ value: FormValue?) -> Bool {
        guard case .text(let s)? = value else { return false }
        return passWords.contains(s.lowercased())
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
