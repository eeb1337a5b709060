import FieldOpsCore
import FoundationEssentials

/// The interactive form of `jqc inspect fill` on a terminal.
///
/// The line mode of `jqc inspect fill` (pipes, dumb terminals, screen readers, `--line`).
///
/// Walks the template's fields in grid order (row, then column), showing section headings and
/// labels as they come, each input field with its label, required mark, help text, options and
/// current answer. It starts at the first unanswered field, so resuming continues where the
/// person stopped; `:goto`, `:next`, `:required` and `:review` move around. Every accepted
/// answer is written to the store at once, so quitting, end of input or Ctrl-C keeps
/// everything answered so far (a Ctrl-C loses only the line being typed).
struct FormFiller {
    let store: JQCStore
    let localID: String
    let schema: FormSchema
    let input: any PromptInput
    /// Prompts and the form go to stderr, as the core's prompts do, keeping stdout for results.
    let screen: TextStream
    let color: Bool

    /// How a fill ended.
    enum Ending: Equatable {
        case finished
        case quit
        case endOfInput
    }

    func run() throws -> Ending {
        let steps = schema.fieldsInGridOrder
        let inputs = Self.inputs(of: steps)
        screen.line(
            Style.bold.apply(
                "\(Noun.count(inputs.count, "field")); Enter keeps an answer, < goes back, - clears, ? helps, q saves and stops",
                enabled: color))
        screen.line(Style.dim.apply(":goto N|label|id:ID  :next (unanswered)  :required  :review", enabled: color))
        let values = (try? store.inspection(localID: localID)?.formData()) ?? [:]
        // Resuming continues at the first unanswered field rather than at field 1.
        var position = inputs.firstIndex { !(values[steps[$0].id]?.isAnswered(for: steps[$0]) ?? false) } ?? 0
        if position > 0 { screen.line("resuming at \(steps[inputs[position]].reference), the first unanswered field") }
        var shownUpTo = position > 0 ? inputs[position] - 1 : -1
        while position < inputs.count {
            let index = inputs[position]
            // Headings, labels and unsupported fields between the previous input and this one.
            if index > shownUpTo {
                for display in steps[(shownUpTo + 1)..<index] { showDisplay(display) }
                shownUpTo = index
            }
            let field = steps[index]
            switch try ask(field, of: inputs.count) {
            case .next: position += 1
            case .back: position = max(0, position - 1)
            case .jump(let target):
                position = target
                shownUpTo = inputs[target] - 1
            case .quit: return .quit
            case .endOfInput: return .endOfInput
            }
        }
        for display in steps.dropFirst(shownUpTo + 1) { showDisplay(display) }
        return .finished
    }

    /// Indices into `steps` (the schema's grid order) of the fields the form numbers: the
    /// field at `inputs[k]` is the one numbered k + 1, as the schema numbered them.
    private static func inputs(of steps: [FormField]) -> [Int] {
        steps.indices.filter { steps[$0].number != nil }
    }

    private enum Move {
        case next, back, quit, endOfInput
        case jump(Int)
    }

    /// Asks one field until it gets a valid answer or a navigation word.
    private func ask(_ field: FormField, of total: Int) throws -> Move {
        showField(field, of: total)
        while true {
            guard let line = try input.readLine(prompt: "> ") else { return .endOfInput }
            do {
                if let command = FormNavigation(line) {
                    if let target = try navigate(command, from: (field.number ?? 1) - 1) { return .jump(target) }
                    continue
                }
                switch try FieldPrompt.action(for: line, field: field) {
                case .keep: return .next
                case .back: return .back
                case .quit: return .quit
                case .help:
                    showHelp(field)
                case .clear:
                    try save(field, nil)
                    return .next
                case .answer(let value):
                    try save(field, value == .null ? nil : value)
                    return .next
                case .photo(let path):
                    let photo = try store.attachPhoto(inspectionLocalID: localID, fieldID: field.id, sourcePath: path)
                    screen.line("  attached \(photo.originalName ?? path) (\(photo.byteCount) bytes); uploaded by the next sync")
                    return .next
                case .editTable:
                    guard let move = try editTable(field, typed: nil) else { return .endOfInput }
                    return move
                }
            } catch let error as UserFacingError {
                screen.line(Style.red.apply("  " + error.summary, enabled: color))
                if let hint = error.hint { screen.line("  " + hint) }
            }
        }
    }

    /// The row-by-row table editor: one line per row, cells separated by `|`; Enter keeps a
    /// row, `-` removes it (open-ended tables), `.` finishes. Saved once the table is valid;
    /// when it is not, the rows typed are kept for the next try, never thrown away.
    private func editTable(_ field: FormField, typed: [[String]]?) throws -> Move? {
        var rows: [[String]] = typed ?? []
        if typed == nil, case .table(let current)? = try current(field) { rows = current }
        let columns = field.tableColumnCount
        if !field.colHeaders.isEmpty { screen.line("  columns: " + field.colHeaders.joined(separator: " | ")) }
        screen.line("  one line per row, cells separated by | · Enter keeps a row · - removes it · . finishes")
        let fixedRows = field.tableRows
        var r = 0
        while true {
            if let fixedRows, r >= fixedRows { break }
            let existing = r < rows.count ? rows[r].joined(separator: " | ") : ""
            let prompt = "  row \(r + 1)\(fixedRows.map { " of \($0)" } ?? "")\(existing.isEmpty ? "" : " [\(existing)]"): "
            guard let line = try input.readLine(prompt: prompt) else { return nil }
            let text = line.trimmingWhitespace()
            if text == "." || (fixedRows == nil && text.isEmpty && r >= rows.count) { break }
            if text.isEmpty {
                if r >= rows.count { rows.append(Array(repeating: "", count: columns ?? 1)) }
            } else if text == "-" {
                if fixedRows == nil, r < rows.count {
                    rows.remove(at: r)
                } else if r < rows.count {
                    rows[r] = Array(repeating: "", count: columns ?? 1)
                }
                if fixedRows == nil { continue }
            } else {
                var cells = FieldPrompt.tableRow(line)
                if let columns, cells.count < columns { cells += Array(repeating: "", count: columns - cells.count) }
                if r < rows.count { rows[r] = cells } else { rows.append(cells) }
            }
            r += 1
        }
        if let fixedRows, rows.count < fixedRows {
            rows += Array(repeating: Array(repeating: "", count: columns ?? 1), count: fixedRows - rows.count)
        }
        do {
            try save(field, try FieldValidator.validate(.table(rows), for: field))
            return .next
        } catch let error as UserFacingError {
            screen.line(Style.red.apply("  " + error.summary, enabled: color))
            screen.line("  the table was not saved; the rows typed are kept: fix them (Enter keeps a row)")
            return try editTable(field, typed: rows)
        }
    }

    // MARK: Navigation

    /// Carries out a `:` command typed at a prompt; the position to go to, or nil to ask the
    /// same field again (after `:review`, or a command that found nothing).
    private func navigate(_ command: FormNavigation, from position: Int) throws -> Int? {
        let steps = schema.fieldsInGridOrder
        let inputs = Self.inputs(of: steps)
        let values = try store.inspection(localID: localID)?.formData() ?? [:]
        let answered: (Int) -> Bool = { values[steps[inputs[$0]].id]?.isAnswered(for: steps[inputs[$0]]) ?? false }
        let order = Array(inputs.indices[(position + 1)...]) + Array(inputs.indices[...position])
        switch command {
        case .goto(let target):
            let lookup = schema.lookUp(target)
            if let number = lookup.firstMatch?.number { return number - 1 }
            if case .notFound(let why) = lookup { screen.line(Style.red.apply("  " + why, enabled: color)) }
        case .next, .required:
            let requiredOnly = command == .required
            if let found = order.first(where: { !answered($0) && (!requiredOnly || steps[inputs[$0]].required) }) { return found }
            screen.line(
                requiredOnly
                    ? "  every required field is answered: :review, then q and `fieldops jqc inspect submit \(localID)`"
                    : "  every field is answered")
        case .review:
            guard let inspection = try store.inspection(localID: localID) else { return nil }
            let card = InspectionCard(title: "Inspection \(localID)", badge: inspection.badge, facts: [], schema: schema, formData: values)
            screen.write(card.render(color: color, width: 100))
            let missing = FieldValidator.missingRequired(schema, values)
            let score = InspectionScore.provisional(schema: schema, formData: values).map { "score " + ScoreText.percent($0) }
            screen.line(
                ([
                    missing.isEmpty
                        ? "every required field is answered" : "still required: " + missing.references
                ] + [score].compactMap { $0 }).joined(separator: " · "))
        case .unknown(let word):
            screen.line(
                Style.red.apply(
                    "  unknown command :\(word); the commands are :goto N|label|id:ID, :next, :required, :review, :q", enabled: color)
            )
        }
        return nil
    }

    // MARK: Store

    private func current(_ field: FormField) throws -> FormValue? {
        try store.inspection(localID: localID)?.formData()[field.id]
    }

    private func save(_ field: FormField, _ value: FormValue?) throws {
        try store.updateFormData(localID: localID) { values in values[field.id] = value }
    }

    // MARK: Display

    private func showDisplay(_ field: FormField) {
        switch field.type {
        case .section:
            screen.line("")
            screen.line(Style.bold.apply("== " + (field.label.isEmpty ? field.textContent ?? "" : field.label) + " ==", enabled: color))
        case .label:
            let text = field.textContent ?? field.label
            if !text.isEmpty { screen.line(text) }
        case .unsupported:
            let why = field.defect.map { "the template field \($0)" } ?? "type \"\(field.type.name)\" is not supported"
            screen.line(Style.yellow.apply("(\(field.reference) is skipped: \(why); answer it in the web app)", enabled: color))
        default:
            break  // buttons: a terminal has none
        }
    }

    /// `4. Floor dry and clean *  (pass_fail: …)  [4 of 6]`: the field as the full-screen form
    /// and every message name it.
    private func showField(_ field: FormField, of total: Int) {
        let mark = field.required ? Style.red.apply(" *", enabled: color) : ""
        screen.line("")
        let hint = FieldPrompt.hint(for: field)
        let kind = hint == field.type.name ? hint : "\(field.type.name): \(hint)"
        let place = Style.dim.apply("  [\(field.number ?? 0) of \(total)]", enabled: color)
        screen.line(Style.bold.apply(field.reference, enabled: color) + mark + "  (\(kind))" + place)
        if let help = field.helpText, !help.isEmpty { screen.line("  " + Style.dim.apply(help, enabled: color)) }
        if field.type.usesOptions {
            for (n, option) in field.effectiveOptions.enumerated() { screen.line("  \(n + 1)) \(option.label)") }
        }
        let value = (try? current(field)) ?? nil
        if let value, value != .null {
            screen.line("  current: " + CardText.answer(value, field: field))
        } else if let placeholder = field.placeholder, !placeholder.isEmpty {
            screen.line("  e.g. " + placeholder)
        }
    }

    private func showHelp(_ field: FormField) {
        screen.line("  Enter keeps the current answer · < previous field · - clears · q saves and stops")
        screen.line(
            "  :goto N jumps to the field shown as N (or :goto a label, :goto id:ID) · :next next unanswered · :required next unanswered required · :review shows the inspection"
        )
        screen.line("  ←→ edit the line · ↑↓ recall earlier answers")
        switch field.type {
        case .radio, .select, .passFail: screen.line("  type an option's number or its text")
        case .checkboxGroup: screen.line("  type option numbers or texts separated by commas, e.g. 1,3")
        case .rating: screen.line("  type 1 to 5 (or *** for three stars); 0 clears the rating")
        case .table: screen.line("  type a row's cells separated by |; Enter keeps a row, - removes it, . finishes")
        case .image, .signature: screen.line("  type the path of a JPEG or PNG file; it is copied into the store")
        default: break
        }
    }
}
