import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// Ctrl-C at a prompt on a real terminal: the command ends at once with exit 130 (no Enter
/// needed) and the terminal is left with the modes it had, echo on, also after a second Ctrl-C.
@Suite
struct PromptInterruptTests {
    /// Runs `fieldops ARGS` on a pty under a shell that saves `stty -a` before and after.
    func interrupted(_ arguments: [String], waitingFor prompt: String, keys: String) throws -> (
        screen: TerminalScreen.Screen, before: String, after: String
    ) {
        let home = try FieldOpsHome(extraEnvironment: ["TERM": "xterm"])
        defer { home.remove() }
        try home.writeConfig(
            "default_profile: site\nprofiles:\n  site:\n    backend: jqc\n    base_url: https://qc.example.invalid\n    username: inspector\n"
        )
        let stty = home.directory.path("stty")
        let script =
            #"trap ':' INT; stty -a > "$0.before"; "$@"; echo "exit status $?"; stty -a > "$0.after"; echo "modes saved"; sleep 30"#
        let screen = try TerminalScreen(
            "/bin/sh", arguments: ["-c", script, stty, FieldOpsBinary.path] + arguments,
            environment: home.environment, columns: 120, rows: 30)
        let asked = try screen.wait(for: prompt)
        #expect(asked.ok, "\(asked.text)")
        try screen.send(keys)
        let done = try screen.wait(for: "modes saved")
        return (
            done, try String(contentsOfFile: stty + ".before", encoding: .utf8),
            try String(contentsOfFile: stty + ".after", encoding: .utf8)
        )
    }

    @Test(arguments: ["\u{03}", "\u{03}\u{03}"])
    func ctrlCAtThePasswordPromptExits130WithEchoBackOn(keys: String) throws {
        let (screen, before, after) = try interrupted(["auth", "login"], waitingFor: "Password for inspector", keys: "sec" + keys)
        #expect(screen.text.contains("exit status 130"), "\(screen.text)")
        #expect(after == before, "stty -a before:\n\(before)\nafter:\n\(after)")
        #expect(after.contains(" echo ") || after.contains("\necho ") || after.contains(" echo\n"))
        #expect(!screen.text.contains("sec"), "the secret was never echoed")
    }

    @Test(arguments: ["\u{03}", "\u{03}\u{03}"])
    func ctrlCAtALinePromptExits130WithTheTerminalAsItWas(keys: String) throws {
        // The username prompt is a libedit line prompt (the profile has no username here).
        let home = try FieldOpsHome(extraEnvironment: ["TERM": "xterm"])
        defer { home.remove() }
        try home.writeConfig("default_profile: site\nprofiles:\n  site:\n    backend: jqc\n    base_url: https://qc.example.invalid\n")
        let stty = home.directory.path("stty")
        let script =
            #"trap ':' INT; stty -a > "$0.before"; "$@"; echo "exit status $?"; stty -a > "$0.after"; echo "modes saved"; sleep 30"#
        let screen = try TerminalScreen(
            "/bin/sh", arguments: ["-c", script, stty, FieldOpsBinary.path, "auth", "login"],
            environment: home.environment, columns: 120, rows: 30)
        #expect(try screen.wait(for: "Username for site").ok)
        try screen.send("ines" + "\u{1B}[D" + keys)
        let done = try screen.wait(for: "modes saved")
        #expect(done.ok, "\(done.text)")
        #expect(done.text.contains("exit status 130"), "\(done.text)")
        let before = try String(contentsOfFile: stty + ".before", encoding: .utf8)
        let after = try String(contentsOfFile: stty + ".after", encoding: .utf8)
        #expect(after == before, "stty -a before:\n\(before)\nafter:\n\(after)")
    }
}
