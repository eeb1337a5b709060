import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// Ctrl-C at a typed-id confirmation (`onu reset`) on a real terminal: the core's prompt reader
/// ends the wait at once with exit 130, nothing is reset, and `stty -a` is as before, also
/// after a second Ctrl-C.
@Suite struct ConfirmInterruptTests {
    @Test(arguments: ["\u{03}", "\u{03}\u{03}"])
    func ctrlCAtATypedIDConfirmationExits130AndResetsNothing(keys: String) async throws {
        let harness = try await MCMSHarness(onus: 5)
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        var environment = harness.environment
        environment["TERM"] = "xterm"
        // The python with pyte is the one on the test runner's PATH.
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let stty = harness.home.path("stty")
        let script =
            #"trap ':' INT; stty -a > "$0.before"; "$@"; echo "exit status $?"; stty -a > "$0.after"; echo "modes saved"; sleep 30"#
        let screen = try TerminalScreen(
            "/bin/sh", arguments: ["-c", script, stty, FieldOpsBinary.path, "mcms", "onu", "reset", id],
            environment: environment, columns: 120, rows: 30)
        #expect(try screen.wait(for: "Type \(id) to confirm").ok)
        try screen.send(String(id.prefix(3)) + keys)
        let done = try screen.wait(for: "modes saved")
        #expect(done.ok, "\(done.text)")
        #expect(done.text.contains("exit status 130"), "\(done.text)")
        #expect(try String(contentsOfFile: stty + ".after", encoding: .utf8) == String(contentsOfFile: stty + ".before", encoding: .utf8))
        let requests = try await harness.emulator.requests()
        #expect(!requests.contains { $0.method == "PUT" }, "nothing was reset")
    }
}
