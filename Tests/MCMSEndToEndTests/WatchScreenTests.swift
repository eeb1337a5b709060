import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// `--watch` on a real pseudo-terminal, read back through a terminal emulator (pyte) as a person
/// sees it: the redraw, a changed value in reverse video, an outage ridden out, and the
/// terminal exactly as it was after `q` or Ctrl-C.
@Suite struct WatchScreenTests {
    /// The environment of a person at a colour terminal.
    func terminalEnvironment(_ harness: MCMSHarness) -> [String: String] {
        var environment = harness.environment
        environment["TERM"] = "xterm-256color"
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["NO_COLOR"] = nil
        return environment
    }

    @Test func aChangedValueIsHighlightedOnTheNextRefresh() async throws {
        let harness = try await MCMSHarness(onus: 20)
        try await harness.login()
        let id = try await harness.onuIDs()[0]
        try await harness.editState(id) { try $0.set(.number(JSONNumber(lexeme: "-18.20")!), at: ["STATS", "RX Optical Level"]) }
        let screen = try TerminalScreen(
            FieldOpsBinary.path, arguments: ["mcms", "onu", "show", id, "--watch", "--interval", "1s"],
            environment: terminalEnvironment(harness))
        let first = try screen.wait(for: "Trend (2 samples)")
        #expect(first.ok, "\(first.text)")
        #expect(first.text.contains("Every 1s: fieldops mcms onu show \(id)"))
        #expect(first.text.contains("-18.20 dBm"))
        // Nothing changed between the first two refreshes: nothing is marked.
        #expect(first.reverseFlags(of: "-18.20 dBm", on: { !$0.contains(where: Sparkline.blocks.contains) })?.contains(true) == false)

        try await harness.editState(id) { try $0.set(.number(JSONNumber(lexeme: "-23.75")!), at: ["STATS", "RX Optical Level"]) }
        let changed = try screen.wait(forReverse: "23.75")
        #expect(changed.ok, "\(changed.text)")
        #expect(changed.reverseFlags(of: "TX level")?.contains(true) == false)
        // The refresh after that has nothing new: the mark goes away, as with watch -d.
        let settled = try screen.wait(for: "Trend (\(try #require(trendCount(changed.text)) + 1) samples)")
        // (The trend line's sparkline moves on every refresh: the reading's own line is meant.)
        let reading = { (line: String) in !line.contains(where: Sparkline.blocks.contains) }
        #expect(settled.reverseFlags(of: "-23.75 dBm", on: reading)?.contains(true) == false, "\(settled.text)")
        // The sparkline has a sample per refresh, the jump visible in it.
        let trend = try #require(settled.lines.first { $0.contains("RX level") && $0.contains("▁") })
        #expect(trend.filter { Sparkline.blocks.contains($0) }.count >= 3)
        #expect(trend.contains("█"))
        try screen.send("q")
        let exit = try screen.waitForExit()
        #expect(exit.code == 0, "\(exit.rawTail)")
        #expect(exit.leftAlternateScreen && exit.showedCursor)
    }

    @Test func theWatchRidesOutTheApplianceGoingAwayAndComingBack() async throws {
        let harness = try await MCMSHarness(onus: 20)
        // The restarted appliance has forgotten the session: the remembered password logs in again.
        try await harness.login(options: ["--remember-password"])
        let screen = try TerminalScreen(
            FieldOpsBinary.path, arguments: ["mcms", "dashboard", "--watch", "--interval", "1s"],
            environment: terminalEnvironment(harness))
        #expect(try screen.wait(for: "Registration").ok)
        harness.emulator.stop()
        let down = try screen.wait(for: "refresh failed — retrying")
        #expect(down.ok, "\(down.text)")
        #expect(down.text.contains("Registration"), "the last good frame stays on screen")
        try await harness.restartEmulator()
        let back = try screen.wait(untilGone: "refresh failed", timeout: 30)
        #expect(back.ok, "\(back.text)")
        #expect(back.text.contains("ONUs"))
        try screen.send("q")
        #expect(try screen.waitForExit().code == 0)
    }

    /// `q` and Ctrl-C both leave the terminal in the modes it had (checked with `stty -a` on the
    /// same terminal before and after), with the alternate screen left and the cursor shown.
    @Test(arguments: [("q", Int32(0)), ("\u{03}", Int32(130))])
    func quittingRestoresTheTerminal(key: String, code: Int32) async throws {
        let harness = try await MCMSHarness(onus: 20)
        try await harness.login()
        let before = harness.home.path("stty.before")
        let after = harness.home.path("stty.after")
        let script =
            #"trap ':' INT; stty -a > "$0.before"; "$@"; echo "exit status $?"; stty -a > "$0.after"; echo "modes saved"; sleep 30"#
        let screen = try TerminalScreen(
            "/bin/sh",
            arguments: [
                "-c", script, harness.home.path("stty"), FieldOpsBinary.path,
                "mcms", "olt", "list", "--watch", "--interval", "1s",
            ],
            environment: terminalEnvironment(harness))
        #expect(try screen.wait(for: "q quits").ok)
        try screen.send(key)
        let done = try screen.wait(for: "exit status \(code)")
        #expect(done.ok, "\(done.text)")
        #expect(try screen.wait(for: "modes saved").ok)
        let modes = (try? String(contentsOfFile: before, encoding: .utf8)) ?? "missing"
        #expect(FileManager.default.fileExists(atPath: after))
        #expect(try String(contentsOfFile: after, encoding: .utf8) == modes)
        #expect(modes.contains(" icanon") && modes.contains(" echo"))
        try screen.send("\u{03}")
        let exit = try screen.waitForExit()
        #expect(exit.leftAlternateScreen && exit.showedCursor)
    }

    func trendCount(_ text: String) -> Int? {
        guard let range = text.range(of: "Trend (") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
