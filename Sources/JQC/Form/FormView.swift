import FieldOpsCore

/// Draws the editor's state onto a canvas: a title line, the form's visible rows, a line for
/// the focused field's help or a problem, and the status line with the live score.
enum FormView {
    static let keysLine = "Tab/↑↓ move · g go to · n next empty · r next required · i sections · s review · q quit · ? keys"

    static func render(_ editor: FormEditor) -> FormCanvas {
        var canvas = FormCanvas(width: editor.width, height: editor.height)
        canvas.put(0, 0, editor.title, .bold, limit: editor.width / 2)
        let keys = editor.focusTakesText ? "Esc then a letter for commands · " + keysLine : keysLine
        canvas.put(0, min(editor.width - 1, min(editor.title.displayWidth, editor.width / 2) + 3), keys, .dim)
        switch editor.mode {
        case .review(let highlighted, let confirming):
            ReviewView.render(editor, highlighted: highlighted, confirming: confirming, into: &canvas)
        case .help:
            renderHelp(into: &canvas)
        default:
            renderForm(editor, into: &canvas)
        }
        renderBottom(editor, into: &canvas)
        if case .popup(let filter, let highlighted) = editor.mode {
            renderPopup(editor, filter: filter, highlighted: highlighted, into: &canvas)
        }
        if case .sections(let highlighted) = editor.mode { renderSections(editor, highlighted: highlighted, into: &canvas) }
        return canvas
    }

    // MARK: The form

    private static func renderForm(_ editor: FormEditor, into canvas: inout FormCanvas) {
        let top = 1
        let bottom = top + editor.viewportHeight
        let focusedItem = editor.inputs.isEmpty ? -1 : editor.inputs[editor.focus]
        for row in editor.layout.rows {
            let y = row.y - editor.scroll + top
            guard y + row.height > top, y < bottom else { continue }
            for cell in row.cells {
                renderItem(
                    editor, editor.items[cell.item], focused: cell.item == focusedItem, x: cell.x, y: y, width: cell.width,
                    top: top, bottom: bottom, into: &canvas)
            }
        }
    }

    private static func renderItem(
        _ editor: FormEditor, _ field: FormField, focused: Bool, x: Int, y: Int, width: Int,
        top: Int, bottom: Int, into canvas: inout FormCanvas
    ) {
        func put(_ line: Int, _ dx: Int, _ text: String, _ style: FormCanvas.Style = .plain) {
            let at = y + line
            guard at >= top, at < bottom else { return }
            canvas.put(at, x + dx, text, style, limit: width - dx)
        }
        switch field.type {
        case .section:
            put(
                0, 0,
                "── " + (field.label.isEmpty ? field.textContent ?? "" : field.label) + " " + String(repeating: "─", count: max(0, width)),
                .heading)
            return
        case .label:
            put(0, 0, field.textContent ?? field.label, .dim)
            return
        case .unsupported:
            let why = field.defect.map { "template field \($0)" } ?? "type \"\(field.type.name)\" is not supported"
            put(0, 0, "\(field.reference): skipped (\(why)); answer it in the web app", .dim)
            return
        default: break
        }
        let answered = editor.isAnswered(field)
        let mark = field.required ? (answered ? " *" : " * required") : ""
        // `4. Floor dry and clean`: as every message and command names the field.
        put(0, 0, field.reference + mark, focused ? .reverse : (field.required && !answered ? .bold : .plain))
        let value = editor.values[field.id]
        switch field.type {
        case .text, .email, .number, .date, .image, .signature:
            var shown: String
            if focused, !editor.buffer.text.isEmpty || !field.type.holdsPhoto {
                shown = editor.buffer.text
            } else if field.type.holdsPhoto {
                shown = photoText(value, field: field, focused: focused)
            } else {
                shown = value.map { $0 == .null ? "" : $0.displayText } ?? ""
            }
            let placeholder = shown.isEmpty && !focused ? (field.placeholder ?? "—") : ""
            let box = max(4, min(width - 2, 40))
            if field.type.holdsPhoto, !(focused && !editor.buffer.text.isEmpty) {
                // An attached photo or the hint how to give one: words, not an input box.
                put(1, 0, shown.isEmpty ? "—" : shown, value?.isAnswered(for: field) == true ? .plain : .dim)
                if focused, field.type == .image {
                    let at = y + 1
                    if at >= top, at < bottom { canvas.cursor = (at, x) }
                }
                break
            }
            put(1, 0, "[", .dim)
            put(
                1, 1, shown.isEmpty ? placeholder : shown,
                shown.isEmpty ? .dim : (focused && editor.typingProblem != nil ? .problem : .plain))
            put(1, min(width - 1, box + 1), "]", .dim)
            if focused, !field.type.holdsPhoto || !editor.buffer.text.isEmpty || field.type == .image {
                let at = y + 1
                if at >= top, at < bottom { canvas.cursor = (at, x + 1 + min(editor.buffer.cursor, box)) }
            }
        case .textarea:
            let text = focused ? editor.buffer.text : value?.text ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let (cursorLine, cursorColumn) = editor.buffer.cursorLineAndColumn
            let first = focused ? max(0, cursorLine - 2) : 0
            for i in 0..<3 {
                let line = first + i
                put(1 + i, 0, "│ " + (line < lines.count ? lines[line] : ""), .plain)
            }
            if text.isEmpty, !focused { put(1, 2, field.placeholder ?? "—", .dim) }
            if focused {
                let at = y + 1 + cursorLine - first
                if at >= top, at < bottom { canvas.cursor = (at, x + 2 + min(cursorColumn, width - 3)) }
            }
        case .checkbox:
            let checked = value == .text("true") || value == .bool(true)
            let text = value == nil ? "[ ] not answered" : checked ? "[x] yes" : "[ ] no"
            put(1, 0, text, focused ? .bold : .plain)
        case .radio, .passFail, .checkboxGroup:
            var picked: [String] = []
            if case .list(let list)? = value { picked = list }
            let options = field.effectiveOptions
            for piece in FormLayout.options(of: field, width: width).pieces {
                let option = options[piece.option]
                let on = field.type == .checkboxGroup ? picked.contains(option.value) : value?.text == option.value
                let box = field.type == .checkboxGroup ? (on ? "[x]" : "[ ]") : (on ? "(•)" : "( )")
                put(
                    1 + piece.line, piece.x, piece.isFirst ? "\(box) \(piece.text)" : piece.text,
                    focused && piece.option == editor.choice ? .reverse : (on ? .bold : .plain))
            }
        case .select:
            let text = value?.text.flatMap { v in field.effectiveOptions.first { $0.value == v }?.label ?? v } ?? "choose…"
            put(1, 0, "[\(text) ▾]", focused ? .bold : (value == nil ? .dim : .plain))
        case .rating:
            let stars = InspectionScore.ratingStars(value ?? .null) ?? 0
            let text =
                String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars) + (stars == 0 ? "  —" : "  \(stars)/5")
            put(1, 0, text, focused ? .bold : .plain)
        case .table:
            renderTable(editor, field, focused: focused, x: x, y: y, width: width, top: top, bottom: bottom, into: &canvas)
        default:
            break
        }
    }

    private static func photoText(_ value: FormValue?, field: FormField, focused: Bool) -> String {
        guard let value, value.isAnswered(for: field) else {
            if field.type == .signature { return focused ? "Enter draws the signature · or type a PNG/JPEG path" : "not signed" }
            return focused ? "type a JPEG or PNG path (Ctrl-T completes), Enter attaches" : ""
        }
        let what = field.type == .signature ? "signed" : "photo attached"
        return value.localPhotoID != nil ? "\(what) (waiting for upload)" : "\(what): \(value.displayText)"
    }

    private static func renderTable(
        _ editor: FormEditor, _ field: FormField, focused: Bool, x: Int, y: Int, width: Int, top: Int, bottom: Int,
        into canvas: inout FormCanvas
    ) {
        let columns = editor.tableColumns(field)
        let cellWidth = max(4, (width - 2) / max(1, columns) - 3)
        func pad(_ s: String) -> String {
            s.count >= cellWidth ? String(s.prefix(cellWidth)) : s + String(repeating: " ", count: cellWidth - s.count)
        }
        func put(_ line: Int, _ dx: Int, _ text: String, _ style: FormCanvas.Style) {
            let at = y + line
            guard at >= top, at < bottom else { return }
            canvas.put(at, x + dx, text, style, limit: width - dx)
        }
        let headers = (0..<columns).map { $0 < field.colHeaders.count ? field.colHeaders[$0] : "col \($0 + 1)" }
        put(1, 0, "│ " + headers.map(pad).joined(separator: " │ "), .bold)
        var rows = editor.tableRows(field)
        if field.tableRows == nil { rows.append(Array(repeating: "", count: columns)) }
        for (r, row) in rows.enumerated() {
            var dx = 2
            put(2 + r, 0, "│", .dim)
            for c in 0..<columns {
                let isCursor = focused && editor.cell.row == r && editor.cell.column == c
                let text = isCursor ? editor.buffer.text : (c < row.count ? row[c] : "")
                put(2 + r, dx, pad(text), isCursor ? .reverse : .plain)
                if isCursor {
                    let at = y + 2 + r
                    if at >= top, at < bottom { canvas.cursor = (at, x + dx + min(editor.buffer.cursor, cellWidth)) }
                }
                dx += cellWidth + 3
            }
        }
    }

    // MARK: Status and overlays

    private static func renderBottom(_ editor: FormEditor, into canvas: inout FormCanvas) {
        let helpLine = editor.height - 2
        if case .jump(let typed) = editor.mode {
            let prompt = "go to field (number 1-\(editor.inputs.count), label or id:ID): "
            canvas.put(helpLine, 0, prompt + typed.text, .bold)
            let typedColumns = String(typed.text.prefix(typed.cursor)).displayWidth
            canvas.cursor = (helpLine, min(editor.width - 1, prompt.displayWidth + typedColumns))
        } else if let message = editor.message {
            // A message too long for the line (an error with its hint) takes the line above
            // too, over the form's last row until the next key, rather than losing its end.
            let style: FormCanvas.Style = message.tone == .problem ? .problem : .plain
            let wrapped = TextWrapper.wrap(message.text, width: editor.width)
            if wrapped.count > 1, helpLine > 1 {
                canvas.put(helpLine - 1, 0, wrapped[0], style)
                canvas.put(helpLine, 0, wrapped.dropFirst().joined(separator: " "), style)
            } else {
                canvas.put(helpLine, 0, message.text, style)
            }
        } else if let problem = editor.typingProblem {
            canvas.put(helpLine, 0, problem, .problem)
        } else if let field = editor.focusedField, editor.mode == .form {
            let help = field.helpText.map { $0 + " · " } ?? ""
            canvas.put(helpLine, 0, help + keyHint(field), .dim)
        }
        let missing = editor.requiredLeft.count
        let score = editor.score.map { "score " + ScoreText.percent($0) } ?? "no score yet"
        let status =
            " \(editor.answeredCount)/\(editor.inputs.count) answered · \(missing) required left · \(score) · \(editor.typingUnsaved ? "typing" : editor.savedState) "
        canvas.put(editor.height - 1, 0, status + String(repeating: " ", count: max(0, editor.width - status.count)), .status)
    }

    static func keyHint(_ field: FormField) -> String {
        switch field.type {
        case .text, .email: return "type; Enter or Tab saves and moves on"
        case .number: return "a number; Enter saves"
        case .date: return "yyyy-MM-dd or today; Enter saves"
        case .textarea: return "Enter starts a new line · Tab saves and moves on · Ctrl-E opens $EDITOR"
        case .checkbox: return "Space toggles · Delete clears"
        case .radio, .passFail: return "←→ and Space, or the option's number · Delete clears"
        case .checkboxGroup: return "←→ and Space toggle an option, or its number"
        case .select: return "Enter opens the list (type to filter), or the option's number"
        case .rating: return "1-5 stars or ←→ · the same number again clears"
        case .image: return "type a JPEG or PNG path (Ctrl-T completes); Enter attaches"
        case .signature: return "Enter draws with the mouse · or type a PNG/JPEG path and Enter"
        case .table: return "type in the cell · ←→↑↓ or | move · Enter next row · Ctrl-D removes a row · Tab leaves"
        default: return ""
        }
    }

    /// A select field's options under the field, each label whole: one wider than the popup
    /// (at most the screen) wraps onto more lines, all highlighted together.
    private static func renderPopup(_ editor: FormEditor, filter: TextBuffer, highlighted: Int, into canvas: inout FormCanvas) {
        guard let field = editor.focusedField, let (cell, y) = editor.layout.cell(of: editor.inputs[editor.focus]) else { return }
        let options = editor.popupOptions(filter.text)
        let wanted = max(24, (options.map(\.label.displayWidth).max() ?? 0) + 4)
        let width = max(1, min(editor.width - 1, wanted))
        // Moved left as far as it needs to be as wide as its longest label.
        let x = max(0, min(cell.x, editor.width - 1 - width))
        let rows = options.enumerated().flatMap { n, option in
            TextWrapper.wrap(option.label, width: width - 2).map { (option: n, text: $0) }
        }
        var at = y - editor.scroll + 1 + 2
        if at + rows.count + 1 >= editor.height - 2 { at = max(1, editor.height - 3 - rows.count - 1) }
        canvas.put(at, x, padded("┌ filter: " + filter.text, to: width), .reverse, limit: width)
        for (n, row) in rows.enumerated() {
            canvas.put(at + 1 + n, x, padded(" " + row.text, to: width), row.option == highlighted ? .reverse : .bold, limit: width)
        }
        if options.isEmpty { canvas.put(at + 1, x, " no option of \(field.name) matches ", .problem, limit: width) }
        canvas.cursor = (at, x + 10 + String(filter.text.prefix(filter.cursor)).displayWidth)
    }

    /// `text` with spaces after it to `columns` display columns.
    private static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - text.displayWidth))
    }

    private static func renderSections(_ editor: FormEditor, highlighted: Int, into canvas: inout FormCanvas) {
        let sections = editor.sectionStarts
        let width = min(editor.width - 4, max(30, (sections.map(\.title.displayWidth).max() ?? 0) + 6))
        canvas.put(2, 2, padded(" Sections (Enter jumps) ", to: width), .reverse, limit: width)
        for (n, section) in sections.enumerated() {
            canvas.put(3 + n, 2, padded(" \(section.title)", to: width), n == highlighted ? .reverse : .bold, limit: width)
        }
        canvas.cursor = nil
    }

    private static func renderHelp(into canvas: inout FormCanvas) {
        let lines = [
            "Keys of the form",
            "  Tab / Shift-Tab, ↑ ↓      next / previous field        PgDn / PgUp   a screen on",
            "  g                         go to a field: the number shown beside it, a label, or id:ID",
            "  n / r                     next unanswered field / next unanswered required field",
            "  i                         the section index            s   review and submit",
            "  q or Ctrl-C               leave (every answer is already saved)",
            "  In a text field letters are text: press Esc first (or hold Alt) for a command.",
            "  Text: ←→ Home End, Backspace, Ctrl-U clears; a textarea's Ctrl-E opens $VISUAL/$EDITOR.",
            "  Checkbox: Space. Options: ←→ Space or the number. Select: Enter, type to filter.",
            "  Rating: 1-5 or ←→ (the same number again clears). Photo: a path, Ctrl-T completes.",
            "  Signature: Enter opens the drawing pad (mouse or trackpad).",
            "",
            "Any key goes back to the form.",
        ]
        for (n, line) in lines.enumerated() { canvas.put(2 + n, 2, line, n == 0 ? .bold : .plain) }
    }
}
