/// The inspection score exactly as the server's `_compute_score_from_form` computes it.
///
/// Scoreable fields are `rating`, `checkbox`, `radio` and `pass_fail`. Each *answered* one
/// adds 1 to the possible total and its earned share; the score is
/// `round(earned / total * 100, 2)` with Python's rounding, or nil when nothing scoreable was
/// answered. Fields are walked in schema-list order, as the server does, so the floating-point
/// sum is the same to the last bit.
///
/// "Answered" (the contract's words, read literally):
/// - a value is *present* when the key exists and is neither `null` nor `""`;
/// - rating: a present JSON number (not a boolean) other than 0, earning `value / 5`;
/// - checkbox: any present value; passes when it is `"true"` or JSON `true`;
/// - radio, pass_fail: any present value; passes when it is a string whose lowercase is one of
///   `pass yes ok good acceptable compliant`.
/// A field without an id (kept as unsupported) is never scored, nor is any unknown type.
public enum InspectionScore {
    /// The answers that earn a full point on a radio or pass_fail field (compared lowercased).
    public static let passWords: Set<String> = ["pass", "yes", "ok", "good", "acceptable", "compliant"]

    /// The score in percent with two decimals, or nil when no scoreable field is answered.
    public static func compute(schema: FormSchema, formData: [String: FormValue]) -> Double? {
        var earned = 0.0
        var total = 0.0
        for field in schema.fields where field.isScoreable && !field.id.isEmpty {
            guard let value = formData[field.id], isPresent(value) else { continue }
            switch field.type {
            case .rating:
                guard case .number(let n) = value else { continue }
                let stars = n.doubleValue
                guard stars != 0 else { continue }
                earned += stars / 5
            case .checkbox:
                if value == .text("true") || value == .bool(true) { earned += 1 }
            case .radio, .passFail:
                if case .text(let s) = value, passWords.contains(s.lowercased()) { earned += 1 }
            default:
                continue
            }
            total += 1
        }
        guard total > 0 else { return nil }
        return PythonRounding.round(earned / total * 100, digits: 2)
    }

    private static func isPresent(_ value: FormValue) -> Bool {
        switch value {
        case .null: return false
        case .text(let s): return !s.isEmpty
        default: return true
        }
    }
}
