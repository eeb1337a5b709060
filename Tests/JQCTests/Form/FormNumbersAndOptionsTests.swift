import FieldOpsCore
import Foundation
import Testing

@testable import JQC

/// The full-screen form without a terminal: the number drawn beside each field is the one `g`
/// takes and the review names, and option labels wrap, whole, at every width.
struct FormNumbersAndOptionsTests {
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

    /// `g`, the text, Enter (Alt-g, so it is a command on a text field too).
    func goTo(_ text: String, _ editor: inout FormEditor, _ values: inout [String: FormValue]) {
        press(.escape("g"), &editor, &values)
        for character in text { press(.character(character), &editor, &values) }
        press(.enter, &editor, &values)
    }

    /// The number drawn just before ". NAME" on screen, or nil when NAME is not drawn numbered.
    func shownNumber(of name: String, in lines: [String]) -> Int? {
        for line in lines {
            guard let range = line.range(of: ". " + name) else { continue }
            let digits = line[..<range.lowerBound].reversed().prefix { $0.isNumber }
            if let number = Int(String(digits.reversed())) { return number }
        }
        return nil
    }

    // MARK: One numbering

    @Test(arguments: [60, 80, 100, 160])
    func theNumberBesideEachFieldIsTheNumberGGoesTo(width: Int) throws {
        let schema = try Fixtures.restroomCheck()
        var values: [String: FormValue] = ["2": .rating(4)]
        var form = FormEditor(title: "Sjøgata 5", schema: schema, values: values, width: width, height: 60)
        let frame = FormView.render(form).lines
        for field in schema.inputFields {
            let shown = try #require(
                shownNumber(of: field.name, in: frame), "\(field.name) is drawn with a number:\n\(frame.joined(separator: "\n"))")
            #expect(shown == field.number)
            goTo(String(shown), &form, &values)
            #expect(form.focusedField?.id == field.id, "g \(shown) goes to the field drawn as \(shown). \(field.name)")
            let focused = FormView.render(form).spans.filter { $0.style == .reverse }.map(\.text)
            #expect(focused.contains { $0.hasPrefix("\(shown). \(field.name)") }, "\(focused)")
        }
        // The template id, written id:ID, reaches the same field as its number.
        goTo("id:5", &form, &values)
        #expect(form.focusedField?.reference == "4. Floor dry and clean")
        goTo("odo", &form, &values)
        #expect(form.focusedField?.reference == "5. Odor")
    }

    @Test func aNumberNoFieldShowsIsAMessageNamingTheRangeAndTheTemplateID() throws {
        var values: [String: FormValue] = [:]
        var form = FormEditor(title: "T", schema: try Fixtures.restroomCheck(), values: values, width: 100, height: 30)
        goTo("8", &form, &values)
        #expect(form.focusedField?.id == "2", "the cursor stays")
        #expect(form.message?.text == "no field 8: the form numbers its fields 1 to 7")
        #expect(form.message?.tone == .problem)
        goTo("#5", &form, &values)
        let shown = FormView.render(form).lines.joined(separator: " ")
        #expect(shown.contains("(a template id is written id:5)"), "the whole message is on screen: \(shown)")
        press(.escape("g"), &form, &values)
        #expect(FormView.render(form).lines.contains { $0.hasPrefix("go to field (number 1-7, label or id:ID):") })
    }

    @Test func theReviewListsTheRequiredFieldsLeftByTheirNumbersAndEnterGoesThere() throws {
        let schema = try Fixtures.restroomCheck()
        var values: [String: FormValue] = ["2": .rating(4), "f_sig": .text("uploads/photos/sig.png")]
        var form = FormEditor(title: "T", schema: schema, values: values, width: 100, height: 30)
        press(.escape("s"), &form, &values)
        let review = FormView.render(form).lines
        #expect(review.contains { $0.contains("2. Sinks and mirrors (rating)") }, "\(review.joined(separator: "\n"))")
        #expect(review.contains { $0.contains("4. Floor dry and clean (pass_fail)") })
        // Named exactly as the form draws them.
        press(.escape(nil), &form, &values)
        let drawn = FormView.render(form).lines
        #expect(shownNumber(of: "Sinks and mirrors", in: drawn) == 2 && shownNumber(of: "Floor dry and clean", in: drawn) == 4)
        press(.escape("s"), &form, &values)
        press(.down, &form, &values)
        press(.enter, &form, &values)
        #expect(form.focusedField?.reference == "4. Floor dry and clean")
    }

    // MARK: Options wrap, never cut

    /// The spans drawn inside one item's cell, below its label, top to bottom and left to right.
    func optionSpans(of id: String, _ form: FormEditor, _ canvas: FormCanvas) throws -> (
        spans: [FormCanvas.Span], cell: FormLayout.Cell, y: Int
    ) {
        let item = try #require(form.items.firstIndex { $0.id == id })
        let (cell, row) = try #require(form.layout.cell(of: item))
        let y = row - form.scroll + 1
        let spans = canvas.spans.filter { $0.y > y && $0.y < y + cell.height && $0.x >= cell.x && $0.x < cell.x + cell.width }
        return (spans.sorted { ($0.y, $0.x) < ($1.y, $1.x) }, cell, y)
    }

    /// The characters of `text` without its spaces, composed: what must all reach the screen
    /// whichever spaces a wrap turned into line ends.
    func letters(_ text: String) -> String {
        String(text.precomposedStringWithCanonicalMapping.filter { !$0.isWhitespace })
    }

    /// Whether `pieces`, one after another on their lines, read as `label`: each piece follows
    /// the one before either at a space the wrap broke at or inside a word too long for a line.
    func pieces(_ pieces: [String], read label: String) -> Bool {
        var rest = Substring(label)
        for (n, piece) in pieces.enumerated() {
            if n > 0, rest.hasPrefix(" ") { rest = rest.dropFirst() }
            guard rest.hasPrefix(piece) else { return false }
            rest = rest.dropFirst(piece.count)
        }
        return rest.isEmpty
    }

    @Test(arguments: [60, 80, 100, 160])
    func everyOptionLabelIsDrawnWholeInsideItsCell(width: Int) throws {
        let schema = Fixtures.siteCheck()
        let form = FormEditor(title: "Sjøgata 5", schema: schema, values: [:], width: width, height: 200)
        let canvas = FormView.render(form)
        for field in schema.inputFields where field.type != .select {
            let (spans, cell, _) = try optionSpans(of: field.id, form, canvas)
            for span in spans {
                #expect(!span.text.contains("…"), "\(field.name) at \(width): \(span.text)")
                #expect(span.x + span.text.displayWidth <= cell.x + cell.width, "\(span.text) runs out of its cell at \(width)")
            }
            let drawn = letters(spans.map(\.text).joined())
            for option in field.effectiveOptions {
                #expect(drawn.contains(letters(option.label)), "\(option.label) is not whole at \(width) columns:\n\(drawn)")
            }
        }
        // The frame as a terminal lays it out: nothing past the edge.
        for line in canvas.lines { #expect(line.displayWidth <= width, "\(line)") }
    }

    /// The restroom check's Odor on a 100-column terminal used to read `( ) Good  ( ) Acceptable  ( ) Po…`.
    @Test func thirdChoiceOfANarrowCellIsReadableAtAHundredColumns() throws {
        let schema = try Fixtures.restroomCheck()
        let form = FormEditor(title: "T", schema: schema, values: [:], width: 100, height: 40)
        let (spans, _, _) = try optionSpans(of: "6", form, FormView.render(form))
        #expect(spans.map(\.text) == ["( ) Good", "( ) Acceptable", "( ) Poor"])
        #expect(Set(spans.map(\.y)).count == 2, "wrapped onto a second line")
    }

    @Test func wrappedOptionsPushTheNextRowDownInsteadOfDrawingOverIt() throws {
        let form = FormEditor(title: "T", schema: Fixtures.siteCheck(), values: [:], width: 60, height: 300)
        let rows = form.layout.rows
        for (above, below) in zip(rows, rows.dropFirst()) { #expect(above.y + above.height <= below.y) }
        let overall = try #require(form.items.firstIndex { $0.id == "overall" })
        let (cell, _) = try #require(form.layout.cell(of: overall))
        // Label, then more than one line of options: the longest label alone needs three.
        #expect(cell.height > 1 + Fixtures.realWorldOptionLabels.count)
    }

    @Test func aSelectListWrapsALongOptionInsteadOfCuttingIt() throws {
        var values: [String: FormValue] = [:]
        var form = FormEditor(title: "T", schema: Fixtures.siteCheck(), values: values, width: 60, height: 40)
        goTo("Skift", &form, &values)
        press(.enter, &form, &values)
        #expect(form.mode == .popup(filter: TextBuffer(), highlighted: 0))
        let canvas = FormView.render(form)
        // The popup's rows: its filter line, then each option's lines, each starting with a space.
        let popup = canvas.spans.filter { $0.text.hasPrefix("┌ filter") || ($0.text.hasPrefix(" ") && $0.style != .status) }.map(\.text)
        #expect(popup.count > Fixtures.realWorldOptionLabels.count + 1, "a long option takes more than one row: \(popup)")
        let drawn = letters(popup.joined())
        #expect(!popup.contains { $0.contains("…") }, "\(popup)")
        for label in Fixtures.realWorldOptionLabels { #expect(drawn.contains(letters(label)), "\(label) in\n\(drawn)") }
        for line in canvas.lines { #expect(line.displayWidth <= 60) }
    }

    /// Every width from a tiny cell up: each option starts with its box, no two options share
    /// a column of a line, and each label reads whole from its pieces.
    @Test func optionLayoutKeepsEveryLabelWholeAtAnyWidth() {
        let labels = Fixtures.realWorldOptionLabels + ["N/A", "東京"]
        for width in 8...140 {
            let layout = OptionLayout(labels: labels, width: width)
            var taken: [Int: [Range<Int>]] = [:]
            for piece in layout.pieces {
                let start = piece.x
                let end = piece.x + (piece.isFirst ? OptionLayout.boxWidth : 0) + piece.text.displayWidth
                #expect(end <= width || piece.text.count == 1, "\(piece) past \(width)")
                #expect(taken[piece.line, default: []].allSatisfy { !$0.overlaps(start..<end) }, "\(piece) overlaps at \(width)")
                taken[piece.line, default: []].append(start..<end)
                #expect(piece.line < layout.lineCount)
            }
            for (n, label) in labels.enumerated() {
                let pieces = layout.pieces.filter { $0.option == n }
                #expect(pieces.first?.isFirst == true)
                #expect(self.pieces(pieces.map(\.text), read: label), "\(label) at \(width): \(pieces.map(\.text))")
            }
        }
    }

    @Test func theCanvasMeasuresByDisplayWidthAndCutsBetweenCharacters() {
        var canvas = FormCanvas(width: 12, height: 3)
        canvas.put(0, 0, "東京 Sjøgata 5")
        canvas.put(1, 0, "👩‍🔧 Åse Øvrebø")
        canvas.put(2, 2, "Noe\u{308}l", limit: 3)
        #expect(canvas.spans[0].text == "東京 Sjøgat…", "東京 takes four columns")
        #expect(canvas.spans[1].text.hasPrefix("👩‍🔧 Åse"), "the emoji sequence is never split")
        #expect(canvas.spans[1].text.displayWidth <= 12)
        #expect(canvas.spans[2].text == "No…")
        #expect(canvas.lines[0] == "東京 Sjøgat…")
        #expect(FormCanvas.fitting("Noe\u{308}l", into: 4) == "Noe\u{308}l", "a combining mark takes no column")
    }
}
