import Foundation
import Testing
@testable import FieldOpsCore

/// Runs the generated completion scripts in real bash, zsh and fish.
///
/// A temp directory holds the three scripts and, on `PATH`, a tiny `fieldops` shell script that
/// logs how it was called and prints the answer the real `DynamicCompleter` gave beforehand for
/// the words the test expects the shell to pass. Checking the log proves the shell passed those
/// words (or, for static completions, that it started no process at all).
final class ShellHarness {
    let directory: URL
    let root = SampleCommandTree.root
    let completer = DynamicCompleter(root: SampleCommandTree.root, provider: FixtureCompletionProvider())

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fieldops-shell-\(UUID().uuidString)")
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for shell in CompletionScript.Shell.allCases {
            try write(CompletionScript.script(for: shell, root: root), to: shell.fileName())
        }
        try write("""
            #!/bin/sh
            # Stands in for fieldops: records each __complete call (words separated by US) and answers.
            [ "$1" = __complete ] || exit 2
            shift
            for word in "$@"; do printf '%s\\037' "$word"; done >> "\(directory.path)/calls.log"
            printf '\\n' >> "\(directory.path)/calls.log"
            cat "\(directory.path)/answer.txt"

            """, to: "bin/fieldops")
        chmod(bin.appendingPathComponent("fieldops").path, 0o755)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    /// Prepares the fake program's answer for `words` and clears the call log.
    func expectCall(_ words: [String]?) throws {
        try write(words.map { DynamicCompleter.render(completer.complete(words: $0)) } ?? "", to: "answer.txt")
        try write("", to: "calls.log")
    }

    /// The `__complete` calls the shell made, each as its list of words.
    func calls() -> [[String]] {
        let log = (try? String(contentsOf: directory.appendingPathComponent("calls.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map { line in line.split(separator: "\u{1F}", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = directory.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        // The shells may create their own config and data directories: keep them out of the working directory.
        let home = directory.appendingPathComponent("home")
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["TERM"] = "xterm"
        return environment
    }

    /// Runs a program with a time limit and returns its standard output.
    func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["30"] + arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Issue.record("\(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(String(decoding: errorData, as: UTF8.self))", sourceLocation: sourceLocation)
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    // MARK: Shells

    /// Bash: source the script, set COMP_WORDS/COMP_CWORD/COMP_LINE/COMP_POINT as readline would
    /// (`compWords` already split at COMP_WORDBREAKS), call the function, print COMPREPLY.
    func bash(_ compWords: [String]) throws -> [String] {
        let line = compWords.joined(separator: " ")
        let driver = """
            source \(Self.shellQuoted(directory.appendingPathComponent("fieldops.bash").path))
            COMP_WORDS=(\(compWords.map(Self.shellQuoted).joined(separator: " ")))
            COMP_CWORD=\(compWords.count - 1)
            COMP_LINE=\(Self.shellQuoted(line))
            COMP_POINT=${#COMP_LINE}
            _fieldops
            printf '%s\\n' "${COMPREPLY[@]}"

            """
        try write(driver, to: "drive.bash")
        return try run(["bash", "--norc", "--noprofile", directory.appendingPathComponent("drive.bash").path])
            .split(separator: "\n").map(String.init)
    }

    /// zsh: an interactive `zsh -f` in a pseudo-terminal (zsh/zpty) with compinit and the script
    /// in `$fpath`; `compadd` is wrapped to print every match it is asked to add, then the line is
    /// typed with a TAB and the shell exits right after completing.
    /// With `sourced`, the script is `source`d after compinit instead of autoloaded from `$fpath`.
    func zsh(_ line: String, sourced: Bool = false) throws -> [String] {
        let script = Self.shellQuoted(directory.appendingPathComponent("_fieldops").path)
        // Markers are split in the source ("<<""HIT>>") so the terminal's echo of it never matches.
        let setup = [
            "PS1= RPS1= PROMPT_EOL_MARK=",
            sourced ? "true" : "fpath=(\(Self.shellQuoted(directory.path)) $fpath)",
            "autoload -Uz compinit && compinit -u -D" + (sourced ? " && source \(script)" : ""),
            "bindkey '^I' complete-word",
            #"compadd() { if [[ ${@[(I)-[OAD]]} -ne 0 ]]; then builtin compadd "$@"; return; fi; local -a __hits; builtin compadd -A __hits "$@"; local h; for h in $__hits; do print -r -- "<<""HIT>>$IPREFIX$h"; done; builtin compadd "$@"; }"#,
            #"__end() { print -r -- "<<""END>>"; exit }"#,
            "comppostfuncs=(__end)",
        ]
        var driver = "zmodload zsh/zpty\nzpty z zsh -f -i\n"
        for command in setup { driver += "zpty -w z \(Self.shellQuoted(command))\n" }
        driver += "zpty -n -w z \(Self.shellQuoted(line))$'\\t'\n"
        driver += "local out\nzpty -r z out '*<<END>>*'\nprint -r -- \"$out\"\nzpty -d z\n"
        try write("() {\n" + driver + "}\n", to: "drive.zsh")
        let output = try run(["zsh", "-f", directory.appendingPathComponent("drive.zsh").path])
        // "\r\n" is one Character in Swift: turn every CR into LF before splitting lines.
        let lines = String(output.unicodeScalars.map { $0 == "\r" ? "\n" : Character($0) }).split(separator: "\n")
        return lines.compactMap { text in
            guard let marker = text.range(of: "<<HIT>>") else { return nil }
            return String(text[marker.upperBound...])
        }
    }

    /// fish: source the script and ask `complete -C` for the line; values only (descriptions dropped).
    func fish(_ line: String) throws -> [String] {
        let command = "source \(Self.shellQuoted(directory.appendingPathComponent("fieldops.fish").path)); complete -C \(Self.shellQuoted(line))"
        return try run(["fish", "-c", command])
            .split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1).first ?? "") }
    }
}
