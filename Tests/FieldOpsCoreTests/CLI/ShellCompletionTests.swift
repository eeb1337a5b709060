import Foundation
import Testing

@testable import FieldOpsCore

/// The generated scripts completing in real shells: bash (COMP_WORDS driven), zsh (interactive
/// in a pseudo-terminal) and fish (`complete -C`).
@Suite struct ShellCompletionTests {
    let profiles = ["site-a", "site-b", "lab-pon"]
    let states = ["registered", "unprovisioned", "deregistered", "disabled", "dying-gasp", "unknown"]

    // MARK: bash

    @Test func bashCompletesCommandsWithoutStartingAProcess() throws {
        let shell = try ShellHarness()
        try shell.expectCall(nil)
        #expect(try shell.bash(["fieldops", "j"]) == ["jqc"])
        #expect(try shell.bash(["fieldops", "jqc", "inspect", "st"]) == ["start"])
        // Nothing to insert: the list shows each command with its description, as zsh and fish do.
        #expect(
            try shell.bash(["fieldops", "jqc", "i", ""]) == [
                "start   (Start an inspection from a template.)",
                "attach  (Attach a photo to a field.)",
                "list    (List local inspections.)",
            ])
        #expect(try shell.bash(["fieldops", "jqc", "sync", "--d"]) == ["--dry-run"])
        #expect(try shell.bash(["fieldops", "mcms", "onu", "list", "--state", ""]) == states)
        #expect(try shell.bash(["fieldops", "-o", "j"]) == ["json"])
        #expect(shell.calls().isEmpty)
    }

    @Test func bashCompletesValuesAfterEqualsAsReadlineSplitsThem() throws {
        let shell = try ShellHarness()
        try shell.expectCall(nil)
        #expect(try shell.bash(["fieldops", "mcms", "onu", "list", "--state", "=", "dy"]) == ["dying-gasp"])
        #expect(try shell.bash(["fieldops", "mcms", "onu", "list", "--state", "="]) == states)
    }

    @Test func bashAsksTheProgramForProfileNames() throws {
        let shell = try ShellHarness()
        try shell.expectCall(["-p", ""])
        #expect(
            try shell.bash(["fieldops", "-p", ""]) == [
                "site-a   (jqc https://qc.example.com)",
                "site-b   (jqc https://qc-b.example.com)",
                "lab-pon  (mcms https://mcms.lab.example.net/api)",
            ])
        #expect(shell.calls() == [["-p", ""]])
        try shell.expectCall(["jqc", "sync", "--profile", "site"])
        #expect(try shell.bash(["fieldops", "jqc", "sync", "--profile", "=", "site"]) == ["site-a", "site-b"])
        #expect(shell.calls() == [["jqc", "sync", "--profile", "site"]])
    }

    @Test func bashKeepsAValueWithSpacesOneWord() throws {
        let shell = try ShellHarness()
        let start = ["fieldops", "jqc", "inspect", "start", "--facility"]
        // Both share "North d": that much goes in, escaped, and the list is not shown yet.
        try shell.expectCall(["jqc", "inspect", "start", "--facility", ""])
        #expect(try shell.bash(start + [""]) == [#"North\ depot"#, #"North\ dock"#])
        // Typed with its escape, one match: the whole name, escaped, so it stays one word.
        try shell.expectCall(["jqc", "inspect", "start", "--facility", "North dep"])
        #expect(try shell.bash(start + [#"North\ dep"#]) == [#"North\ depot"#])
        #expect(shell.calls() == [["jqc", "inspect", "start", "--facility", "North dep"]])
        // Begun with a quote: readline inserts inside it, so the name goes in as it is.
        try shell.expectCall(["jqc", "inspect", "start", "--facility", "North doc"])
        #expect(try shell.bash(start + ["'North doc"]) == ["North dock"])
    }

    @Test func bashDynamicValuesWithColonsReplaceOnlyTheLastPiece() throws {
        let shell = try ShellHarness()
        let words = ["-p", "lab-pon", "mcms", "onu", "list", "--olt", "00:11:22:33:44:6"]
        try shell.expectCall(words)
        let compWords = [
            "fieldops", "-p", "lab-pon", "mcms", "onu", "list", "--olt", "00", ":", "11", ":", "22", ":", "33", ":", "44", ":", "6",
        ]
        #expect(try shell.bash(compWords) == ["66"])
        #expect(shell.calls() == [words])
    }

    @Test func bashCompletesDynamicPositionalsAndFiles() throws {
        let shell = try ShellHarness()
        try shell.expectCall(["mcms", "onu", "show", ""])
        #expect(try shell.bash(["fieldops", "mcms", "onu", "show", ""]) == ["onu-1001", "onu-1002"])
        try shell.write("a: 1\n", to: "config.yaml")
        try shell.expectCall(nil)
        #expect(try shell.bash(["fieldops", "--config", "conf"]) == ["config.yaml"])
        #expect(shell.calls().isEmpty)
    }

    // MARK: zsh

    @Test func zshCompletesCommandsAndChoices() throws {
        let shell = try ShellHarness()
        try shell.expectCall(nil)
        #expect(try shell.zsh("fieldops j") == ["jqc"])
        #expect(try shell.zsh("fieldops jqc inspect st") == ["start"])
        #expect(try shell.zsh("fieldops mcms onu list --state ").sorted() == states.sorted())
        #expect(try shell.zsh("fieldops mcms onu list --state=dy") == ["--state=dying-gasp"])
        #expect(try shell.zsh("fieldops jqc sync --dr") == ["--dry-run"])
        #expect(shell.calls().isEmpty)
    }

    @Test func zshAsksTheProgramForDynamicValues() throws {
        let shell = try ShellHarness()
        try shell.expectCall(["-p", ""])
        #expect(try shell.zsh("fieldops -p ").sorted() == profiles.sorted())
        #expect(shell.calls() == [["-p", ""]])
        let words = ["-p", "lab-pon", "mcms", "onu", "list", "--olt", "00:11:22:33:44:6"]
        try shell.expectCall(words)
        #expect(try shell.zsh("fieldops " + words.joined(separator: " ")) == ["00:11:22:33:44:66"])
        #expect(shell.calls() == [words])
    }

    @Test func zshScriptAlsoWorksWhenSourced() throws {
        let shell = try ShellHarness()
        try shell.expectCall(nil)
        #expect(try shell.zsh("fieldops mcms onu list --state d", sourced: true) == ["deregistered", "disabled", "dying-gasp"])
    }

    @Test func zshCompletesFilesThroughItsOwnFileCompletion() throws {
        let shell = try ShellHarness()
        try shell.write("a: 1\n", to: "config.yaml")
        try shell.expectCall(nil)
        #expect(try shell.zsh("fieldops --config conf") == ["config.yaml"])
        #expect(shell.calls().isEmpty)
    }

    // MARK: fish

    @Test func fishCompletesCommandsAndChoices() throws {
        let shell = try ShellHarness()
        try shell.expectCall(nil)
        #expect(try shell.fish("fieldops j") == ["jqc"])
        #expect(try shell.fish("fieldops jqc inspect st") == ["start"])
        #expect(try shell.fish("fieldops mcms onu list --state ").sorted() == states.sorted())
        #expect(try shell.fish("fieldops mcms onu list --state=dy") == ["--state=dying-gasp"])
        #expect(try shell.fish("fieldops jqc sync --dr") == ["--dry-run"])
        #expect(shell.calls().isEmpty)
    }

    @Test func fishAsksTheProgramForDynamicValues() throws {
        let shell = try ShellHarness()
        try shell.expectCall(["-p", ""])
        #expect(try shell.fish("fieldops -p ").sorted() == profiles.sorted())
        #expect(shell.calls() == [["-p", ""]])
        try shell.expectCall(["mcms", "onu", "show", "onu-100"])
        #expect(try shell.fish("fieldops mcms onu show onu-100") == ["onu-1001", "onu-1002"])
        #expect(shell.calls() == [["mcms", "onu", "show", "onu-100"]])
    }

    @Test func fishCompletesFilesAndDirectories() throws {
        let shell = try ShellHarness()
        try shell.write("a: 1\n", to: "config.yaml")
        try shell.expectCall(nil)
        #expect(try shell.fish("fieldops --config conf") == ["config.yaml"])
        #expect(try shell.fish("fieldops jqc export bi") == ["bin/"])
        #expect(shell.calls().isEmpty)
    }
}
