import Testing

@testable import FieldOpsCore

/// The generated completion scripts: pinned by snapshots, deterministic, named after the program.
@Suite struct CompletionScriptTests {
    let root = SampleCommandTree.root

    @Test func bashScriptSnapshot() {
        Snapshot.expect(CompletionScript.bash(root: root), matches: "completion.bash")
    }

    @Test func zshScriptSnapshot() {
        Snapshot.expect(CompletionScript.zsh(root: root), matches: "completion.zsh")
    }

    @Test func fishScriptSnapshot() {
        Snapshot.expect(CompletionScript.fish(root: root), matches: "completion.fish")
    }

    @Test func generationIsDeterministic() {
        for shell in CompletionScript.Shell.allCases {
            #expect(CompletionScript.script(for: shell, root: root) == CompletionScript.script(for: shell, root: SampleCommandTree.root))
        }
    }

    @Test func programNameComesFromTheParameter() {
        let bash = CompletionScript.bash(root: root, programName: "fo-dev")
        #expect(bash.contains("complete -F _fo_dev fo-dev"))
        #expect(bash.contains("command fo-dev __complete"))
        #expect(CompletionScript.zsh(root: root, programName: "fo-dev").hasPrefix("#compdef fo-dev\n"))
        #expect(CompletionScript.fish(root: root, programName: "fo-dev").contains("complete -c fo-dev -f -a '(__fo_dev_complete)'"))
        #expect(CompletionScript.Shell.zsh.fileName(programName: "fo-dev") == "_fo-dev")
    }

    @Test func hiddenCommandsAndOptionsAreLeftOut() {
        for shell in CompletionScript.Shell.allCases {
            let script = CompletionScript.script(for: shell, root: root)
            #expect(!script.contains("/__complete'"), "\(shell)")
            #expect(!script.contains("--trace-curl"), "\(shell)")
        }
    }

    @Test func quotesSurviveInDescriptions() {
        let tree = CommandSpec("fieldops", abstract: "", subcommands: [CommandSpec("it's", abstract: "Don't \\ break", action: { _ in })])
        #expect(CompletionScript.bash(root: tree).contains(#"'it'\''s:Don'\''t \ break'"#))
        #expect(CompletionScript.fish(root: tree).contains(#"'it\'s' 'Don\'t \\ break'"#))
    }
}
