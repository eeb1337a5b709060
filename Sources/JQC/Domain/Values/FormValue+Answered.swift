import FieldOpsCore

extension FormValue {
    /// Whether the value holds an answer for `field` (what "required" checks).
    ///
    /// - text-like, date, radio, select, pass_fail, image, signature: a non-blank string
    ///   (an image or signature with `local://…` counts: the photo is taken, only not uploaded);
    /// - number: any number, or a non-blank string;
    /// - checkbox: `"true"` or `"false"` (or a JSON boolean): unticked is an answer, the
    ///   server scores it as a fail;
    /// - checkbox_group: at least one choice; table: at least one non-blank cell;
    /// - rating: a number other than 0 (0 = unanswered);
    /// - display-only and unsupported fields are never answered.
    public func isAnswered(for field: FormField) -> Bool {
        switch field.type {
        case .section, .label, .buttonSubmit, .buttonPrint, .buttonEmail, .unsupported:
            return false
        case .checkbox:
            switch self {
            case .bool: return true
            case .text(let s): return s == "true" || s == "false"
            default: return false
            }
        case .rating:
            if case .number(let n) = self { return n.double != 0 }
            return false
        case .number:
            switch self {
            case .number: return true
            case .text(let s): return !FormValue.isBlank(s)
            default: return false
            }
        case .checkboxGroup:
            if case .list(let l) = self { return !l.isEmpty }
            return false
        case .table:
            if case .table(let rows) = self { return rows.contains { $0.contains { !FormValue.isBlank($0) } } }
            return false
        case .text, .email, .textarea, .date, .radio, .select, .passFail, .image, .signature:
            if case .text(let s) = self { return !FormValue.isBlank(s) }
            return false
        }
    }

    static func isBlank(_ s: String) -> Bool {
        s.allSatisfy { $0.isWhitespace }
    }
}
