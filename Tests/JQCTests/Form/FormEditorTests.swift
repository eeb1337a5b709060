import FieldOpsCore
import Foundation
import Testing

@testable import JQC

/// What each key does to the form, without a terminal: the effects the runner would carry out
/// against the store, the frame the screen would show, and the layout on the 12-column grid.
struct FormEditorTests {
    static let schema = FormSchema(fields: [
        FormField(id: "s", type: .section, label: "Visit", col: 1, row: 1, colSpan: 12, index: 0),
        FormField(id: "name", type: .text, label: "Contact", required: true, col: 1, row: 2, colSpan: 6, index: 1),
        FormField(id: "when", type: .date, label: "Visit date", col: 7, row: 2, colSpan: 6, index: 2),
        FormField(id: "stars", type: .rating, label: "Desks", required: true, col: 1, row: 3, colSpan: 4, index: 3),
        FormField(id: "pf", type: .passFail, label: "Trash", col: 5, row: 3, colSpan: 4, index: 4),
        FormField(
            id: "shift", type: .select, label: "Shift",
            options: [FieldOption(value: "Day", label: "Day"), FieldOption(value: "Night", label: "Night")],
            col: 9, row: 3, colSpan: 4, index: 5),
        FormField(
            id: "rows", type: .table, label: "Stock", col: 1, row: 4, colSpan: 12, tableCols: 2, colHeaders: ["Item", "Count"], index: 6),
    ])

    func editor(_ values: [String: FormValue] = [:], width: Int = 120) -> FormEditor {
        FormEditor(title: "Test", schema: Self.schema, values: values, width: width, height: 30)
    }

    /// Applies a key and, like the runner, stores what it saves.
    @discardableResult
    func press(_ key: FormKey, _ editor: inout FormEditor, _ values: inout [String: FormValue]) -> FormEditor.Effect {
        let effect = editor.handle(key)
        if case .save(let id, let value) = effect {
            values[id] = value
            editor.stored(values)
        }
        return effect
    }

    @Test func theCursorOpensOnTheFirstUnansweredField() {
        #expect(editor().focusedField?.id == "name")
        #expect(editor(["name": .text("Ann"), "when": .text("2026-01-02")]).focusedField?.id == "stars")
    }

    /// What the runner saves when typing pauses: the answer once the text validates, the text
    /// itself while it does not (no answer then), and a reopened form back on that text.
    @Test func typingIsSavedAsTypedAndAHalfTypedDateStaysText() {
        var values: [String: FormValue] = ["name": .text("Ann")]
        var form = editor(values)
        #expect(form.focusedField?.id == "when")
        for c in "2026-02" { press(.character(c), &form, &values) }
        #expect(form.typingUnsaved)
        #expect(form.typingToSave() == .saveTyping(fieldID: "when", nil, typed: "2026-02"))
        #expect(!form.typingUnsaved)
        #expect(form.typingToSave() == .none, "nothing new to save")
        for c in "-03" { press(.character(c), &form, &values) }
        #expect(form.typingToSave() == .saveTyping(fieldID: "when", .text("2026-02-03"), typed: nil))
        // "today" is a valid answer that is not its own text: both are kept.
        press(.control("u"), &form, &values)
        for c in "today" { press(.character(c), &form, &values) }
        #expect(form.typingToSave() == .saveTyping(fieldID: "when", .text(JQCDate.formatDay(Date())), typed: "today"))

        let reopened = FormEditor(
            title: "Test", schema: Self.schema, values: ["name": .text("Ann"), "stars": .rating(3)], width: 120, height: 30,
            typed: JQCStore.TypedText(fieldID: "when", text: "2026-1"))
        #expect(reopened.focusedField?.id == "when", "back on the field that was being typed")
        #expect(reopened.buffer.text == "2026-1")
        #expect(reopened.message?.tone == .problem)
    }

    @Test func typedTextIsValidatedAsTypedAndSavedOnLeaving() {
        var values: [String: FormValue] = [:]
        var form = editor()
        for c in "Ann" { press(.character(c), &form, &values) }
        #expect(press(.tab, &form, &values) == .save(fieldID: "name", .text("Ann")))
        for c in "2026-02-30" { press(.character(c), &form, &values) }
        #expect(form.typingProblem?.contains("not a date") == true)
        #expect(press(.tab, &form, &values) == .none, "an invalid date keeps the cursor on its field")
        #expect(form.focusedField?.id == "when")
        press(.control("u"), &form, &values)
        for c in "today" { press(.character(c), &form, &values) }
        #expect(press(.enter, &form, &values) == .save(fieldID: "when", .text(JQCDate.formatDay(Date()))))
        #expect(form.focusedField?.id == "stars")
    }

    @Test func theSameStarAgainClearsARatingAndLettersAreCommandsOffTextFields() {
        var values: [String: FormValue] = ["name": .text("Ann"), "when": .text("2026-01-02")]
        var form = editor(values)
        #expect(press(.character("4"), &form, &values) == .save(fieldID: "stars", .rating(4)))
        #expect(press(.character("4"), &form, &values) == .save(fieldID: "stars", nil))
        #expect(press(.right, &form, &values) == .save(fieldID: "stars", .rating(1)))
        #expect(form.score == 20)
        // n: the next unanswered field (pass/fail), r: the next unanswered required one (wraps to itself).
        press(.character("n"), &form, &values)
        #expect(form.focusedField?.id == "pf")
        press(.character("2"), &form, &values)
        #expect(values["pf"] == .text("Fail"))
        #expect(form.score == 10, "the server's formula: (1/5 + 0) / 2")
        press(.character("g"), &form, &values)
        for c in "shi" { press(.character(c), &form, &values) }
        press(.enter, &form, &values)
        #expect(form.focusedField?.id == "shift")
        // A select's popup (Enter opens it) filters as letters are typed.
        press(.enter, &form, &values)
        press(.character("n"), &form, &values)
        #expect(form.mode == .popup(filter: TextBuffer("n"), highlighted: 0))
        #expect(form.popupOptions("n").map(\.value) == ["Night"])
        #expect(press(.enter, &form, &values) == .save(fieldID: "shift", .text("Night")))
    }

    @Test func anOpenEndedTableGrowsARowAtATimeAndNeverLosesOne() {
        var values: [String: FormValue] = [
            "name": .text("A"), "when": .text("2026-01-02"), "stars": .rating(3), "pf": .text("Pass"), "shift": .text("Day"),
        ]
        var form = editor(values)
        #expect(form.focusedField?.id == "rows")
        for c in "Paper" { press(.character(c), &form, &values) }
        press(.character("|"), &form, &values)
        for c in "3" { press(.character(c), &form, &values) }
        press(.enter, &form, &values)
        for c in "Soap" { press(.character(c), &form, &values) }
        press(.enter, &form, &values)
        #expect(values["rows"] == .table([["Paper", "3"], ["Soap", ""]]))
        press(.up, &form, &values)
        press(.control("d"), &form, &values)
        #expect(values["rows"] == .table([["Paper", "3"]]))
    }

    @Test func theStatusLineShowsNoScoreUntilSomethingScoreableIsAnswered() {
        let empty = FormView.render(editor()).lines.last ?? ""
        #expect(empty.contains("0/6 answered · 2 required left · no score yet · saved"), "\(empty)")
        let some = FormView.render(editor(["stars": .rating(5)])).lines.last ?? ""
        #expect(some.contains("1/6 answered · 1 required left · score 100%"), "\(some)")
    }

    @Test func fieldsOfOneGridRowShareALineOnlyWhenTheTerminalIsWide() {
        let items = Self.schema.fieldsInGridOrder
        let wide = FormLayout(items: items, width: 120)
        #expect(wide.rows.map { $0.cells.count } == [1, 2, 3, 1])
        #expect(wide.rows[1].cells.map(\.x) == [0, 60])
        let narrow = FormLayout(items: items, width: 60)
        #expect(narrow.rows.allSatisfy { $0.cells.count == 1 })
        #expect(narrow.rows.count == items.count)
    }

    @Test func aSignatureIsBrailleOnScreenAndBlackOnWhiteInTheRaster() {
        var drawing = SignatureDrawing(columns: 10, rows: 3)
        drawing.touch(column: 0, row: 1, starting: true)
        drawing.touch(column: 4, row: 1, starting: false)
        #expect(drawing.braille[1].hasPrefix("⠠⠤⠤⠤⠤"), "\(drawing.braille[1])")
        #expect(drawing.braille[0].allSatisfy { $0 == "⠀" })
        let (pixels, width, height) = drawing.raster(scale: 4)
        #expect(width == 80 && height == 48)
        #expect(pixels[0] == 255)
        #expect(pixels[(6 * 4 + 2) * width + 3 * 4 + 2] == 0, "dark along the stroke")
    }

    @Test func pageDownMovesAScreenOnAndPathsCompleteFromTheirDirectory() throws {
        var values: [String: FormValue] = [:]
        var form = FormEditor(title: "T", schema: Self.schema, values: [:], width: 60, height: 8)
        press(.pageDown, &form, &values)
        #expect(form.focusedField?.id != "name", "a screen further down")
        press(.pageUp, &form, &values)
        #expect(form.focusedField?.id == "name")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fieldops-complete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("photos"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(FileManager.default.createFile(atPath: directory.path + "/photos/floor-1.jpg", contents: Data([1])))
        #expect(FileManager.default.createFile(atPath: directory.path + "/photos/floor-2.jpg", contents: Data([1])))
        #expect(PathCompletion.complete(directory.path + "/ph") == directory.path + "/photos/")
        #expect(PathCompletion.complete(directory.path + "/photos/fl") == directory.path + "/photos/floor-")
        #expect(PathCompletion.expandingTilde("~/a.jpg", environment: ["HOME": "/home/ines"]) == "/home/ines/a.jpg")
    }
}
