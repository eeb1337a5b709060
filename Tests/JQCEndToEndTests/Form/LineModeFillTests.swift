import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// `fill --line` (and fill on a terminal that cannot show the form): one prompt per field with
/// libedit's line editing and history, the navigation commands, and resuming where it stopped.
@Suite
struct LineModeFillTests {
    @Test func arrowsEditTheLineHistoryRecallsAndColonCommandsMove() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let environment = world.environment.merging(["NO_COLOR": "1", "TERM": "xterm"]) { $1 }
            let result = try TerminalSession.run(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id, "--line"], environment: environment,
                steps: [
                    // "45", ← , Backspace deletes the 4: the answer is 5.
                    .expect("1. Toilets and urinals"), .expect("> "), .send("45"), .send("\u{1B}[D"), .send("\u{7F}"), .send("\r"),
                    // ↑ recalls the 5 typed before.
                    .expect("2. Sinks and mirrors"), .expect("> "), .send("\u{1B}[A"), .sleep(0.2), .send("\r"),
                    .expect("3. Supplies restocked"), .expect("> "), .send(":goto Odor\r"),
                    .expect("5. Odor"), .expect("> "), .send(":required\r"),
                    .expect("4. Floor dry and clean"), .expect("> "), .send("1\r"),
                    .expect("5. Odor"), .expect("> "), .send(":next\r"),
                    .expect("6. Photo of the worst spot"), .expect("> "), .send(":review\r"),
                    .expect("Inspection \(id)"), .expect("every required field is answered"),
                    .expect("> "), .send("q\r"),
                    .expect("saved so far"),
                ])
            #expect(result.failedStep == nil, "stopped at step \(String(describing: result.failedStep)):\n\(result.output)")
            #expect(result.exit == 0, "\(result.output)")
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["2"] == .rating(5))
            #expect(values["3"] == .rating(5), "the up arrow recalled 5")
            #expect(values["5"] == .text("Pass"))

            // Resuming starts at the first unanswered field, not at field 1.
            let again = try TerminalSession.run(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id], environment: environment.merging(["TERM": "dumb"]) { $1 },
                steps: [
                    .expect("resuming at 3. Supplies restocked"), .expect("[3 of 6]"), .expect("> "), .send("q\r"),
                    .expect("saved so far"),
                ])
            #expect(again.failedStep == nil, "\(again.output)")
            #expect(!again.output.contains("[1 of 6]"))
        }
    }

    /// With no locale in the environment (a C program starts in "C"), libedit could not turn
    /// a typed `Åse Øvrebø` into bytes: the answer was lost and the old one kept. Every script
    /// typed reaches the store byte for byte.
    @Test(arguments: ["Åse Øvrebø", "“Kvartal” 東京", "👩‍🔧 Noë Ǹ", "שלום"])
    func anAnswerInAnyScriptReachesTheStoreExactly(answer: String) async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 2)
            var environment = world.environment.merging(["NO_COLOR": "1", "TERM": "xterm"]) { $1 }
            for key in ["LANG", "LC_ALL", "LC_CTYPE"] { environment.removeValue(forKey: key) }
            let result = try TerminalSession.run(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id, "--line"], environment: environment,
                steps: [
                    .expect("Contact on site"), .expect("> "), .send(answer + "\r"),
                    .expect("Contact email"), .expect("> "), .send("q\r"),
                    .expect("saved so far"),
                ])
            #expect(result.failedStep == nil, "stopped at step \(String(describing: result.failedStep)):\n\(result.output)")
            #expect(result.exit == 0, "\(result.output)")
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["f_1712_ab3"] == .text(answer))
        }
    }

    @Test func aTableThatDoesNotValidateKeepsTheRowsTyped() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 2)
            let lines = [":goto Consumables", "e", "Paper | 3 | no | extra", "Soap | 1", "Paper | 3 | no", "", "q"]
            let out = CapturedStream()
            let err = CapturedStream()
            let code = await App(backends: [JQCBackend()]).run(
                arguments: ["jqc", "inspect", "fill", id, "--line"], environment: world.environment.merging(["NO_COLOR": "1"]) { $1 },
                stdout: out, stderr: err, stdin: FixedInput(lines.joined(separator: "\n") + "\n", isTerminal: true))
            #expect(code == 0, "\(err.text)")
            #expect(err.text.contains("cells separated by |"))
            #expect(err.text.contains("the rows typed are kept"), "\(err.text)")
            // The second pass showed the rows typed; the first was fixed and Enter kept the second.
            #expect(err.text.contains("row 2 of 2 [Soap | 1 | ]"), "\(err.text)")
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["f_1712_o66"] == .table([["Paper", "3", "no"], ["Soap", "1", ""]]))
        }
    }
}
