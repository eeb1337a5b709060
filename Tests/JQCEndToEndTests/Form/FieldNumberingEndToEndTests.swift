import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// Issue #37 as an inspector meets it: the number a field shows on screen is the number every
/// message uses and every command takes, and every choice's label can be read in full. The
/// restroom check starts with a section, so each template id is one more than the number shown
/// (`Floor dry and clean` is id 5, shown as 4): a message or command that fell back to ids
/// would name the wrong field.
@Suite
struct FieldNumberingEndToEndTests {
    enum Key {
        static let enter = "\r", escape = "\u{1B}"
    }

    static let restroomFields = [
        "Toilets and urinals", "Sinks and mirrors", "Supplies restocked", "Floor dry and clean", "Odor", "Photo of the worst spot",
    ]

    func terminal(_ world: JQCWorld) -> [String: String] {
        world.environment.merging(["TERM": "xterm-256color", "NO_COLOR": "1"]) { $1 }
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

    /// Each field of the restroom check by the number the full-screen form draws beside it.
    func numbersOnScreen(_ screen: TerminalScreen.Screen) throws -> [String: Int] {
        var numbers: [String: Int] = [:]
        for name in Self.restroomFields {
            let shown: Int = try #require(shownNumber(of: name, in: screen.lines), "\(name) is drawn numbered:\n\(screen.text)")
            numbers[name] = shown
        }
        return numbers
    }

    // MARK: The full-screen form, submit and --field

    @Test func theNumberOnScreenIsTheNumberOfEveryMessageOfGOfSubmitAndOfField() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            #expect(await world.run(["jqc", "inspect", "fill", id, "--answers", "-"], stdin: #"{"2": 4}"#).exitCode == 0)
            let screen = try TerminalScreen(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id], environment: terminal(world), columns: 100, rows: 30)
            let opened = try screen.wait(for: "1/6 answered · 2 required left")
            #expect(opened.ok, "\(opened.text)")
            let number = try numbersOnScreen(opened)
            #expect(
                number == [
                    "Toilets and urinals": 1, "Sinks and mirrors": 2, "Supplies restocked": 3, "Floor dry and clean": 4, "Odor": 5,
                    "Photo of the worst spot": 6,
                ])
            let floor = try #require(number["Floor dry and clean"])
            let sinks = try #require(number["Sinks and mirrors"])

            // g with the number shown, and with the template id written id:ID.
            try screen.send("g\(floor)" + Key.enter)
            #expect(try screen.wait(forReverse: "\(floor). Floor dry and clean").ok)
            try screen.send("gid:6" + Key.enter)
            #expect(try screen.wait(forReverse: "5. Odor").ok)
            // A number no field shows, though it is a template id: said so, with the way to it.
            try screen.send("g7" + Key.enter)
            let refused = try screen.wait(for: "no field 7: the form numbers its fields 1 to 6")
            #expect(refused.ok, "\(refused.text)")
            let message = refused.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(message.contains("the template's field id 7 is 6. Photo of the worst spot (type 6, or id:7)"), "\(refused.text)")

            // The review lists what is left by the same numbers.
            try screen.send("s")
            let review = try screen.wait(for: "required still empty (2)")
            #expect(review.ok, "\(review.text)")
            #expect(review.text.contains("\(sinks). Sinks and mirrors (rating)"), "\(review.text)")
            #expect(review.text.contains("\(floor). Floor dry and clean (pass_fail)"), "\(review.text)")
            try screen.send("q")
            #expect(try screen.wait(untilGone: "required still empty").ok)
            try screen.send("q")
            // Leaving, fill's note names them the same way.
            let left = try screen.wait(for: "still required: \(sinks). Sinks and mirrors, \(floor). Floor dry and clean")
            #expect(left.ok, "\(left.text)")
            #expect(try screen.waitForExit().code == 0)

            // submit refuses, listing them as the form showed them.
            let submit = await world.run(["jqc", "inspect", "submit", id])
            #expect(submit.exitCode == 1)
            #expect(submit.stderr.contains("\(sinks). Sinks and mirrors (rating)"), "\(submit.stderr)")
            #expect(submit.stderr.contains("\(floor). Floor dry and clean (pass_fail)"), "\(submit.stderr)")

            // --field takes the number shown, or id:ID; a bare template id is not taken for one.
            let photo = try Outbox(world).jpeg("gulvet-sjogata.jpg")
            let byNumber = await world.run([
                "jqc", "inspect", "attach", id, "--field", String(try #require(number["Photo of the worst spot"])), photo,
            ])
            #expect(byNumber.exitCode == 0, "\(byNumber.stderr)")
            #expect(byNumber.stdout.hasPrefix("6. Photo of the worst spot: local://"), "\(byNumber.stdout)")
            #expect(try #require(try world.store().inspection(localID: id)).formData()["7"]?.localPhotoID != nil)
            let byID = await world.run(["jqc", "inspect", "attach", id, "--field", "id:7", photo])
            #expect(byID.exitCode == 0 && byID.stdout.hasPrefix("6. Photo of the worst spot: "), "\(byID.stderr)")
            let templateID = await world.run(["jqc", "inspect", "attach", id, "--field", "7", photo])
            #expect(templateID.exitCode == 2)
            #expect(
                templateID.stderr.contains(
                    "no field 7: the form numbers its fields 1 to 6; the template's field id 7 is 6. Photo of the worst spot (type 6, or id:7)"
                ),
                "\(templateID.stderr)")
            let notAPhoto = await world.run(["jqc", "inspect", "attach", id, "--field", String(floor), photo])
            #expect(notAPhoto.exitCode == 2)
            #expect(notAPhoto.stderr.contains("\(floor). Floor dry and clean is a pass_fail field"), "\(notAPhoto.stderr)")

            // inspect show and templates show number the fields the same way.
            let card = await world.run(["jqc", "inspect", "show", id])
            #expect(card.stdout.contains("\(floor). Floor dry and clean *"), "\(card.stdout)")
            #expect(card.stdout.contains("6. Photo of the worst spot: "), "the photo line names its field: \(card.stdout)")
            let template = await world.run(["jqc", "templates", "show", "1"])
            #expect(template.stdout.contains("\(floor)\t5\tpass_fail\tFloor dry and clean\t"), "\(template.stdout)")
            #expect(template.stdout.contains("\t1\tsection\tFixtures\t"), "a section has no number: \(template.stdout)")
        }
    }

    // MARK: Line mode

    @Test func lineModeGotoAndReviewSpeakTheNumbersItShows() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            #expect(await world.run(["jqc", "inspect", "fill", id, "--answers", "-"], stdin: #"{"2": 4}"#).exitCode == 0)
            let result = try TerminalSession.run(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id, "--line"],
                environment: world.environment.merging(["NO_COLOR": "1", "TERM": "xterm"]) { $1 },
                steps: [
                    .expect("resuming at 2. Sinks and mirrors, the first unanswered field"), .expect("2. Sinks and mirrors *"),
                    .expect("[2 of 6]"), .expect("> "), .send(":goto 4\r"),
                    .expect("4. Floor dry and clean *"), .expect("[4 of 6]"), .expect("> "), .send(":goto id:6\r"),
                    .expect("5. Odor"), .expect("[5 of 6]"), .expect("> "), .send(":goto 7\r"),
                    .expect("no field 7: the form numbers its fields 1 to 6; the template's field id 7 is 6. Photo of the worst spot"),
                    .expect("> "), .send(":review\r"),
                    .expect("still required: 2. Sinks and mirrors, 4. Floor dry and clean"),
                    .expect("> "), .send("q\r"),
                    .expect("still required: 2. Sinks and mirrors, 4. Floor dry and clean"),
                ])
            #expect(result.failedStep == nil, "stopped at step \(String(describing: result.failedStep)):\n\(result.output)")
            #expect(result.exit == 0, "\(result.output)")
            // :review shows the card with the same numbers.
            #expect(result.output.contains("4. Floor dry and clean *"))
        }
    }

    // MARK: Option labels

    /// Choices as inspectors write them. Every label stays whole on screen; the emoji is one
    /// without a zero-width joiner, which pyte (the tests' terminal) stops drawing at (an
    /// emoji sequence is checked in-process, in `FormNumbersAndOptionsTests`).
    static let labels = [
        "Gulvet på Sjøgata er tørt og rent",
        "“Kvalitet” i orden – ingen merknader",
        "東京オフィスの床は乾いていて清潔です",
        "🧹 Vaktmester må tilkalles før neste skift",
        "Noe\u{308}l’s cafe\u{301}: flekker under bordene",
        "Gulvet på Sjøgata er tørt og rent, men det ligger fortsatt strøsand ved inngangen mot Torggata og under benkene i venterommet",
    ]

    /// Template 9: the choices across the whole width and in half of it, each alone on its grid row.
    func cacheSiteCheck(in world: JQCWorld) throws {
        let options = try String(decoding: JSONSerialization.data(withJSONObject: Self.labels), as: UTF8.self)
        let schema = """
            [{"id": 1, "type": "section", "label": "Sjøgata 5", "row": 1, "col": 1, "colSpan": 12},
             {"id": 2, "type": "radio", "label": "Gulvtilstand", "options": \(options), "row": 2, "col": 1, "colSpan": 12},
             {"id": 3, "type": "checkbox_group", "label": "Merknader", "options": \(options), "row": 3, "col": 1, "colSpan": 6}]
            """
        let store = try world.store()
        try store.replaceReference(
            facilities: try store.facilities(), areas: try store.facility(id: 1)?.areas ?? [],
            templates: [APITemplate(id: 9, name: "Sjøgata renhold", formSchemaJSON: schema)]
                + (try store.templates().map { APITemplate(id: $0.id, name: $0.name, formSchemaJSON: $0.formSchemaJSON) }))
    }

    /// The characters of `text` without spaces, composed as the terminal composes them.
    func letters(_ text: String) -> String {
        String(text.precomposedStringWithCanonicalMapping.filter { !$0.isWhitespace })
    }

    @Test(arguments: [60, 80, 100])
    func everyChoiceIsReadableInFullAtThisWidth(columns: Int) async throws {
        try await withWorld { world in
            try await world.ready()
            try cacheSiteCheck(in: world)
            let start = await world.run(["jqc", "inspect", "start", "--template", "9", "--facility", "1"])
            #expect(start.exitCode == 0, "\(start.stderr)")
            let id = start.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let screen = try TerminalScreen(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id], environment: terminal(world), columns: columns, rows: 60)
            let shown = try screen.wait(for: "0/2 answered")
            #expect(shown.ok, "\(shown.text)")
            // Each field's lines: from its label to the next field's (nothing else shares them).
            let first = try #require(shown.lines.firstIndex { $0.hasPrefix("1. Gulvtilstand") }, "\(shown.text)")
            let second = try #require(shown.lines.firstIndex { $0.hasPrefix("2. Merknader") }, "\(shown.text)")
            let radio = letters(shown.lines[(first + 1)..<second].joined())
            let group = letters(shown.lines[(second + 1)...].prefix(while: { !$0.contains("answered ·") }).joined())
            for label in Self.labels {
                #expect(radio.contains(letters(label)), "\(label) at \(columns) columns:\n\(shown.text)")
                #expect(group.contains(letters(label)), "\(label) at \(columns) columns:\n\(shown.text)")
            }
            #expect(!shown.lines[(first + 1)..<second].contains { $0.contains("…") }, "\(shown.text)")
            try screen.send(Key.escape + "q")
            #expect(try screen.waitForExit().code == 0)
        }
    }

    /// The restroom check's Odor shares its grid row with two fields; at 100 columns its third
    /// choice used to read `( ) Po…`.
    @Test func theThirdChoiceOfAFieldInANarrowCellIsWholeAtAHundredColumns() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let screen = try TerminalScreen(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id], environment: terminal(world), columns: 100, rows: 30)
            let shown = try screen.wait(for: "0/6 answered")
            #expect(shown.ok, "\(shown.text)")
            let odor = try #require(shown.lines.firstIndex { $0.contains("5. Odor") }, "\(shown.text)")
            let cells = shown.lines[(odor + 1)...(odor + 2)].map { String($0.dropFirst(66)) }
            #expect(cells[0].contains("( ) Good  ( ) Acceptable"), "\(shown.text)")
            #expect(cells[1].contains("( ) Poor"), "\(shown.text)")
            #expect(!shown.text.contains("Po…"))
            try screen.send(Key.escape + "q")
            #expect(try screen.waitForExit().code == 0)
        }
    }
}
