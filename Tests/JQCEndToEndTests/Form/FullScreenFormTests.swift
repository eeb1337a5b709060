import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// The full-screen form of `jqc inspect fill` as a person meets it: the real binary on a
/// pseudo-terminal, the screen read back through a terminal emulator (pyte), keys typed as a
/// terminal in keypad mode sends them, answers read back from the store.
@Suite
struct FullScreenFormTests {
    /// Keys as a terminal sends them once ncurses has switched it to keypad (application) mode.
    enum Key {
        static let up = "\u{1B}OA", down = "\u{1B}OB", right = "\u{1B}OC", left = "\u{1B}OD"
        static let tab = "\t", backTab = "\u{1B}[Z", enter = "\r", escape = "\u{1B}", ctrlC = "\u{03}", ctrlU = "\u{15}"
    }

    func terminal(_ world: JQCWorld) -> [String: String] {
        world.environment.merging(["TERM": "xterm-256color", "NO_COLOR": "1"]) { $1 }
    }

    func open(_ world: JQCWorld, _ id: String, columns: Int = 160, rows: Int = 45) throws -> TerminalScreen {
        try TerminalScreen(
            FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id], environment: terminal(world), columns: columns, rows: rows)
    }

    /// The row of the screen where `text` is, or nil.
    func row(of text: String, in screen: TerminalScreen.Screen) -> Int? {
        screen.lines.firstIndex { $0.contains(text) }
    }

    // MARK: Layout

    @Test func fieldsSharingAGridRowSitSideBySideOnAWideTerminalAndStackOnANarrowOne() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 2)
            let wide = try open(world, id, columns: 160)
            // The status line comes with the rest of the frame: waiting for it (not for the first
            // field) never catches a screen half drawn, however slow the machine.
            let shown = try wide.wait(for: "0/17 answered · 5 required left · no score yet · saved")
            #expect(shown.ok, "\(shown.text)")
            let contact = try #require(row(of: "1. Contact on site", in: shown))
            #expect(shown.lines[contact].contains("2. Contact email") && shown.lines[contact].contains("3. Visit date"), "\(shown.text)")
            // In proportion to their spans: the email field starts a third of the way across.
            let email = try #require(shown.lines[contact].range(of: "2. Contact email"))
            #expect(shown.lines[contact].distance(from: shown.lines[contact].startIndex, to: email.lowerBound) == 160 * 4 / 12)
            #expect(shown.text.contains("0/17 answered · 5 required left · no score yet · saved"))
            // The resize re-lays the form out, stacked.
            try wide.resize(columns: 60, rows: 45)
            let stacked = try wide.wait(untilGone: "2. Contact email        ")
            let narrow = try wide.snapshot()
            #expect(stacked.ok)
            let contactRow = try #require(row(of: "1. Contact on site", in: narrow))
            let emailRow = try #require(row(of: "2. Contact email", in: narrow), "\(narrow.text)")
            #expect(emailRow == contactRow + 2, "\(narrow.text)")
            try wide.send(Key.escape + "q")
            #expect(try wide.waitForExit().code == 0)

            let small = try open(world, id, columns: 60)
            let first = try small.wait(for: "1. Contact on site")
            let a = try #require(row(of: "1. Contact on site", in: first))
            #expect(!first.lines[a].contains("Contact email"))
            #expect(row(of: "2. Contact email", in: first) == a + 2, "\(first.text)")
            try small.send(Key.escape + "q")
            #expect(try small.waitForExit().code == 0)
        }
    }

    // MARK: Editing every type

    @Test func everyFieldTypeIsEditedInPlaceAndSavedAsItChanges() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 2)
            let photo = try Outbox(world).jpeg("overview.jpg")
            let screen = try open(world, id)
            #expect(try screen.wait(forReverse: "1. Contact on site").ok, "the cursor opens on the first field")
            try screen.send("Ann" + Key.tab)
            // Validation as you type: a bad email is flagged and keeps the cursor on the field.
            try screen.send("bad")
            #expect(try screen.wait(for: "is not an email address").ok || (try screen.snapshot().text.contains("email")))
            try screen.send(Key.tab)
            #expect(try screen.wait(forReverse: "2. Contact email").ok)
            try screen.send(Key.ctrlU + "ann@example.com" + Key.tab)
            try screen.send("today" + Key.tab)
            try screen.send("12" + Key.tab)
            // Select: type to filter in the popup, Enter picks.
            try screen.send(Key.enter + "ni")
            #expect(try screen.wait(for: "filter: ni").ok)
            try screen.send(Key.enter)
            #expect(try screen.wait(for: "[Night ▾]").ok)
            try screen.send(Key.tab)
            // Checkbox group: Space toggles the highlighted option, →, a number toggles another.
            try screen.send(" " + Key.right + Key.right + " ")
            try screen.send("4")
            #expect(try screen.wait(for: "[x] Desks  [ ] Kitchenette  [x] Restrooms  [x] Conference").ok)
            try screen.send(Key.tab)
            // Rating: a digit gives the stars; the same digit again clears; → adds one.
            try screen.send("3")
            #expect(try screen.wait(for: "★★★☆☆  3/5").ok)
            try screen.send(Key.tab + "2" + "2" + Key.right + Key.right + Key.tab)
            // Pass/fail by number; checkbox by Space; radio by arrows and Space.
            try screen.send("1" + Key.tab + " " + Key.tab + Key.right + " " + Key.tab)
            try screen.send("2" + Key.tab + "1" + Key.tab)
            // Table: cells typed, | moves on, Enter goes to the next row.
            try screen.send("Paper|3|no" + Key.enter + "Soap|1" + Key.enter)
            try screen.send("line one" + Key.enter + "line two" + Key.tab)
            try screen.send(photo + Key.enter)
            #expect(try screen.wait(for: "attached overview.jpg").ok)
            #expect(try screen.wait(for: "score ").ok)
            try screen.send(Key.escape + "q")
            let exit = try screen.waitForExit()
            #expect(exit.code == 0, "\(exit.rawTail)")
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["f_1712_ab3"] == .text("Ann"))
            #expect(values["f_1712_b07"] == .text("ann@example.com"))
            #expect(values["f_1712_c11"] == .text(JQCDate.formatDay(Date())))
            #expect(values["f_1712_d02"] == .number(JSONNumber(12)))
            #expect(values["f_1712_e5f"] == .text("Night"))
            #expect(values["f_1712_f90"] == .list(["Desks", "Restrooms", "Conference"]))
            #expect(values["f_1712_g42"] == .rating(3))
            #expect(values["f_1712_h33"] == .rating(2), "2, 2 again clears, → → gives two stars")
            #expect(values["f_1712_i8c"] == .text("Pass"))
            #expect(values["f_1712_j19"] == .text("true"))
            #expect(values["f_1712_k27"] == .text("Needs attention"))
            #expect(values["f_1712_m44"] == .text("Fail"))
            #expect(values["f_1712_n05"] == .text("Compliant"))
            #expect(values["f_1712_o66"] == .table([["Paper", "3", "no"], ["Soap", "1", ""]]))
            #expect(values["f_1712_p71"] == .text("line one\nline two"))
            #expect(values["f_1712_q13"]?.localPhotoID != nil)
        }
    }

    // MARK: Moving around

    @Test func resumingOpensOnTheFirstUnansweredFieldAndTheJumpKeysMove() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 2)
            let answers = try world.file(
                "answers.json", #"{"Contact on site": "Ann", "Contact email": "a@b.org", "Visit date": "2026-01-02"}"#)
            #expect(await world.run(["jqc", "inspect", "fill", id, "--answers", answers]).exitCode == 0)
            let screen = try open(world, id)
            #expect(try screen.wait(forReverse: "4. Occupants present").ok, "resuming continues at the first unanswered field")
            // r: the next unanswered required field.
            try screen.send(Key.escape + "r")
            #expect(try screen.wait(forReverse: "7. Desk surfaces").ok)
            // g: to a field by label, then by number.
            try screen.send("g")
            #expect(try screen.wait(for: "go to field").ok)
            try screen.send("remarks" + Key.enter)
            #expect(try screen.wait(forReverse: "15. Remarks").ok)
            try screen.send(Key.escape + "g" + "9" + Key.enter)
            #expect(try screen.wait(forReverse: "9. Trash emptied").ok)
            // n: the next unanswered field; Shift-Tab goes back one.
            try screen.send("n")
            #expect(try screen.wait(forReverse: "10. Windows wiped").ok)
            try screen.send(Key.backTab)
            #expect(try screen.wait(forReverse: "9. Trash emptied").ok)
            // i: the section index.
            try screen.send("i")
            #expect(try screen.wait(for: "Sections (Enter jumps)").ok)
            try screen.send(Key.enter)
            #expect(try screen.wait(forReverse: "1. Contact on site").ok)
            try screen.send(Key.escape + "q")
            #expect(try screen.waitForExit().code == 0)
        }
    }

    // MARK: Leaving

    /// Ctrl-C leaves at once with exit 130, the answers kept, a line saying so, and the
    /// terminal exactly as before (`stty -a` on the same terminal before and after).
    @Test(arguments: ["ctrl-c", "ctrl-c twice", "SIGTERM"])
    func ctrlCLeavesWithTheTerminalRestoredAndTheAnswersKept(how: String) async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 1)
            let before = world.home.path("stty.before")
            let after = world.home.path("stty.after")
            let script =
                #"trap ':' INT TERM; stty -a > "$0.before"; "$@"; echo "exit status $?"; stty -a > "$0.after"; echo "modes saved"; sleep 30"#
            let screen = try TerminalScreen(
                "/bin/sh", arguments: ["-c", script, world.home.path("stty"), FieldOpsBinary.path, "jqc", "inspect", "fill", id],
                environment: terminal(world), columns: 120, rows: 40)
            #expect(try screen.wait(forReverse: "1. Toilets and urinals").ok)
            try screen.send("4")
            #expect(try screen.wait(for: "★★★★☆").ok)
            switch how {
            case "ctrl-c": try screen.send(Key.ctrlC)
            case "ctrl-c twice": try screen.send(Key.ctrlC + Key.ctrlC)
            default: try screen.signalForeground(SIGTERM)
            }
            let done = try screen.wait(for: "modes saved")
            #expect(done.ok, "\(done.text)")
            #expect(done.text.contains("exit status 130"))
            // A second Ctrl-C may cut the goodbye short, never the restore.
            if how != "ctrl-c twice" { #expect(done.text.contains("saved so far; 1 of 6 fields answered")) }
            if how != "ctrl-c twice" { #expect(done.text.contains("continue with `fieldops jqc inspect fill \(id)`")) }
            #expect(try String(contentsOfFile: before, encoding: .utf8) == String(contentsOfFile: after, encoding: .utf8))
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["2"] == .rating(4))
        }
    }

    /// Ctrl-E in a textarea hands the text to `$VISUAL` and saves what the editor left.
    @Test func ctrlEEditsATextareaInTheVisualEditor() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 4)
            let editor = try world.file("editor.sh", "#!/bin/sh\nprintf 'from the editor\\nsecond line\\n' > \"$1\"\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
            let screen = try TerminalScreen(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id],
                environment: terminal(world).merging(["VISUAL": editor]) { $1 }, columns: 120, rows: 30)
            #expect(try screen.wait(forReverse: "1. Purpose of visit").ok)
            try screen.send(Key.escape + "g" + "3" + Key.enter)
            #expect(try screen.wait(forReverse: "3. Notes").ok)
            try screen.send("\u{05}")
            #expect(try screen.wait(for: "saved the text from the editor").ok)
            try screen.send(Key.escape + "q")
            #expect(try screen.waitForExit().code == 0)
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["3"] == .text("from the editor\nsecond line"))
        }
    }

    @Test func ctrlCWhileTypingKeepsTheTextTyped() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 4)
            let screen = try TerminalScreen(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id],
                environment: terminal(world), columns: 100, rows: 30)
            #expect(try screen.wait(forReverse: "1. Purpose of visit").ok)
            try screen.send("Quarterly audit")
            #expect(try screen.wait(for: "[Quarterly audit").ok)
            try screen.send(Key.ctrlC)
            #expect(try screen.waitForExit().code == 130)
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["1"] == .text("Quarterly audit"))
        }
    }

    /// Power-safe as it is typed: a `kill -9` (as a power cut would) without leaving the field
    /// loses nothing typed once typing paused; a half-typed number is kept as the text typed,
    /// with no answer for the field, and comes back on reopening with the cursor on it.
    @Test func textTypedIsInTheStoreWithoutLeavingTheFieldAndAHalfTypedNumberStaysText() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 2)
            let first = try open(world, id)
            #expect(try first.wait(forReverse: "1. Contact on site").ok)
            try first.send("Ann Lee")
            #expect(try first.wait(for: "Ann Lee").ok)
            // Saved when typing pauses (the status line says "typing" until then).
            let paused = try first.wait(for: "no score yet · saved")
            #expect(paused.ok, "\(paused.text)")
            try first.signalForeground(SIGKILL)
            #expect(try first.waitForExit().signal == SIGKILL)
            let store = try world.store()
            #expect(try #require(try store.inspection(localID: id)).formData()["f_1712_ab3"] == .text("Ann Lee"))
            #expect(try store.typedText(localID: id) == nil, "the text typed is exactly the answer")

            let second = try open(world, id)
            #expect(try second.wait(for: "Ann Lee").ok)
            let reopened = try second.wait(forReverse: "2. Contact email")
            #expect(reopened.ok, "\(reopened.text)")
            try second.send(Key.tab + Key.tab + "-")
            let partial = try second.wait(for: "\"-\" is not a number")
            #expect(partial.ok, "\(partial.text)")
            #expect(try second.wait(for: "no score yet · saved").ok)
            try second.signalForeground(SIGKILL)
            #expect(try second.waitForExit().signal == SIGKILL)
            #expect(try #require(try store.inspection(localID: id)).formData()["f_1712_d02"] == nil, "never stored as a wrong answer")
            #expect(try store.typedText(localID: id) == JQCStore.TypedText(fieldID: "f_1712_d02", text: "-"))

            // Reopened on that field with what was typed; finishing the number makes it the answer.
            let third = try open(world, id)
            // Wait for the message (drawn last in the frame), then check where the cursor is.
            let back = try third.wait(for: "\"-\" is not a number")
            #expect(back.ok, "\(back.text)")
            #expect(try third.wait(forReverse: "4. Occupants present").ok)
            try third.send("12")
            #expect(try third.wait(untilGone: "is not a number").ok)
            #expect(try third.wait(for: "no score yet · saved").ok)
            try third.signalForeground(SIGKILL)
            #expect(try third.waitForExit().signal == SIGKILL)
            #expect(try #require(try store.inspection(localID: id)).formData()["f_1712_d02"]?.displayText == "-12")
            #expect(try store.typedText(localID: id) == nil)
        }
    }

    // MARK: Review and submit

    @Test func theReviewListsTheRequiredFieldsLeftJumpsToOneAndSubmits() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 1)
            let answers = try world.file("answers.json", #"{"2": 5, "5": "Pass", "6": "Good"}"#)
            #expect(await world.run(["jqc", "inspect", "fill", id, "--answers", answers]).exitCode == 0)
            let screen = try open(world, id, columns: 120, rows: 40)
            #expect(try screen.wait(forReverse: "2. Sinks and mirrors").ok)
            try screen.send(Key.tab + "s")
            let review = try screen.wait(for: "required still empty (1)")
            #expect(review.ok, "\(review.text)")
            let shown = try screen.wait(for: "Inspection \(id)")
            #expect(shown.ok, "the inspection as `inspect show` renders it:\n\(shown.text)")
            try screen.send("x")
            #expect(try screen.wait(for: "cannot submit: 1 required field is empty").ok)
            try screen.send(Key.enter)
            #expect(try screen.wait(forReverse: "2. Sinks and mirrors").ok)
            try screen.send("4" + "s")
            #expect(try screen.wait(for: "every required field is answered: x submits").ok)
            try screen.send("x")
            #expect(try screen.wait(for: "Submit this inspection?").ok)
            try screen.send("y")
            let exit = try screen.waitForExit()
            #expect(exit.code == 0, "\(exit.rawTail)")
            let submitted = try #require(try world.store().inspection(localID: id))
            #expect(submitted.status == .completed)
            #expect(
                submitted.overallScore
                    == InspectionScore.compute(
                        schema: try #require(try world.store().template(id: 1)).schema(), formData: try submitted.formData()))
        }
    }

    // MARK: Signatures

    /// A signature drawn with SGR 1006 mouse reports becomes a PNG that decodes, dark along the
    /// stroke, attached as a photo and uploaded by the next sync.
    @Test func aSignatureDrawnWithTheMouseIsAPNGThatSyncsLikeAPhoto() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 4)
            let screen = try TerminalScreen(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "sign", id, "--field", "Signature"],
                environment: terminal(world), columns: 80, rows: 24)
            #expect(try screen.wait(for: "draw with the mouse").ok)
            // Press at cell (10, 5), drag right to (40, 5) and down to (40, 12), release.
            var reports = "\u{1B}[<0;10;5M"
            for x in stride(from: 12, through: 40, by: 2) { reports += "\u{1B}[<32;\(x);5M" }
            for y in 6...12 { reports += "\u{1B}[<32;40;\(y)M" }
            reports += "\u{1B}[<0;40;12m"
            try screen.send(reports)
            // The horizontal stroke runs through the third dot row of its cells: ⠤.
            let drawn = try screen.wait(for: "⠤⠤⠤⠤")
            #expect(drawn.ok, "the stroke shows as braille:\n\(drawn.text)")
            try screen.send(Key.enter)
            let exit = try screen.waitForExit()
            #expect(exit.code == 0, "\(exit.rawTail)")
            let values = try #require(try world.store().inspection(localID: id)).formData()
            let photoID = try #require(values["4"]?.localPhotoID)
            let photo = try #require(try world.store().photo(localID: photoID))
            #expect(photo.contentType == "image/png")
            let check = try ProcessRunner.run(
                "/usr/bin/env", arguments: ["python3", "-c", Self.pngCheck, try world.store().photoFile(photo)],
                environment: world.environment, timeout: 30)
            // The press at (10, 5) is pad cell (7, 2): dot (15, 10), 4 px a dot, so (62, 42).
            #expect(check.stdout.contains("dark at start: True"), "\(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("dark at corner: True"), "\(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("white at origin: True"), "\(check.stdout)\(check.stderr)")
            // Submitted and synced, it is uploaded like any photo and the field holds the server path.
            let answers = try world.file("answers.json", #"{"1": "Quarterly visit"}"#)
            #expect(await world.run(["jqc", "inspect", "fill", id, "--answers", answers]).exitCode == 0)
            #expect(await world.run(["jqc", "inspect", "submit", id]).exitCode == 0)
            let sync = await world.run(["jqc", "sync"])
            #expect(sync.exitCode == 0, "\(sync.stderr)")
            let synced = try #require(try world.store().inspection(localID: id)).formData()
            #expect(synced["4"]?.text?.hasPrefix("uploads/photos/") == true, "\(String(describing: synced["4"]))")
        }
    }

    /// Runs `fieldops ARGUMENTS` on a pty in a private mount namespace where libpng's file is
    /// /dev/null, so the binary's own dlopen() fails as on a machine without libpng; nothing
    /// outside the namespace changes (`HiddenLibrary`).
    func withoutLibpng(_ world: JQCWorld, _ arguments: [String]) throws -> TerminalScreen {
        let command = HiddenLibrary.command(hiding: "libpng16.so.16", running: FieldOpsBinary.path, arguments)
        return try TerminalScreen(command.executable, arguments: command.arguments, environment: terminal(world), columns: 140, rows: 30)
    }

    /// Without libpng a signature field says what is missing and how to fix it, before any
    /// drawing, and the form goes on: the field takes an image's path instead.
    @Test(.enabled(if: HiddenLibrary.isAvailable, "needs unshare(1) with user and mount namespaces"))
    func withoutLibpngASignatureFieldSaysWhatIsMissingAndTheFormGoesOn() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 4)
            let image = try Outbox(world).jpeg("signed-on-paper.jpg")
            let screen = try withoutLibpng(world, ["jqc", "inspect", "fill", id])
            #expect(try screen.wait(forReverse: "1. Purpose of visit").ok)
            try screen.send(Key.escape + "g" + "Signature" + Key.enter)
            #expect(try screen.wait(forReverse: "4. Signature").ok)
            try screen.send(Key.enter)
            let refused = try screen.wait(for: "cannot draw a signature: libpng (libpng16.so.16) cannot be loaded")
            #expect(refused.ok, "\(refused.text)")
            #expect(refused.text.contains("apt-get install libpng16-16"), "\(refused.text)")
            #expect(!refused.text.contains("draw with the mouse"), "no pad opens for a drawing that cannot be saved")
            try screen.send(image + Key.enter)
            #expect(try screen.wait(for: "attached signed-on-paper.jpg").ok)
            try screen.send(Key.escape + "q")
            #expect(try screen.waitForExit().code == 0)
            #expect(try #require(try world.store().inspection(localID: id)).formData()["4"]?.localPhotoID != nil)

            let sign = try withoutLibpng(world, ["jqc", "inspect", "sign", id, "--field", "Signature"])
            let exit = try sign.waitForExit()
            #expect(exit.code != 0 && exit.code != 99, "\(exit.rawTail)")
            #expect(exit.rawTail.contains("cannot draw a signature: libpng (libpng16.so.16) cannot be loaded"), "\(exit.rawTail)")
            #expect(exit.rawTail.contains("fieldops jqc inspect attach \(id) --field 4"), "\(exit.rawTail)")
            #expect(exit.rawTail.contains("dlopen: "), "the loader's own words: \(exit.rawTail)")
        }
    }

    /// In the form, Enter on a signature field opens the same pad; the PNG lands in the field.
    @Test func enterOnASignatureFieldOfTheFormDrawsIt() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 4)
            let screen = try TerminalScreen(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id],
                environment: terminal(world), columns: 100, rows: 30)
            #expect(try screen.wait(forReverse: "1. Purpose of visit").ok)
            try screen.send(Key.escape + "g" + "Signature" + Key.enter)
            #expect(try screen.wait(forReverse: "4. Signature").ok)
            try screen.send(Key.enter)
            #expect(try screen.wait(for: "draw with the mouse").ok)
            try screen.send("\u{1B}[<0;5;5M\u{1B}[<32;20;5M\u{1B}[<0;20;5m")
            #expect(try screen.wait(for: "⠤⠤⠤").ok)
            try screen.send(Key.enter)
            #expect(try screen.wait(for: "signature saved as PNG").ok)
            #expect(try screen.wait(for: "signed (waiting for upload)").ok)
            try screen.send(Key.escape + "q")
            #expect(try screen.waitForExit().code == 0)
            let values = try #require(try world.store().inspection(localID: id)).formData()
            let photoID = try #require(values["4"]?.localPhotoID)
            let photo = try #require(try world.store().photo(localID: photoID))
            #expect(photo.contentType == "image/png")
        }
    }

    /// Decodes an 8-bit greyscale PNG with zlib and prints what the test checks.
    static let pngCheck = #"""
        import struct, sys, zlib
        data = open(sys.argv[1], "rb").read()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
        pos, idat, width, height = 8, b"", 0, 0
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b"IHDR":
                width, height, depth, colour = struct.unpack(">IIBB", body[:10])
                assert depth == 8 and colour == 0, "expected 8-bit grey"
            elif kind == b"IDAT":
                idat += body
            pos += 12 + length
        raw = zlib.decompress(idat)
        stride = width + 1
        rows, previous = [], bytearray(width)
        for y in range(height):
            kind, line = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
            for x in range(width):
                left = line[x - 1] if x else 0
                up = previous[x]
                upleft = previous[x - 1] if x else 0
                if kind == 1: line[x] = (line[x] + left) & 255
                elif kind == 2: line[x] = (line[x] + up) & 255
                elif kind == 3: line[x] = (line[x] + (left + up) // 2) & 255
                elif kind == 4:
                    p = left + up - upleft
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                    line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else upleft)) & 255
            rows.append(line)
            previous = line
        print("size", width, height)
        print("dark at start:", rows[42][62] < 128)
        print("dark at corner:", rows[42][(37 * 2 + 1) * 4 + 2] < 128)
        print("white at origin:", rows[0][0] == 255)
        """#
}
