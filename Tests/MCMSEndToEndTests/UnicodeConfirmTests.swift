import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// A confirmation whose question holds Norwegian, typographic quotes, CJK or emoji, on a real
/// terminal with no locale in the environment: libedit's prompt needs a UTF-8 locale to take
/// such a question at all (without one it crashed), so fieldops sets one at start.
@Suite struct UnicodeConfirmTests {
    /// Runs `onu rename ID NAME` in an 80×24 pty, answers `answer`, and returns what the screen
    /// showed, the exit line and whether `stty -a` came back unchanged.
    static func rename(to name: String, answer: String, locale: [String: String] = [:]) async throws -> (
        screen: String, renamed: Bool, sttyUnchanged: Bool
    ) {
        let harness = try await MCMSHarness()
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        var environment = harness.environment
        environment["TERM"] = "xterm"
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for key in ["LANG", "LC_ALL", "LC_CTYPE"] { environment.removeValue(forKey: key) }
        environment.merge(locale) { _, new in new }
        let stty = harness.home.path("stty")
        let script =
            #"trap ':' INT; stty -a > "$0.before"; "$@"; echo "exit status $?"; stty -a > "$0.after"; echo "modes saved"; sleep 30"#
        let screen = try TerminalScreen(
            "/bin/sh", arguments: ["-c", script, stty, FieldOpsBinary.path, "mcms", "onu", "rename", id, name],
            environment: environment, columns: 80, rows: 24)
        let asked = try screen.wait(for: "[y/N]")
        #expect(asked.ok, "\(asked.text)")
        try screen.send(answer)
        let done = try screen.wait(for: "modes saved")
        let config = try JSONValue(parsing: try await harness.rawConfig(id))
        let unchanged =
            try String(contentsOfFile: stty + ".after", encoding: .utf8) == String(contentsOfFile: stty + ".before", encoding: .utf8)
        return (done.text, config["ONU"]?["Name"]?.stringValue == name, unchanged)
    }

    static let names = ["Sjøgata 5", "“Kvartal” Ålesundsvegen", "東京 ビル 3F", "👩‍🔧 crew", "Ǹoë café"]

    @Test(arguments: names)
    func aYesAtTheConfirmationRenamesWithAnyScript(name: String) async throws {
        let (screen, renamed, unchanged) = try await Self.rename(to: name, answer: "y\r")
        #expect(screen.contains("exit status 0"), "\(screen)")
        #expect(!screen.contains("Segmentation fault"))
        #expect(renamed, "the ONU is called \(name) now")
        #expect(unchanged, "stty -a is as before")
    }

    @Test(arguments: ["Sjøgata 5", "東京 ビル 3F"])
    func aNoAtTheConfirmationChangesNothing(name: String) async throws {
        let (screen, renamed, unchanged) = try await Self.rename(to: name, answer: "n\r")
        #expect(screen.contains("exit status 1"), "\(screen)")
        #expect(screen.contains("was not confirmed"))
        #expect(!renamed)
        #expect(unchanged)
    }

    @Test func ctrlCAtTheConfirmationExits130AndRestoresTheTerminal() async throws {
        let (screen, renamed, unchanged) = try await Self.rename(to: "Sjøgata 5 👩‍🔧", answer: "\u{03}")
        #expect(screen.contains("exit status 130"), "\(screen)")
        #expect(!renamed)
        #expect(unchanged)
    }

    /// A locale the environment names that is not UTF-8 is replaced too; a UTF-8 one is kept.
    @Test(arguments: [["LANG": "C"], ["LC_ALL": "POSIX"], ["LANG": "nb_NO.ISO-8859-1"], ["LC_CTYPE": "C.UTF-8"]])
    func anyLocaleInTheEnvironmentStillTakesTheQuestion(locale: [String: String]) async throws {
        let (screen, renamed, unchanged) = try await Self.rename(to: "Åse Øvrebø", answer: "y\r", locale: locale)
        #expect(screen.contains("exit status 0"), "\(screen)")
        #expect(renamed)
        #expect(unchanged)
    }
}
