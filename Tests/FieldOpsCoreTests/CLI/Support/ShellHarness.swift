import FieldOpsTestSupport
import Foundation

@testable import FieldOpsCore

/// Runs the sample tree's completion scripts in real bash, zsh and fish.
///
/// On `PATH`, a tiny `fieldops` shell script logs how it was called and prints the answer the
/// real `DynamicCompleter` gave beforehand for the words the test expects the shell to pass.
/// Checking the log proves the shell passed those words (or, for static completions, that it
/// started no process at all).
final class ShellHarness {
    let driver: ShellDriver
    let root = SampleCommandTree.root
    let completer = DynamicCompleter(root: SampleCommandTree.root, provider: FixtureCompletionProvider())

    var directory: URL { driver.directory }

    init() throws {
        var scripts: [String: String] = [:]
        for shell in CompletionScript.Shell.allCases {
            scripts[shell.fileName()] = CompletionScript.script(for: shell, root: SampleCommandTree.root)
        }
        driver = try ShellDriver(scripts: scripts)
        let directory = driver.directory
        try driver.installProgram(
            script: """
                #!/bin/sh
                # Stands in for fieldops: records each __complete call (words separated by US) and answers.
                [ "$1" = __complete ] || exit 2
                shift
                for word in "$@"; do printf '%s\\037' "$word"; done >> "\(directory.path)/calls.log"
                printf '\\n' >> "\(directory.path)/calls.log"
                cat "\(directory.path)/answer.txt"

                """)
    }

    func write(_ text: String, to name: String) throws { try driver.write(text, to: name) }

    /// Prepares the fake program's answer for `words` and clears the call log.
    func expectCall(_ words: [String]?) throws {
        try write(words.map { DynamicCompleter.render(completer.complete(words: $0)) } ?? "", to: "answer.txt")
        try write("", to: "calls.log")
    }

    /// The `__complete` calls the shell made, each as its list of words.
    func calls() -> [[String]] {
        let log = (try? String(contentsOf: directory.appendingPathComponent("calls.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map { line in
            line.split(separator: "\u{1F}", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    var environment: [String: String] { driver.environment }
    func run(_ arguments: [String]) throws -> String { try driver.run(arguments) }
    static func shellQuoted(_ text: String) -> String { ShellDriver.shellQuoted(text) }
    func bash(_ compWords: [String]) throws -> [String] { try driver.bash(compWords) }
    func zsh(_ line: String, sourced: Bool = false) throws -> [String] { try driver.zsh(line, sourced: sourced) }
    func fish(_ line: String) throws -> [String] { try driver.fish(line) }
}
