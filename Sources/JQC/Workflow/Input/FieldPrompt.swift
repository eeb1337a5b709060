import FoundationEssentials

/// What a person typed at one field's prompt, read for that field's type.
///
/// Every field takes the same navigation words: Enter keeps the current answer, `<` goes back,
/// `-` clears, `?` shows help, `q` saves and stops. Anything else is an answer: an option's
/// number or text, `y`/`n` for a checkbox, 0–5 for a rating, a date, a number, a file path for
/// a photo field. Answers are checked by the domain's `FieldValidator`, so the interactive form
/// and answers files accept exactly the same values.
enum FieldPrompt {
    enum Action: Equatable {
        case keep
        case back
        case clear
        case help
        case quit
        case answer(FormValue)
        /// An image or signature field: the photo file to attach.
        case photo(path: String)
        /// A table field: edit it row by row.
        case editTable
    }

    /// Reads `line` for `field`; throws an `AnswerError` that names the field when the text is
    /// not a valid answer.
    static func action(for line: String, field: FormField, today: () -> String = { JQCDate.formatDay(Date()) }) throws -> Action {
        let text = line.trimmingWhitespace()
        switch text {
        case "": return .keep
        case "<": return .back
        case "-": return .clear
        case "?": return .help
        case "q", ":q": return .quit
        default: break
        }
        switch field.type {
        case .radio, .select, .passFail:
            return .answer(try FieldValidator.validate(.text(pick(text, field)), for: field))
        case .checkboxGroup:
            let picks = text.split(separator: ",").map { pick(String($0).trimmingWhitespace(), field) }
            return .answer(try FieldValidator.validate(.list(picks), for: field))
        case .checkbox:
            return .answer(try FieldValidator.value(from: .string(text), for: field))
        case .rating:
            let stars = text.filter { $0 == "*" || $0 == "★" }.count
            let typed = stars > 0 && stars == text.count ? String(stars) : text
            let value = try FieldValidator.validate(.text(typed), for: field)
            return value == .rating(0) ? .clear : .answer(value)
        case .date:
            return .answer(try FieldValidator.validate(.text(text.lowercased() == "today" ? today() : text), for: field))
        case .number:
            return .answer(try FieldValidator.validate(.text(text), for: field))
        case .image, .signature:
            return .photo(path: PathCompletion.expandingTilde(text))
        case .table:
            return .editTable
        default:
            return .answer(try FieldValidator.validate(.text(line), for: field))
        }
    }

    /// An option's number (1-based, as listed) becomes its value; other text is left for the
    /// validator to match against the options.
    static func pick(_ text: String, _ field: FormField) -> String {
        let options = field.effectiveOptions
        if let n = Int(text), n >= 1, n <= options.count { return options[n - 1].value }
        return text
    }

    /// The input hint shown after the label: `[1-3]`, `[y/n]`, `[0-5]`, `[yyyy-MM-dd]`.
    static func hint(for field: FormField) -> String {
        switch field.type {
        case .radio, .select, .passFail: return "number or text"
        case .checkboxGroup: return "numbers or texts, comma-separated"
        case .checkbox: return "y/n"
        case .rating: return "0-5 stars, 0 clears"
        case .date: return "yyyy-MM-dd or today"
        case .number: return "number"
        case .email: return "email"
        case .text, .textarea: return field.type.name
        case .image, .signature: return "path of a JPEG or PNG"
        case .table: return "e edits the rows, Enter keeps them"
        default: return field.type.name
        }
    }

    /// Reads one table row typed as cells separated by `|`.
    static func tableRow(_ line: String) -> [String] {
        line.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
    }
}
