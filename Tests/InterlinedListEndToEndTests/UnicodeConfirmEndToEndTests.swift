import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import InterlinedList
import Testing

/// `il list delete` names the list in typographic quotes (“Groceries”) at its confirmation: on a
/// real terminal with no locale in the environment that question crashed libedit. Confirmed with
/// the id it deletes, answered no it keeps the list, and the terminal modes are as before.
@Suite struct UnicodeConfirmEndToEndTests {
    @Test(arguments: ["l001\r", "n\r"])
    func aCurlyQuotedTitleAtTheConfirmationIsAskedAndAnswered(answer: String) async throws {
        try await ILTestBed.with { bed in
            try await bed.login()
            var environment = bed.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 }
            environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            for key in ["LANG", "LC_ALL", "LC_CTYPE"] { environment.removeValue(forKey: key) }
            let stty = bed.home.path("stty")
            let script =
                #"trap ':' INT; stty -a > "$0.before"; "$@"; echo "exit status $?"; stty -a > "$0.after"; echo "modes saved"; sleep 30"#
            let screen = try TerminalScreen(
                "/bin/sh", arguments: ["-c", script, stty, FieldOpsBinary.path, "-p", ILTestBed.profile, "il", "list", "delete", "l001"],
                environment: environment, columns: 60, rows: 20)
            let asked = try screen.wait(for: "“Groceries”")
            #expect(asked.ok, "\(asked.text)")
            try screen.send(answer)
            let done = try screen.wait(for: "modes saved")
            #expect(done.ok, "\(done.text)")
            #expect(done.text.contains(answer == "l001\r" ? "exit status 0" : "exit status 1"), "\(done.text)")
            #expect(
                try String(contentsOfFile: stty + ".after", encoding: .utf8) == String(contentsOfFile: stty + ".before", encoding: .utf8))
            #expect((try await bed.storedList("l001") == nil) == (answer == "l001\r"))
        }
    }
}
