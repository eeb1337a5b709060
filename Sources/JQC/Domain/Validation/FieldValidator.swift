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
                    message:
                        "\"\(s)\" is not an uploaded photo path; add a photo with `fieldops jqc inspect attach LOCAL_ID --field \(field.argument) PHOTO`"
                )
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
}
