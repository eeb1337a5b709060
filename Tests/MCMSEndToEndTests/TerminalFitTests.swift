import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import MCMS

/// Listings and live views at the sizes people work in (an 80×24 SSH window, a 60-column split,
/// a wide desktop), through a real pty read back by a terminal emulator (pyte), with names in
/// Norwegian, CJK, emoji and combining marks.
@Suite struct TerminalFitTests {
    /// (pyte cannot draw a joined emoji sequence such as 👩‍🔧 (it keeps the first emoji and
    /// loses the rest of the line), so the screens here use emoji without joiners; the core
    /// tests lay out 👩‍🔧 itself.)
    static let names = ["Sjøgata 5 “Kvartal” Ålesundsvegen", "東京 ビル 3F 受付", "🔧👷 crew Bjørkelia 107", "Ǹoë café e\u{301}tage 2"]

    func environment(_ harness: MCMSHarness) -> [String: String] {
        var environment = harness.environment
        environment["TERM"] = "xterm-256color"
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["COLUMNS"] = nil
        return environment
    }

    /// A fleet whose first ONUs carry the names above.
    func namedFleet() async throws -> (MCMSHarness, [String]) {
        let harness = try await MCMSHarness(onus: 20)
        try await harness.login()
        let ids = try await harness.onuIDs()
        for (id, name) in zip(ids, Self.names) {
            let renamed = await harness.run(["mcms", "onu", "rename", id, name, "--yes"])
            #expect(renamed.exitCode == 0, "\(renamed.stderr)")
        }
        return (harness, ids)
    }

    @Test(arguments: [60, 80, 200])
    func onuListFitsTheTerminalWithEveryIdWhole(columns: Int) async throws {
        let (harness, ids) = try await namedFleet()
        let screen = try TerminalScreen(
            "/bin/sh", arguments: ["-c", #""$@"; echo "exit status $?"; sleep 30"#, "sh", FieldOpsBinary.path, "mcms", "onu", "list"],
            environment: environment(harness), columns: columns, rows: 40)
        let done = try screen.wait(for: "exit status 0")
        #expect(done.ok, "\(done.text)")
        let lines = done.lines.map { $0.trimmingTrailingWhitespace() }.filter { !$0.isEmpty }
        let header = try #require(lines.firstIndex { $0.hasPrefix("ID") })
        let rows = lines[(header + 1)...].prefix { !$0.hasPrefix("exit status") && !$0.contains("hidden") }
        // One screen line per ONU: a row that wrapped would leave a line not starting with an id.
        #expect(rows.count == 20, "\(done.text)")
        for id in ids { #expect(rows.contains { $0.hasPrefix(id + "  ") }, "\(id) whole at the start of its line") }
        for row in rows {
            let id = row.prefix(12)
            #expect(id.allSatisfy { $0.isLetter || $0.isNumber } && row.dropFirst(12).hasPrefix("  "), "a wrapped or cut row: \(row)")
        }
        if columns >= 200 {
            // (pyte composes e and U+0301 into é: compared in one normal form.)
            func normal(_ text: String) -> String { text.precomposedStringWithCanonicalMapping }
            for name in Self.names { #expect(normal(done.text).contains(normal(name)), "\(name) whole on a wide terminal") }
            #expect(!done.text.contains("hidden"))
        } else {
            #expect(done.text.contains("…"), "long names are cut with …")
            #expect(done.text.contains("hidden"), "the columns left out are said")
            #expect(done.text.contains("--wide or -o json shows"))
        }
    }

    @Test func wideAndPipedOutputAreNeverCut() async throws {
        let (harness, _) = try await namedFleet()
        let wide = await harness.runOnTerminal(["mcms", "onu", "list", "--wide"])
        let piped = await harness.run(["mcms", "onu", "list"])
        for name in Self.names {
            #expect(wide.stdout.contains(name))
            #expect(piped.stdout.contains("\t" + name + "\t"))
        }
        #expect(!wide.stderr.contains("hidden") && !piped.stderr.contains("hidden"))
    }

    /// Runs `arguments` full screen in a `columns`×`rows` terminal behind a shell that saves
    /// `stty -a` before and after.
    func watch(_ harness: MCMSHarness, _ arguments: [String], columns: Int, rows: Int) throws -> (TerminalScreen, String) {
        let stty = harness.home.path("stty-\(columns)x\(rows)")
        let screen = try ModesKeptRun.start(arguments, environment: environment(harness), stty: stty, columns: columns, rows: rows)
        return (screen, stty)
    }

    func quit(_ screen: TerminalScreen, stty: String) throws {
        try ModesKeptRun.quit(screen, stty: stty)
    }

    /// The dashboard at 80×24 and 60×20: health, the OLTs offline and the alarm sparkline on
    /// the first page; the rest reached by scrolling, with a status line saying where.
    @Test(arguments: [(80, 24), (60, 20)])
    func theDashboardScrollsAndShowsItsHealthFirst(columns: Int, rows: Int) async throws {
        let harness = try await MCMSHarness(onus: 60)
        try await harness.login()
        let (screen, stty) = try watch(harness, ["mcms", "dashboard", "--watch", "--interval", "1s"], columns: columns, rows: rows)
        let first = try screen.wait(for: "Trend (2 samples)")
        #expect(first.ok, "\(first.text)")
        for section in ["Health", "OLTs offline", "alarms"] { #expect(first.text.contains(section), "\(section): \(first.text)") }
        #expect(first.lines.contains { $0.contains("alarms") && $0.contains(where: Sparkline.blocks.contains) }, "\(first.text)")
        #expect(first.lines.last?.contains("lines 1–") == true, "\(first.text)")
        #expect(!first.text.contains("Traffic (all OLTs)"), "cut at the bottom")
        // End shows the last section; Home goes back; j/k move a line.
        try screen.send("\u{1B}[F")
        let end = try screen.wait(for: "Traffic (all OLTs)")
        #expect(end.ok, "\(end.text)")
        #expect(end.lines.last?.contains(" of ") == true)
        try screen.send("\u{1B}[H")
        #expect(try screen.wait(for: "lines 1–").ok)
        try screen.send("j")
        #expect(try screen.wait(for: "lines 2–").ok)
        try screen.send(" ")
        let paged = try screen.wait(for: "Traffic (all OLTs)")
        #expect(paged.ok, "one page down reaches the end: \(paged.text)")
        try quit(screen, stty: stty)
    }

    /// `onu show --watch` at 120×24 and 60×20: the alarms, traffic and UNI ports are reached by
    /// paging down; no line is wider than the terminal (long ones wrap).
    @Test(arguments: [(120, 24), (60, 20)])
    func onuShowScrollsToEverySection(columns: Int, rows: Int) async throws {
        let (harness, _) = try await namedFleet()
        // A registered ONU with a state (traffic, UNI ports), given a CJK name.
        let listed = try JSONValue(parsing: await harness.run(["mcms", "onu", "list", "--state", "registered", "--json"]).stdout)
        let id = try #require(listed.arrayValue?.compactMap { $0["id"]?.stringValue }.first { $0.hasPrefix("ALPH") })
        #expect(await harness.run(["mcms", "onu", "rename", id, "東京 ビル 3F 受付", "--yes"]).exitCode == 0)
        let (screen, stty) = try watch(harness, ["mcms", "onu", "show", id, "--watch", "--interval", "1s"], columns: columns, rows: rows)
        let first = try screen.wait(for: "Trend (2 samples)")
        #expect(first.ok, "\(first.text)")
        #expect(first.text.contains("東京 ビル 3F 受付"), "\(first.text)")
        var seen = first.text
        for _ in 0..<6 where !(seen.contains("Traffic") && seen.contains("UNI ports")) {
            try screen.send("\u{1B}[6~")
            try await Task.sleep(for: .milliseconds(300))
            seen += try screen.snapshot().text
        }
        #expect(seen.contains("Traffic") && seen.contains("UNI ports"), "\(seen)")
        try quit(screen, stty: stty)
    }

    /// A single firmware write on a terminal: the listing's progress line is erased before the
    /// verifier's notes, so no two messages share a line.
    @Test func firmwareProgressNeverRunsIntoANote() async throws {
        let (harness, id) = try await FirmwareVerifyTests().prepared()
        let (screen, _) = try watch(
            harness, ["mcms", "onu", "firmware", id, "--file", "ALPH-R4.3.1.bin", "--yes"] + FirmwareVerifyTests.fast, columns: 80,
            rows: 30)
        let done = try screen.wait(for: "exit status", timeout: 150)
        #expect(done.ok, "\(done.text)")
        for line in done.lines where line.contains("listing:") {
            Issue.record("a progress line was left on screen: \(line)")
        }
        for line in done.lines { #expect(line.components(separatedBy: "ONU ").count <= 2, "two messages on one line: \(line)") }
    }

    /// A rollout with a canary on a terminal, answered at its questions: the canary's bar, the
    /// question and the rest's bar never share a line, and no bar is left when it ends.
    @Test func aRolloutsBarsAndQuestionsKeepToTheirOwnLines() async throws {
        let harness = try await MCMSHarness(onus: 80)
        try await harness.login()
        let ids = try await RolloutTests().prepare(harness, count: 5)
        let (screen, stty) = try watch(
            harness,
            ["mcms", "onu", "firmware-bulk"] + RolloutTests.image + ["--ids", ids.joined(separator: ","), "--canary", "2"],
            columns: 80, rows: 30)
        #expect(try screen.wait(for: "Type 5 to confirm").ok)
        try screen.send("5\r")
        let asked = try screen.wait(for: "continue with the remaining 3 ONUs? [y/N]", timeout: 120)
        #expect(asked.ok, "\(asked.text)")
        try screen.send("y\r")
        let done = try screen.wait(for: "modes saved", timeout: 120)
        #expect(done.ok, "\(done.text)")
        #expect(done.text.contains("exit status 0"), "\(done.text)")
        for line in done.lines {
            #expect(!line.contains("█") && !line.contains("░"), "a bar was left on screen: \(line)")
            #expect(line.components(separatedBy: "canary").count <= 2, "two messages on one line: \(line)")
        }
        #expect(done.lines.contains { $0.hasPrefix("canary: 2 verified, 0 failed of 2") }, "\(done.text)")
        #expect(
            try String(contentsOfFile: stty + ".after", encoding: .utf8) == String(contentsOfFile: stty + ".before", encoding: .utf8))
    }
}

/// The real `fieldops` full screen in a pty behind a shell that saves `stty -a` before it starts
/// and after it exits (`STTY.before`, `STTY.after`), so a test can check every way out leaves
/// the terminal's modes as they were.
enum ModesKeptRun {
    static func start(_ arguments: [String], environment: [String: String], stty: String, columns: Int, rows: Int) throws
        -> TerminalScreen
    {
        let script =
            #"trap ':' INT; stty -a > "$0.before"; "$@"; echo "exit status $?"; stty -a > "$0.after"; echo "modes saved"; sleep 30"#
        return try TerminalScreen(
            "/bin/sh", arguments: ["-c", script, stty, FieldOpsBinary.path] + arguments, environment: environment, columns: columns,
            rows: rows)
    }

    /// `q`, then exit 0 and the modes as before.
    static func quit(_ screen: TerminalScreen, stty: String) throws {
        try screen.send("q")
        #expect(try screen.wait(for: "exit status 0").ok)
        #expect(try screen.wait(for: "modes saved").ok)
        #expect(
            try String(contentsOfFile: stty + ".after", encoding: .utf8) == String(contentsOfFile: stty + ".before", encoding: .utf8),
            "stty -a is as before")
    }
}
