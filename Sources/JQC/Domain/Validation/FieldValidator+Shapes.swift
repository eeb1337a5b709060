import FieldOpsCore

/// The checks of one value shape each: text, numbers, ratings, tables, options, photo paths.
extension FieldValidator {
    static func text(_ value: FormValue, _ field: FormField) throws -> String {
        guard case .text(let s) = value else {
            throw AnswerProblem(field: field, message: "a \(field.type.name) field takes text, got \(shown(value))")
        }
        return s
    }

    static func number(_ value: FormValue, _ field: FormField) throws -> FormValue {
        switch value {
        case .number(let n): return .number(try finite(n, field))
        case .text(let s) where FormValue.isBlank(s): return .text("")
        case .text(let s):
            guard let n = JSONNumber(typed: s) else {
                throw AnswerProblem(field: field, message: "\"\(s)\" is not a number")
            }
            return .number(try finite(n, field))
        default:
            throw AnswerProblem(field: field, message: "a number field takes a number, got \(shown(value))")
        }
    }

    /// A number the server can store: a double, so `1e309` (infinity there) is refused here,
    /// naming the field, rather than saved and failing every later `show --json` and sync.
    static func finite(_ number: JSONNumber, _ field: FormField) throws -> JSONNumber {
        guard let value = number.double, value.isFinite else {
            throw AnswerProblem(field: field, message: "\(number.lexeme) is beyond the numbers the server stores (about ±1.8e308)")
        }
        return number
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
            let want =
                "\(expectedRows.map(String.init) ?? "any number of") rows × \(expectedCols.map(String.init) ?? "any number of") columns"
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
        if let guess = Suggestions.closest(to: input, in: values, ignoringCase: true, tolerance: .phrase) {
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
        case .other(let v): return v.kindWord
        }
    }
}
