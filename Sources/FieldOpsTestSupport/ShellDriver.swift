import Foundation

/// Runs fieldops' completion scripts in real bash, zsh and fish (tests only).
///
/// A temp directory holds the scripts and a `bin/` directory that goes first on `PATH`, where a
/// test puts the `fieldops` the scripts call for dynamic values: the real binary (end-to-end) or
/// a stand-in that answers fixed candidates (unit tests of the scripts).
public final class ShellDriver: @unchecked Sendable {
    // @unchecked: immutable after init; tests use one driver from one task.
    public let directory: URL
    public let extraEnvironment: [String: String]

    public init(scripts: [String: String], extraEnvironment: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fieldops-shell-\(UUID().uuidString)")
        self.extraEnvironment = extraEnvironment
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("bin"), withIntermediateDirectories: true)
        for (name, text) in scripts {
            try write(text, to: name)
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    public func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    /// Puts `fieldops` on the shells' PATH: a link to `target`.
    public func linkProgram(to target: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("bin/fieldops").path, withDestinationPath: target)
    }

    /// Puts `fieldops` on the shells' PATH: a shell script with this body.
    public func installProgram(script: String) throws {
        try write(script, to: "bin/fieldops")
        chmod(directory.appendingPathComponent("bin/fieldops").path, 0o755)
    }

    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = directory.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        // The shells may create their own config and data directories: keep them out of the working directory.
        let home = directory.appendingPathComponent("home")
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["TERM"] = "xterm"
        environment.merge(extraEnvironment) { _, new in new }
        return environment
    }

    public struct ShellFailure: Error, CustomStringConvertible {
        public var command: String
        public var status: Int32
        public var stderr: String
        public var description: String { "\(command) exited \(status): \(stderr)" }
    }

    /// Runs a program in the driver's directory with a time limit and returns its standard output; a failure throws.
    public func run(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run(
            "/usr/bin/timeout", arguments: ["30"] + arguments, environment: environment, currentDirectory: directory,
            timeout: 40)
        if result.exitCode != 0 {
            throw ShellFailure(command: arguments.joined(separator: " "), status: result.exitCode, stderr: result.stderr)
        }
        return result.stdout
    }

    public static func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    // MARK: Shells

    /// Bash: source the script, set COMP_WORDS/COMP_CWORD/COMP_LINE/COMP_POINT as readline would
    /// (`compWords` already split at COMP_WORDBREAKS), call the function, print COMPREPLY.
    public func bash(_ compWords: [String]) throws -> [String] {
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
    public func zsh(_ line: String, sourced: Bool = false) throws -> [String] {
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
    public func fish(_ line: String) throws -> [String] {
        let command =
            "source \(Self.shellQuoted(directory.appendingPathComponent("fieldops.fish").path)); complete -C \(Self.shellQuoted(line))"
        return try run(["fish", "-c", command])
            .split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1).first ?? "") }
    }
}
