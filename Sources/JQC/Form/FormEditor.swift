import FieldOpsCore
import FoundationEssentials

/// The full-screen form's state and what each key does to it, apart from the terminal.
///
/// The editor holds the answers as the store has them, the field in focus and what is being
/// typed there. A key returns an `Effect` for the runner to carry out against the store
/// (save a value, attach a photo, draw a signature, open `$EDITOR`, submit, leave); the runner
/// then hands the stored answers back with `stored(_:)`. Keeping the terminal out makes every
/// key testable in-process and lets the bench time a redraw without a pty.
struct FormEditor: Sendable {
    enum Effect: Sendable, Equatable {
        case none
        case save(fieldID: String, FormValue?)
        /// What is typed in the focused field, saved as it is typed: its answer (nil while the
        /// text is empty or does not validate yet) and, when the text is not exactly that
        /// answer, the text itself (`JQCStore.saveAnswer`).
        case saveTyping(fieldID: String, FormValue?, typed: String?)
        case attach(fieldID: String, path: String)
        case sign(fieldID: String)
        case editExternally(fieldID: String, text: String)
        case submit
        case quit
    }

    enum Mode: Sendable, Equatable {
        case form
        /// `g`: the field number or label being typed.
        case jump(TextBuffer)
        /// A select field's popup: the filter typed and the highlighted option.
        case popup(filter: TextBuffer, highlighted: Int)
        /// `i`: the sections, one highlighted.
        case sections(highlighted: Int)
        /// `s`: the whole inspection, the required fields still empty, one highlighted.
        case review(highlighted: Int, confirming: Bool)
        case help
    }

    enum Tone: Sendable, Equatable { case info, problem }

    let title: String
    let schema: FormSchema
    /// Every item in grid order (sections and labels included).
    let items: [FormField]
    /// Indices into `items` of the fields a person answers, in grid order: `inputs[k]` is the
    /// field the schema numbered k + 1 (`FormField.number`), so `focus` + 1 is the number shown.
    let inputs: [Int]
    private(set) var values: [String: FormValue]
    /// Index into `inputs`.
    private(set) var focus = 0
    var mode: Mode = .form
    /// What is typed in the focused text-like field or table cell, when it differs from nothing.
    private(set) var buffer = TextBuffer()
    /// The highlighted option of a radio, pass/fail or checkbox-group field.
    private(set) var choice = 0
    private(set) var cell = (row: 0, column: 0)
    /// A message for the person (a validation problem as they type, what was saved).
    private(set) var message: (text: String, tone: Tone)?
    /// Esc was pressed in a text field: the next letter is a command.
    private var commandPending = false
    private(set) var savedState = "saved"
    /// Text typed in the focused field (or table cell) since the store last had it.
    private(set) var typingUnsaved = false
    /// The text the store keeps for the focused field beside its answer (see `saveTyping`).
    private var storedTyped: String?
    private(set) var width: Int
    private(set) var height: Int
    private(set) var layout: FormLayout
    private(set) var scroll = 0
    /// The inspection as `inspect show` renders it, for the review screen (set by the runner).
    var reviewLines: [String] = []

    /// `typed`: text the store kept for a field the form was left in (killed mid-typing); the
    /// cursor opens there, with that text, rather than on the first unanswered field.
    init(title: String, schema: FormSchema, values: [String: FormValue], width: Int, height: Int, typed: JQCStore.TypedText? = nil) {
        self.title = title
        self.schema = schema
        let items = schema.fieldsInGridOrder
        self.items = items
        self.inputs = items.indices.filter { items[$0].number != nil }
        self.values = values
        self.width = width
        self.height = height
        self.layout = FormLayout(items: items, width: width, values: values)
        // Resuming continues where the person stopped: the first unanswered field.
        focus = inputs.firstIndex { !isAnswered(items[$0]) } ?? 0
        if let typed, let position = inputs.firstIndex(where: { items[$0].id == typed.fieldID }), items[inputs[position]].type.isTyped {
            focus = position
            enterField()
            buffer = TextBuffer(typed.text)
            storedTyped = typed.text
            updateTypingMessage()
        } else {
            enterField()
        }
    }

    // MARK: Facts

    var focusedField: FormField? { inputs.isEmpty ? nil : items[inputs[focus]] }

    func isAnswered(_ field: FormField) -> Bool { values[field.id]?.isAnswered(for: field) ?? false }

    var answeredCount: Int { inputs.filter { isAnswered(items[$0]) }.count }

    var requiredLeft: [FormField] { FieldValidator.missingRequired(schema, values) }

    /// The live score exactly as the server computes it; nil while nothing scoreable is answered.
    var score: Double? { InspectionScore.provisional(schema: schema, formData: values) }

    /// Whether keys typed on the focused field are text (so letters are not commands).
    var focusTakesText: Bool {
        switch focusedField?.type {
        case .text?, .email?, .number?, .date?, .textarea?, .image?, .signature?, .table?: return true
        default: return false
        }
    }

    // MARK: Answers from the store

    /// The answers as stored after the runner carried out an effect.
    mutating func stored(_ values: [String: FormValue], note: String? = nil) {
        self.values = values
        savedState = "saved"
        relayout()
        if let note { message = (note, .info) }
    }

    /// The focused field's text as stored (after `$EDITOR` changed it behind the editor).
    mutating func reloadFocusedField() { enterField() }

    /// The runner could not carry out the effect: the person is told, nothing moves on.
    mutating func failed(_ error: any Error) {
        // The hint too: the message line is all the form shows of an error.
        let text = (error as? UserFacingError).map { $0.summary + ($0.hint.map { ": \($0)" } ?? "") } ?? error.summaryText
        message = (text, .problem)
        if savedState == "saving" { savedState = "not saved" }
    }

    mutating func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        relayout()
    }

    private mutating func relayout() {
        layout = FormLayout(items: items, width: width, values: values)
        keepFocusVisible()
    }

    /// Rows of the screen the form itself may use (title above; help and status below).
    var viewportHeight: Int { max(1, height - 3) }

    private mutating func keepFocusVisible() {
        guard !inputs.isEmpty, let (cell, y) = layout.cell(of: inputs[focus]) else { return }
        var top = y
        // Show the section heading above the first field of a section.
        if let row = layout.rows.firstIndex(where: { $0.y == y }), row > 0, items[layout.rows[row - 1].cells[0].item].type == .section {
            top = layout.rows[row - 1].y
        }
        if top < scroll { scroll = top }
        if y + cell.height > scroll + viewportHeight { scroll = y + cell.height - viewportHeight }
        scroll = max(0, min(scroll, max(0, layout.totalHeight - viewportHeight)))
        if y < scroll { scroll = y }
    }

    // MARK: Keys

    mutating func handle(_ key: FormKey) -> Effect {
        if key == .resize { return .none }
        switch mode {
        case .form: break
        case .jump(var typed): return handleJump(key, &typed)
        case .popup(var filter, let highlighted): return handlePopup(key, &filter, highlighted)
        case .sections(let highlighted): return handleSections(key, highlighted)
        case .review(let highlighted, let confirming): return handleReview(key, highlighted, confirming)
        case .help:
            mode = .form
            return .none
        }
        if commandPending {
            commandPending = false
            if case .character(let c) = key, let effect = command(c) { return effect }
        }
        if case .escape(let next) = key {
            guard let next else {
                commandPending = focusTakesText
                message =
                    focusTakesText ? ("command: g go to · n next empty · r next required · s review · i sections · q quit", .info) : nil
                return .none
            }
            if let effect = command(next) { return effect }
            return .none
        }
        // Moving between fields works on every field.
        switch key {
        case .tab: return move(by: 1)
        case .backTab: return move(by: -1)
        case .pageDown: return page(1)
        case .pageUp: return page(-1)
        default: break
        }
        if case .character(let c) = key, !focusTakesText, let effect = command(c) { return effect }
        return handleField(key)
    }

    /// The single-letter commands (after Esc in a text field).
    private mutating func command(_ letter: Character) -> Effect? {
        switch letter {
        case "q": return leave(then: .quit)
        case "g":
            mode = .jump(TextBuffer())
            return Effect.none
        case "n": return jumpToNextEmpty(requiredOnly: false)
        case "r": return jumpToNextEmpty(requiredOnly: true)
        case "s": return openReview()
        case "i":
            let sections = sectionStarts
            guard !sections.isEmpty else {
                message = ("this template has no sections", .info)
                return Effect.none
            }
            let current = sections.lastIndex { $0.firstInput <= focus } ?? 0
            mode = .sections(highlighted: current)
            return Effect.none
        case "?":
            mode = .help
            return Effect.none
        default: return nil
        }
    }

    // MARK: Moving

    /// Leaves the focused field (saving what was typed there) and focuses `position`. A value
    /// that does not validate keeps the person on its field, saying why.
    mutating func focus(on position: Int) -> Effect {
        guard !inputs.isEmpty else { return .none }
        guard let effect = commitTyping() else { return .none }
        focus = max(0, min(inputs.count - 1, position))
        message = nil
        enterField()
        keepFocusVisible()
        return effect
    }

    private mutating func move(by step: Int) -> Effect {
        focus(on: focus + step)
    }

    private mutating func page(_ direction: Int) -> Effect {
        guard let (_, y) = layout.cell(of: inputs[focus]) else { return .none }
        let targetY = y + direction * viewportHeight
        let positions = direction > 0 ? Array(inputs.indices) : Array(inputs.indices.reversed())
        let target =
            positions.first { p in
                guard let (_, py) = layout.cell(of: inputs[p]) else { return false }
                return direction > 0 ? py >= targetY : py <= targetY
            } ?? (direction > 0 ? inputs.count - 1 : 0)
        return focus(on: target)
    }

    private mutating func jumpToNextEmpty(requiredOnly: Bool) -> Effect {
        let order = Array(inputs.indices[(focus + 1)...]) + Array(inputs.indices[...focus])
        guard
            let target = order.first(where: { p in
                let field = items[inputs[p]]
                return !isAnswered(field) && (!requiredOnly || field.required)
            })
        else {
            message = (requiredOnly ? "every required field is answered: s reviews and submits" : "every field is answered", .info)
            return .none
        }
        return focus(on: target)
    }

    /// Where each section starts: its title and the first input after it.
    var sectionStarts: [(title: String, firstInput: Int)] {
        var out: [(String, Int)] = []
        for (index, item) in items.enumerated() where item.type == .section {
            guard let first = inputs.firstIndex(where: { $0 > index }) else { continue }
            out.append((item.label.isEmpty ? item.textContent ?? "Section" : item.label, first))
        }
        return out
    }

    // MARK: Typing into the focused field

    /// Sets up the focused field's editing state from its stored value.
    private mutating func enterField() {
        guard let field = focusedField else { return }
        let value = values[field.id]
        choice = 0
        cell = (0, 0)
        typingUnsaved = false
        storedTyped = nil
        switch field.type {
        case .text, .email, .date, .textarea: buffer = TextBuffer(value?.text ?? "")
        case .number: buffer = TextBuffer(value.map { $0 == .null ? "" : $0.displayText } ?? "")
        case .image, .signature: buffer = TextBuffer()
        case .radio, .passFail, .select:
            choice = field.effectiveOptions.firstIndex { $0.value == value?.text } ?? 0
        case .table: buffer = TextBuffer(tableRows(field)[safe: 0]?[safe: 0] ?? "")
        default: buffer = TextBuffer()
        }
    }

    /// What is wrong with the text typed so far, shown as the person types.
    var typingProblem: String? {
        guard let field = focusedField, mode == .form else { return nil }
        switch field.type {
        case .text, .email, .number, .date, .textarea:
            var text = buffer.text.trimmingWhitespace()
            if text.isEmpty { return nil }
            if field.type == .date, text.lowercased() == "today" { text = JQCDate.formatDay(Date()) }
            do {
                _ = try FieldValidator.validate(.text(field.type == .textarea || field.type == .text ? buffer.text : text), for: field)
                return nil
            } catch let error as UserFacingError {
                return error.summary
            } catch {
                return error.summaryText
            }
        default:
            return nil
        }
    }

    /// Saves what was typed in the focused text-like field when it differs from the store;
    /// nil when the text is not a valid answer (the problem is in `message`).
    private mutating func commitTyping() -> Effect? {
        guard let field = focusedField else { return Effect.none }
        switch field.type {
        case .text, .email, .number, .date, .textarea:
            let stored = values[field.id]
            guard buffer.text != answerText(field) else {
                typingUnsaved = false
                // The store still keeps other text typed here (not flushed since): it goes.
                return storedTyped == nil ? Effect.none : .saveTyping(fieldID: field.id, stored, typed: nil)
            }
            if buffer.text.trimmingWhitespace().isEmpty {
                typingUnsaved = false
                return stored == nil && storedTyped == nil ? Effect.none : .save(fieldID: field.id, nil)
            }
            if let problem = typingProblem {
                message = (problem, .problem)
                return nil
            }
            var typed = field.type == .text || field.type == .textarea ? buffer.text : buffer.text.trimmingWhitespace()
            if field.type == .date, typed.lowercased() == "today" { typed = JQCDate.formatDay(Date()) }
            do {
                let value = try FieldValidator.validate(.text(typed), for: field)
                savedState = "saving"
                typingUnsaved = false
                return .save(fieldID: field.id, value)
            } catch {
                failed(error)
                return nil
            }
        case .table:
            return commitCell(field)
        default:
            return Effect.none
        }
    }

    /// The stored answer of a text-like field as its text (what `enterField` shows).
    private func answerText(_ field: FormField) -> String {
        let stored = values[field.id]
        return field.type == .number ? stored.map { $0 == .null ? "" : $0.displayText } ?? "" : stored?.text ?? ""
    }

    /// What is typed in the focused field since the store last had it, as a save: the answer
    /// when the text validates (nil when empty or not valid yet) and the text itself when it
    /// is not exactly that answer. The runner calls it when typing pauses, at most a quarter
    /// of a second after the first unsaved key, and when the form is interrupted.
    mutating func typingToSave() -> Effect {
        guard typingUnsaved, let field = focusedField else { return .none }
        typingUnsaved = false
        switch field.type {
        case .text, .email, .number, .date, .textarea:
            var value: FormValue?
            if !buffer.text.trimmingWhitespace().isEmpty, typingProblem == nil {
                var typed = field.type == .text || field.type == .textarea ? buffer.text : buffer.text.trimmingWhitespace()
                if field.type == .date, typed.lowercased() == "today" { typed = JQCDate.formatDay(Date()) }
                value = try? FieldValidator.validate(.text(typed), for: field)
            }
            let keep: String? =
                buffer.text.trimmingWhitespace().isEmpty || (value != nil && buffer.text == Self.text(of: value, for: field))
                ? nil : buffer.text
            guard value != values[field.id] || keep != storedTyped else { return .none }
            storedTyped = keep
            savedState = "saving"
            return .saveTyping(fieldID: field.id, value, typed: keep)
        case .table:
            return commitCell(field) ?? .none
        default:
            return .none
        }
    }

    private static func text(of value: FormValue?, for field: FormField) -> String {
        field.type == .number ? value.map { $0 == .null ? "" : $0.displayText } ?? "" : value?.text ?? ""
    }

    /// What typed text is still to be saved when the form is interrupted (Ctrl-C, SIGTERM):
    /// all of it, a value that does not validate yet kept as text.
    mutating func saveBeforeInterruption() -> Effect {
        typingToSave()
    }

    /// Before leaving: what is typed is saved first (a bad value keeps the person on the field).
    private mutating func leave(then effect: Effect) -> Effect {
        guard let commit = commitTyping() else { return .none }
        if commit != .none {
            pendingAfterSave = effect
            return commit
        }
        return effect
    }

    /// An effect to carry out once the save the runner is doing has succeeded (quit after save).
    var pendingAfterSave: Effect?

    // MARK: Review

    private mutating func openReview() -> Effect {
        guard let commit = commitTyping() else { return .none }
        mode = .review(highlighted: 0, confirming: false)
        return commit
    }

    private mutating func handleReview(_ key: FormKey, _ highlighted: Int, _ confirming: Bool) -> Effect {
        let missing = requiredLeft
        if confirming {
            mode = .review(highlighted: highlighted, confirming: false)
            if key == .character("y") { return .submit }
            message = ("not submitted", .info)
            return .none
        }
        switch key {
        case .up: mode = .review(highlighted: max(0, highlighted - 1), confirming: false)
        case .down: mode = .review(highlighted: min(max(0, missing.count - 1), highlighted + 1), confirming: false)
        case .enter:
            mode = .form
            guard highlighted < missing.count, let number = missing[highlighted].number else { return .none }
            return focus(on: number - 1)
        case .character("x"), .character("S"):
            guard missing.isEmpty else {
                message = (
                    "cannot submit: \(missing.count) required field\(missing.count == 1 ? " is" : "s are") empty (Enter jumps to one)",
                    .problem
                )
                return .none
            }
            mode = .review(highlighted: highlighted, confirming: true)
        case .character("q"), .escape(_), .character("s"), .backspace:
            mode = .form
        default: break
        }
        return .none
    }

    // MARK: Jump, sections, popup

    private mutating func handleJump(_ key: FormKey, _ typed: inout TextBuffer) -> Effect {
        switch key {
        case .enter:
            mode = .form
            let lookup = schema.lookUp(typed.text)
            if let number = lookup.firstMatch?.number { return focus(on: number - 1) }
            if case .notFound(let why) = lookup { message = (why, .problem) }
            return .none
        case .escape(_):
            mode = .form
            return .none
        default:
            edit(&typed, key)
            mode = .jump(typed)
            return .none
        }
    }

    private mutating func handleSections(_ key: FormKey, _ highlighted: Int) -> Effect {
        let sections = sectionStarts
        switch key {
        case .up: mode = .sections(highlighted: max(0, highlighted - 1))
        case .down: mode = .sections(highlighted: min(sections.count - 1, highlighted + 1))
        case .enter:
            mode = .form
            if highlighted < sections.count { return focus(on: sections[highlighted].firstInput) }
        default: mode = .form
        }
        return .none
    }

    /// The options of a select popup that match the filter typed.
    func popupOptions(_ filter: String) -> [FieldOption] {
        let options = focusedField?.effectiveOptions ?? []
        let f = filter.lowercased()
        guard !f.isEmpty else { return options }
        // Options starting with what was typed come first, then those containing it.
        let starting = options.filter { $0.label.lowercased().hasPrefix(f) || $0.value.lowercased().hasPrefix(f) }
        return starting
            + options.filter { !starting.contains($0) && ($0.label.lowercased().contains(f) || $0.value.lowercased().contains(f)) }
    }

    private mutating func handlePopup(_ key: FormKey, _ filter: inout TextBuffer, _ highlighted: Int) -> Effect {
        let shown = popupOptions(filter.text)
        switch key {
        case .up: mode = .popup(filter: filter, highlighted: max(0, highlighted - 1))
        case .down: mode = .popup(filter: filter, highlighted: min(max(0, shown.count - 1), highlighted + 1))
        case .escape(_): mode = .form
        case .enter, .tab:
            mode = .form
            guard let field = focusedField, highlighted < shown.count else { return .none }
            choice = field.effectiveOptions.firstIndex(of: shown[highlighted]) ?? 0
            return save(field, .text(shown[highlighted].value))
        default:
            edit(&filter, key)
            mode = .popup(filter: filter, highlighted: 0)
        }
        return .none
    }

    // MARK: Per-type keys

    private mutating func handleField(_ key: FormKey) -> Effect {
        guard let field = focusedField else { return key == .character("q") ? .quit : .none }
        switch field.type {
        case .text, .email, .number, .date:
            switch key {
            case .enter, .down: return move(by: 1)
            case .up: return move(by: -1)
            default:
                typed(key)
                updateTypingMessage()
            }
        case .textarea:
            switch key {
            case .enter: edit(&buffer, .character("\n"))
            case .down where !buffer.text.dropFirst(buffer.cursor).contains("\n"): return move(by: 1)
            case .up where !buffer.text.prefix(buffer.cursor).contains("\n"): return move(by: -1)
            case .up, .down: moveLine(key == .up ? -1 : 1)
            case .control("e"): return .editExternally(fieldID: field.id, text: buffer.text)
            default: typed(key)
            }
            updateTypingMessage()
        case .checkbox:
            switch key {
            case .character(" "), .character("x"), .enter:
                let checked = values[field.id] == .text("true") || values[field.id] == .bool(true)
                return save(field, .checkbox(!checked))
            case .character("y"): return save(field, .checkbox(true))
            case .delete, .backspace: return save(field, nil)
            case .down: return move(by: 1)
            case .up: return move(by: -1)
            default: break
            }
        case .radio, .passFail, .checkboxGroup:
            let options = field.effectiveOptions
            switch key {
            case .left: choice = max(0, choice - 1)
            case .right: choice = min(max(0, options.count - 1), choice + 1)
            case .down: return move(by: 1)
            case .up: return move(by: -1)
            case .delete, .backspace: return save(field, nil)
            case .character(" "), .enter:
                guard choice < options.count else { break }
                return pick(field, options[choice])
            case .character(let c):
                if let n = c.wholeNumberValue, n >= 1, n <= options.count {
                    choice = n - 1
                    return pick(field, options[n - 1])
                }
            default: break
            }
        case .select:
            let options = field.effectiveOptions
            switch key {
            case .enter, .character(" "): mode = .popup(filter: TextBuffer(), highlighted: max(0, choice))
            case .down: return move(by: 1)
            case .up: return move(by: -1)
            case .delete, .backspace: return save(field, nil)
            case .character(let c):
                if let n = c.wholeNumberValue, n >= 1, n <= options.count {
                    choice = n - 1
                    return save(field, .text(options[n - 1].value))
                }
                // Type-to-filter opens the popup with the letter typed.
                if c.isLetter { mode = .popup(filter: TextBuffer(String(c)), highlighted: 0) }
            default: break
            }
        case .rating:
            let stars = InspectionScore.ratingStars(values[field.id] ?? .null) ?? 0
            switch key {
            case .left: return stars <= 1 ? save(field, nil) : save(field, .rating(stars - 1))
            case .right: return save(field, .rating(min(5, stars + 1)))
            case .down, .enter: return move(by: 1)
            case .up: return move(by: -1)
            case .delete, .backspace: return save(field, nil)
            case .character(let c):
                // The same star again clears the rating, as a second tap does on the iPad.
                if let n = c.wholeNumberValue, n <= 5 { return n == 0 || n == stars ? save(field, nil) : save(field, .rating(n)) }
            default: break
            }
        case .image, .signature:
            switch key {
            case .enter:
                let path = buffer.text.trimmingWhitespace()
                if path.isEmpty {
                    if field.type == .signature { return .sign(fieldID: field.id) }
                    return move(by: 1)
                }
                buffer = TextBuffer()
                return .attach(fieldID: field.id, path: path)
            case .down: return move(by: 1)
            case .up: return move(by: -1)
            case .control("d") where field.type == .signature: return .sign(fieldID: field.id)
            case .control("t"):
                buffer.set(PathCompletion.complete(buffer.text))
            default: edit(&buffer, key)
            }
        case .table:
            return handleTable(key, field)
        default:
            break
        }
        return .none
    }

    private mutating func pick(_ field: FormField, _ option: FieldOption) -> Effect {
        if field.type == .checkboxGroup {
            var picked: [String] = []
            if case .list(let current)? = values[field.id] { picked = current }
            if let at = picked.firstIndex(of: option.value) { picked.remove(at: at) } else { picked.append(option.value) }
            // Kept in the template's order, as the iPad stores them.
            let order = field.effectiveOptions.map(\.value)
            picked.sort { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
            return save(field, picked.isEmpty ? nil : .list(picked))
        }
        return save(field, .text(option.value))
    }

    private mutating func save(_ field: FormField, _ value: FormValue?) -> Effect {
        if let value {
            do {
                let checked = try FieldValidator.validate(value, for: field)
                savedState = "saving"
                return .save(fieldID: field.id, checked)
            } catch {
                failed(error)
                return .none
            }
        }
        guard values[field.id] != nil else { return .none }
        savedState = "saving"
        return .save(fieldID: field.id, nil)
    }

    private mutating func updateTypingMessage() {
        if let problem = typingProblem {
            message = (problem, .problem)
        } else if message?.tone == .problem {
            message = nil
        }
    }

    /// A key typed into the focused field's text: saved when typing pauses (`typingToSave`).
    private mutating func typed(_ key: FormKey) {
        let before = buffer.text
        edit(&buffer, key)
        if buffer.text != before { typingUnsaved = true }
    }

    /// Edits a line buffer with the usual keys.
    private func edit(_ buffer: inout TextBuffer, _ key: FormKey) {
        switch key {
        case .character(let c): buffer.insert(c)
        case .backspace: buffer.backspace()
        case .delete: buffer.delete()
        case .left: buffer.left()
        case .right: buffer.right()
        case .home, .control("a"): buffer.home()
        case .end: buffer.end()
        case .control("u"): buffer.clear()
        default: break
        }
    }

    private mutating func moveLine(_ direction: Int) {
        let (line, column) = buffer.cursorLineAndColumn
        let lines = buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
        let target = line + direction
        guard target >= 0, target < lines.count else { return }
        var offset = 0
        for l in lines.prefix(target) { offset += l.count + 1 }
        offset += min(column, lines[target].count)
        buffer.home()
        for _ in 0..<offset { buffer.right() }
    }

    // MARK: Tables

    func tableRows(_ field: FormField) -> [[String]] {
        var rows: [[String]] = []
        if case .table(let stored)? = values[field.id] { rows = stored }
        let columns = field.tableColumnCount ?? max(1, rows.map(\.count).max() ?? 1)
        if let fixed = field.tableRows, rows.count < fixed {
            rows += Array(repeating: Array(repeating: "", count: columns), count: fixed - rows.count)
        }
        return rows.map { $0.count < columns ? $0 + Array(repeating: "", count: columns - $0.count) : $0 }
    }

    func tableColumns(_ field: FormField) -> Int {
        field.tableColumnCount ?? max(1, tableRows(field).map(\.count).max() ?? 1)
    }

    /// Rows a person can move through: the stored ones, plus an empty one to add to when the
    /// table is open-ended.
    private func editableRowCount(_ field: FormField) -> Int {
        field.tableRows ?? tableRows(field).count + 1
    }

    private mutating func handleTable(_ key: FormKey, _ field: FormField) -> Effect {
        let columns = tableColumns(field)
        switch key {
        case .enter, .down:
            // Enter on the empty last row of an open-ended table, after typing, adds a row.
            let lastRow = cell.row + 1 >= editableRowCount(field)
            let grows = field.tableRows == nil && lastRow && key == .enter && !buffer.text.trimmingWhitespace().isEmpty
            if lastRow && !grows { return move(by: 1) }
            guard let effect = commitCell(field) else { return .none }
            cell.row += 1
            // Enter starts the next row at its first cell (rows are typed left to right).
            if key == .enter { cell.column = 0 }
            loadCell(field)
            return effect
        case .up:
            if cell.row == 0 { return move(by: -1) }
            guard let effect = commitCell(field) else { return .none }
            cell.row -= 1
            loadCell(field)
            return effect
        case .right where buffer.cursor == buffer.text.count && cell.column + 1 < columns,
            .character("|") where cell.column + 1 < columns:
            guard let effect = commitCell(field) else { return .none }
            cell.column += 1
            loadCell(field)
            return effect
        case .left where buffer.cursor == 0 && cell.column > 0:
            guard let effect = commitCell(field) else { return .none }
            cell.column -= 1
            loadCell(field)
            return effect
        case .control("d"):
            // Ctrl-D removes the row (open-ended tables) or empties it (fixed ones).
            var rows = tableRows(field)
            guard cell.row < rows.count else { return .none }
            if field.tableRows == nil { rows.remove(at: cell.row) } else { rows[cell.row] = Array(repeating: "", count: columns) }
            return save(field, rows.isEmpty ? nil : .table(rows))
        default:
            typed(key)
        }
        return .none
    }

    private mutating func loadCell(_ field: FormField) {
        buffer = TextBuffer(tableRows(field)[safe: cell.row]?[safe: cell.column] ?? "")
    }

    private mutating func commitCell(_ field: FormField) -> Effect? {
        var rows = tableRows(field)
        let columns = tableColumns(field)
        let current = rows[safe: cell.row]?[safe: cell.column] ?? ""
        let typed = buffer.text.trimmingWhitespace()
        guard typed != current else {
            typingUnsaved = false
            return Effect.none
        }
        while rows.count <= cell.row { rows.append(Array(repeating: "", count: columns)) }
        rows[cell.row][cell.column] = typed
        let effect = save(field, .table(rows))
        if effect != .none { typingUnsaved = false }
        return effect == .none && message?.tone == .problem ? nil : effect
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension FieldType {
    /// The field types whose answer is typed as text (saved as it is typed, see `typingToSave`).
    var isTyped: Bool { [.text, .email, .number, .date, .textarea].contains(self) }
}
