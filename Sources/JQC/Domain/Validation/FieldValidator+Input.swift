import FieldOpsCore

extension FieldValidator {
    /// The stored value for an answers-file input, read in its natural form and validated.
    ///
    /// Natural forms: text fields take any scalar (`12` becomes `"12"`); checkbox takes a
    /// boolean or `yes/no/on/off/1/0`; rating and number take numbers or numeric strings;
    /// checkbox_group takes a list, or one string (an option, or options separated by commas);
    /// table takes a list of rows, each a list of scalars (`null` cells become `""`); `null`
    /// clears any answer.
    public static func value(from input: AnswerInput, for field: FormField) throws -> FormValue {
        do {
            return try check(try convert(input, for: field), for: field)
        } catch let problem as AnswerProblem {
            throw AnswerError(problem)
        }
    }

    static func convert(_ input: AnswerInput, for field: FormField) throws -> FormValue {
        try requireInput(field)
        if input == .null { return .null }
        switch field.type {
        case .number, .rating:
            switch input {
            case .number(let lexeme):
                guard let n = JSONNumber(typed: lexeme) else {
                    throw AnswerProblem(field: field, message: "\"\(lexeme)\" is not a number")
                }
                return .number(n)
            case .string(let s):
                return .text(s)
            default:
                throw wrongKind(input, field, expected: field.type == .rating ? "a whole number from 0 to 5" : "a number")
            }
        case .checkbox:
            if case .bool(let b) = input { return .checkbox(b) }
            guard let s = input.scalarText?.trimmingWhitespace().lowercased() else {
                throw wrongKind(input, field, expected: "true or false")
            }
            if ["true", "yes", "y", "on", "1"].contains(s) { return .checkbox(true) }
            if ["false", "no", "n", "off", "0"].contains(s) { return .checkbox(false) }
            throw AnswerProblem(field: field, message: "a checkbox takes true or false, got \"\(input.scalarText ?? "")\"")
        case .checkboxGroup:
            switch input {
            case .list(let items):
                return .list(
                    try items.map { item in
                        guard let s = item.scalarText else { throw wrongKind(item, field, expected: "a list of options") }
                        return s
                    })
            case .string(let s):
                if field.effectiveOptions.contains(where: { $0.value.lowercased() == s.trimmingWhitespace().lowercased() }) {
                    return .list([s])
                }
                return .list(s.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty })
            default:
                throw wrongKind(input, field, expected: "a list of options")
            }
        case .table:
            guard case .list(let rows) = input else { throw wrongKind(input, field, expected: "a list of rows") }
            var table: [[String]] = []
            for (r, row) in rows.enumerated() {
                guard case .list(let cells) = row else {
                    throw AnswerProblem(field: field, message: "table row \(r + 1) must be a list of cells, got \(row.kindDescription)")
                }
                table.append(
                    try cells.enumerated().map { c, cell in
                        if cell == .null { return "" }
                        guard let s = cell.scalarText else {
                            throw AnswerProblem(
                                field: field,
                                message: "table cell at row \(r + 1), column \(c + 1) must be text, got \(cell.kindDescription)")
                        }
                        return s
                    })
            }
            return .table(table)
        case .image, .signature:
            guard let s = input.scalarText else { throw wrongKind(input, field, expected: "an uploaded photo path") }
            // A `local://` reference exists only because `inspect attach` copied a photo into the
            // store; one in an answers file is made up, would satisfy "required", and go up as "".
            if s.trimmingWhitespace().hasPrefix(FormValue.localPhotoPrefix) {
                throw AnswerProblem(
                    field: field,
                    message:
                        "\"\(s)\" cannot come from an answers file: photos and signatures are added with `fieldops jqc inspect attach LOCAL_ID --field \(field.argument) PHOTO`"
                )
            }
            return .text(s)
        default:
            guard let s = input.scalarText else { throw wrongKind(input, field, expected: "text") }
            return .text(s)
        }
    }

    static func wrongKind(_ input: AnswerInput, _ field: FormField, expected: String) -> AnswerProblem {
        let got: String
        switch input {
        case .string(let s): got = "\"\(s)\""
        case .number(let n): got = n
        case .bool(let b): got = b ? "true" : "false"
        default: got = input.kindDescription
        }
        return AnswerProblem(field: field, message: "a \(field.type.name) field takes \(expected), got \(got)")
    }
}
