/// Checks answers against their fields and brings them to the stored shape.
///
/// `validate` takes a `FormValue` (stored data, an interactive prompt); `value(from:for:)` takes
/// an answers-file input in its natural form. Both return the canonical value (the option's
/// own spelling, a normalised number) or throw an `AnswerError` naming the field id and label.
/// `.null` is accepted for every input field and means "clear this answer".
public enum FieldValidator {
    /// The canonical form of `value` for `field`, or an `AnswerError` saying what is wrong.
    public static func validate(_ value: FormValue, for field: FormField) throws -> FormValue {
        do {
            return try check(value, for: field)
        } catch let problem as AnswerProblem {
            throw AnswerError(problem)
        }
    }

    /// The input fields that are required and hold no answer, in grid order.
    ///
    /// An image or signature holding `local://…` counts as answered: the photo exists, it is
    /// only waiting for upload.
    public static func missingRequired(_ schema: FormSchema, _ formData: [String: FormValue]) -> [FormField] {
        schema.inputFields.filter { field in
            field.required && !(formData[field.id]?.isAnswered(for: field) ?? false)
        }
    }

    // MARK: - Checks per type

    static func check(_ value: FormValue, for field: FormField) throws -> FormValue {
        try requireInput(field)
        if value == .null { return .null }
        switch field.type {
        case .text, .textarea:
            return .text(try text(value, field))
        case .email:
            let s = try text(value, field)
            guard s.isEmpty || looksLikeEmail(s) else {
                throw AnswerProblem(field: field, message: "\"\(s)\" is not an email address")
            }
            return .text(s)
        case .number:
            return try number(value, field)
        case .date:
            let s = try text(value, field)
            guard s.isEmpty || JQCDate.isValidDay(s) else {
                throw AnswerProblem(field: field, message: "\"\(s)\" is not a date; write it as yyyy-MM-dd, e.g. 2026-05-01")
            }
            return .text(s)
        case .checkbox:
            switch value {
            case .bool(let b): return .checkbox(b)
            case .text("true"), .text("false"): return value
            default:
                throw AnswerProblem(field: field, message: "a checkbox takes true or false, got \(shown(value))")
            }
        case .checkboxGroup:
            guard case .list(let picked) = value else {
                throw AnswerProblem(field: field, message: "a checkbox group takes a list of options, got \(shown(value))")
            }
            var out: [String] = []
            for choice in picked {
                let option = try option(matching: choice, field)
                if !out.contains(option) { out.append(option) }
            }
            return .list(out)
        case .radio, .select, .passFail:
            let s = try text(value, field)
            if s.isEmpty { return .text("") }
            return .text(try option(matching: s, field))
        case .rating:
            return try rating(value, field)
        case .image, .signature:
            let s = try text(value, field)
            guard s.isEmpty || isPhotoReference(s) else {
                throw AnswerProblem(
                    field: field,
                    message: "\"\(s)\" is not an uploaded photo path; add a photo with `fieldops jqc inspect attach LOCAL_ID --field \(field.id) PHOTO`")
            }
            return .text(s)
        case .table:
            return try table(value, field)
        case .section, .label, .buttonSubmit, .buttonPrint, .buttonEmail, .unsupported:
            throw AnswerProblem(field: field, message: "takes no answer")
        }
    }

    static func requireInput(_ field: FormField) throws {
        switch field.type {
        case .section, .label:
            throw AnswerProblem(field: field, message: "is display-only (\(field.type.name)) and takes no answer")
        case .buttonSubmit, .buttonPrint, .buttonEmail:
            throw AnswerProblem(field: field, message: "is a button (\(field.type.name)) and takes no answer")
        case .unsupported(let name):
            let why = field.defect.map { "the template field \($0)" } ?? "type \"\(name)\" is not supported by fieldops"
            throw AnswerProblem(field: field, message: "cannot be answered: \(why); answer it in the web app")
        default:
            return
        }
    }

    static func text(_ value: FormValue, _ field: FormField) throws -> String {
        guard case .text(let s) = value else {
            throw AnswerProblem(field: field, message: "a \(field.type.name) field takes text, got \(shown(value))")
        }
        return s
    }

    static func number(_ value: FormValue, _ field: FormField) throws -> FormValue {
        switch value {
        case .number: return value
        case .text(let s) where FormValue.isBlank(s): return .text("")
        case .text(let s):
            guard let n = JSONNumber(typed: s) else {
                throw AnswerProblem(field: field, message: "\"\(s)\" is not a number")
            }
            return .number(n)
        default:
            throw AnswerProblem(field: field, message: "a number field takes a number, got \(shown(value))")
        }
    }

    static func rating(_ value: FormValue, _ field: FormField) throws -> FormValue {
        var n: JSONNumber?
        switch value {
        case .number(let x): n = x
        case .text(let s): n = JSONNumber(typed: s)
        default: n = nil
        }
        guard let stars = n?.integerValue, (0...5).contains(stars) else {
            throw AnswerProblem(field: field, message: "a rating is a whole number from 0 to 5 (0 = unanswered), got \(shown(value))")
        }
        return .rating(stars)
    }

    static func table(_ value: FormValue, _ field: FormField) throws -> FormValue {
        guard case .table(let rows) = value else {
            if case .list(let l) = value, l.isEmpty { return try table(.table([]), field) }
            throw AnswerProblem(field: field, message: "a table takes a list of rows, each a list of cells, got \(shown(value))")
        }
        let expectedRows = field.tableRows
        let expectedCols = field.tableColumnCount
        let badRow = rows.firstIndex { row in expectedCols.map { row.count != $0 } ?? false }
        if expectedRows.map({ rows.count != $0 }) ?? false || badRow != nil {
            let want = "\(expectedRows.map(String.init) ?? "any number of") rows × \(expectedCols.map(String.init) ?? "any number of") columns"
            let got = badRow.map { "row \($0 + 1) has \(rows[$0].count) cells" } ?? (rows.count == 1 ? "1 row" : "\(rows.count) rows")
            throw AnswerProblem(field: field, message: "the table must be \(want), got \(got)")
        }
        return .table(rows)
    }

    /// The option whose value (or label) matches `input` exactly, else ignoring case and
    /// surrounding spaces; the stored spelling is the option's value.
    static func option(matching input: String, _ field: FormField) throws -> String {
        let options = field.effectiveOptions
        // A choice field whose template lists no options cannot be checked; keep the text.
        if options.isEmpty { return input }
        if let exact = options.first(where: { $0.value == input }) { return exact.value }
        let folded = input.trimmingWhitespace().lowercased()
        if let loose = options.first(where: { $0.value.lowercased() == folded || $0.label.lowercased() == folded }) {
            return loose.value
        }
        let values = options.map(\.value)
        var message = "\"\(input)\" is not one of the options: " + values.map { "\"\($0)\"" }.joined(separator: ", ")
        if let guess = Suggestion.closest(to: input, among: values) {
            message += " — did you mean \"\(guess)\"?"
        }
        throw AnswerProblem(field: field, message: message)
    }

    /// A server photo path (`uploads/…`) or a photo waiting for upload (`local://<id>`).
    static func isPhotoReference(_ s: String) -> Bool {
        if s.hasPrefix(FormValue.localPhotoPrefix) { return s.count > FormValue.localPhotoPrefix.count }
        return s.hasPrefix("uploads/") && !s.contains("..") && !s.contains(where: \.isWhitespace)
    }

    /// Deliberately loose: one `@` with text on both sides and no spaces.
    static func looksLikeEmail(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && !s.contains(where: \.isWhitespace)
    }

    static func shown(_ value: FormValue) -> String {
        switch value {
        case .text(let s): return "\"\(s)\""
        case .number(let n): return n.lexeme
        case .bool(let b): return b ? "true" : "false"
        case .list: return "a list"
        case .table: return "a list of lists"
        case .null: return "null"
        case .other(let v): return v.kindDescription
        }
    }
}
