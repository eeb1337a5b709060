import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// The interactive form of `jqc inspect fill`, driven as a person drives it: the real binary in
/// a pseudo-terminal, or (for the table editor) the in-process command with terminal input.
@Suite
struct InteractiveFillTests {
    @Test func theFormWalksTheGridValidatesGoesBackAndCtrlCKeepsTheAnswersGiven() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let result = try TerminalSession.run(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id],
                environment: world.environment.merging(["NO_COLOR": "1"]) { $1 },
                steps: [
                    .expect("== Fixtures =="),
                    .expect("1. Toilets and urinals *"), .expect("5 = spotless, 1 = unacceptable"),
                    .send("7\n"), .expect("a rating is a whole number from 0 to 5"),
                    .send("4\n"),
                    .expect("2. Sinks and mirrors"), .send("<\n"),
                    .expect("1. Toilets and urinals"), .expect("current: ★★★★☆ 4/5"), .send("\n"),
                    .expect("2. Sinks and mirrors"), .send("***\n"),
                    .expect("3. Supplies restocked"), .expect("y/n"), .send("y\n"),
                    .expect("4. Floor dry and clean"), .expect("1) Pass"), .expect("3) N/A"), .send("1\n"),
                    .expect("5. Odor"), .send("Gd\n"), .expect("did you mean \"Good\""),
                    // Ctrl-C while typing the next answer: only that line is lost.
                    .send("Accep"), .sleep(0.2), .send("\u{03}"),
                ])
            #expect(result.failedStep == nil, "stopped at step \(String(describing: result.failedStep)):\n\(result.output)")
            #expect(result.exit == 130)
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values == ["2": .rating(4), "3": .rating(3), "4": .text("true"), "5": .text("Pass")])
        }
    }

    @Test func aFullPassAttachesThePhotoAndSaysWhatIsLeft() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft()
            let photo = try Outbox(world).jpeg("worst.jpg")
            let result = try TerminalSession.run(
                FieldOpsBinary.path, arguments: ["jqc", "inspect", "fill", id],
                environment: world.environment.merging(["NO_COLOR": "1"]) { $1 },
                steps: [
                    .expect("[1 of 6]"), .send("5\n"),
                    .expect("[2 of 6]"), .send("\n"),  // skipped: stays empty
                    .expect("[3 of 6]"), .send("n\n"),
                    .expect("[4 of 6]"), .send("fail\n"),
                    .expect("[5 of 6]"), .send("2\n"),
                    .expect("6. Photo of the worst spot"), .send("/no/such/file.jpg\n"), .expect("no such file"),
                    .send(photo + "\n"), .expect("attached worst.jpg"),
                    .expect("5 of 6 fields answered"),
                ])
            #expect(result.failedStep == nil, "stopped at step \(String(describing: result.failedStep)):\n\(result.output)")
            #expect(result.exit == 0)
            #expect(result.output.contains("still required: 2. Sinks and mirrors"), "\(result.output)")
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["2"] == .rating(5) && values["3"] == nil && values["4"] == .text("false"))
            #expect(values["5"] == .text("Fail") && values["6"] == .text("Acceptable"))
            #expect(values["7"]?.localPhotoID != nil)
        }
    }

    @Test func tablesAreEditedRowByRowAndQuitSavesWhatWasGiven() async throws {
        try await withWorld { world in
            try await world.ready()
            let id = try await world.startDraft(template: 2)
            // The in-process command with terminal input: same form, no pseudo-terminal.
            let lines = [
                "Ann", "", "2026-02-30", "today", "twelve", "12", "3", "1, kitchenette", "****", "0", "pass", "y", "1", "<", "", "2", "",
                "e", "Paper | 3 | no", "Soap | 1",
                "q",
            ]
            let out = CapturedStream()
            let err = CapturedStream()
            let code = await App(backends: [JQCBackend()]).run(
                arguments: ["jqc", "inspect", "fill", id], environment: world.environment.merging(["NO_COLOR": "1"]) { $1 }, stdout: out,
                stderr: err,
                stdin: FixedInput(lines.joined(separator: "\n") + "\n", isTerminal: true))
            #expect(code == 0, "\(err.text)")
            let values = try #require(try world.store().inspection(localID: id)).formData()
            #expect(values["f_1712_ab3"] == .text("Ann"))
            #expect(values["f_1712_c11"] == .text(JQCDate.formatDay(Date())))
            #expect(values["f_1712_e5f"] == .text("Night"))
            #expect(values["f_1712_f90"] == .list(["Desks", "Kitchenette"]))
            #expect(values["f_1712_g42"] == .rating(4))
            #expect(values["f_1712_h33"] == nil)  // 0 clears
            #expect(values["f_1712_o66"] == .table([["Paper", "3", "no"], ["Soap", "1", ""]]))
            #expect(values["f_1712_p71"] == nil)
            #expect(err.text.contains("columns: Item | Stock | Reorder"))
            #expect(err.text.contains(#""2026-02-30" is not a date; write it as yyyy-MM-dd"#))
            #expect(err.text.contains(#""twelve" is not a number"#))
            #expect(out.text.contains("saved so far"))
        }
    }
}
