import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// The built `fieldops` executable, run as a real process: version, checked-in completion
/// scripts, real shells completing through `fieldops __complete`, and external commands.
@Suite struct RealBinaryTests {
    static let packageRoot = Emulator.packageRoot

    @Test func versionAnswers() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        let outcome = try home.runBinary(["--version"])
        #expect(outcome.exitCode == 0)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "fieldops \(FieldOpsVersion.current)")
        #expect(FieldOpsVersion.current.hasPrefix(FieldOpsVersion.base) || FieldOpsVersion.current.first?.isNumber == true)
        for library in ["commit:", "libcurl:", "SQLite:", "libyaml:", "libsodium:"] {
            #expect(lines.contains { $0.hasPrefix(library) }, "\(library) missing from \(outcome.stdout)")
        }
        #expect(try home.runBinary(["version"]).stdout == outcome.stdout)

        // Built by `make` from a git checkout: the commit is the checkout's HEAD (or an older
        // one when only the header was not rewritten), and describe names it.
        if let commit = FieldOpsVersion.commit {
            #expect(commit.count == 40 && commit.allSatisfy(\.isHexDigit))
            #expect(lines.contains("commit:    \(commit)"))
            #expect(FieldOpsVersion.current.contains(String(commit.prefix(12))) || !FieldOpsVersion.current.contains("-g"))
        }
        let json = try home.runBinary(["version", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? String == FieldOpsVersion.current)
        let libraries = try #require(object["libraries"] as? [String: Any])
        #expect((libraries["sqlite"] as? String)?.split(separator: ".").count == 3)
        #expect((libraries["libcurl"] as? String)?.isEmpty == false)
        #expect((libraries["libyaml"] as? String)?.isEmpty == false)
        #expect((libraries["libsodium"] as? String)?.isEmpty == false)
    }

    @Test(arguments: CompletionScript.Shell.allCases)
    func checkedInCompletionScriptsAreCurrent(shell: CompletionScript.Shell) throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        let generated = try home.runBinary(["completion", shell.rawValue]).stdout
        let file = Self.packageRoot.appendingPathComponent("completions/" + shell.fileName()).path
        let checkedIn = try String(contentsOfFile: file, encoding: .utf8)
        #expect(generated == checkedIn, "completions/\(shell.fileName()) is stale: run `make completions`")
    }

    /// Real bash, zsh and fish, with the checked-in scripts and the real binary on PATH.
    func driver(_ home: FieldOpsHome) throws -> ShellDriver {
        var scripts: [String: String] = [:]
        for shell in CompletionScript.Shell.allCases {
            scripts[shell.fileName()] = try String(
                contentsOfFile: Self.packageRoot.appendingPathComponent("completions/" + shell.fileName()).path, encoding: .utf8)
        }
        var environment = home.environment
        environment.removeValue(forKey: "PATH")
        let driver = try ShellDriver(scripts: scripts, extraEnvironment: environment)
        try driver.linkProgram(to: FieldOpsBinary.path)
        return driver
    }

    func configured() throws -> FieldOpsHome {
        let home = try FieldOpsHome()
        try home.writeConfig(
            """
            profiles:
              alpha: { backend: jqc, base_url: "https://a.example.com" }
              beta: { backend: jqc, base_url: "https://b.example.com" }
            """)
        return home
    }

    @Test func bashCompletesProfilesCommandsAndNestedCommands() throws {
        let home = try configured()
        defer { home.remove() }
        let shell = try driver(home)
        #expect(try shell.bash(["fieldops", "-p", ""]) == ["alpha  (jqc https://a.example.com)", "beta   (jqc https://b.example.com)"])
        #expect(try shell.bash(["fieldops", "-p", "a"]) == ["alpha"])
        #expect(try shell.bash(["fieldops", "j"]) == ["jqc"])
        #expect(try shell.bash(["fieldops", "pro"]) == ["profile"])
        #expect(try shell.bash(["fieldops", "profile", "s"]) == ["show"])
        #expect(try shell.bash(["fieldops", "profile", "use", "b"]) == ["beta"])
    }

    @Test func zshCompletesProfilesCommandsAndNestedCommands() throws {
        let home = try configured()
        defer { home.remove() }
        let shell = try driver(home)
        #expect(try shell.zsh("fieldops -p ").sorted() == ["alpha", "beta"])
        #expect(try shell.zsh("fieldops j") == ["jqc"])
        #expect(try shell.zsh("fieldops pro") == ["profile"])
        #expect(try shell.zsh("fieldops profile s") == ["show"])
    }

    @Test func fishCompletesProfilesCommandsAndNestedCommands() throws {
        let home = try configured()
        defer { home.remove() }
        let shell = try driver(home)
        #expect(try shell.fish("fieldops -p ").sorted() == ["alpha", "beta"])
        #expect(try shell.fish("fieldops j") == ["jqc"])
        #expect(try shell.fish("fieldops pro") == ["profile"])
        #expect(try shell.fish("fieldops profile s") == ["show"])
    }

    /// Writes `fieldops-NAME` (a shell script of `body`) into the home's `bin/` and returns it.
    static func installExtension(_ name: String, _ body: String, in home: FieldOpsHome) throws -> String {
        let bin = home.directory.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = bin + "/fieldops-" + name
        try "#!/bin/sh\n\(body)\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        return bin
    }

    @Test func unknownCommandRunsAnExtensionFromPathWithTheProfileExported() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        let bin = try Self.installExtension("hello", "echo \"hello $FIELDOPS_PROFILE $*\"\nexit 7", in: home)
        let outcome = try home.runBinary(
            ["-p", "north", "hello", "--loud", "world"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(outcome.stdout == "hello north --loud world\n")
        #expect(outcome.exitCode == 7, "the extension's exit code is passed through")
    }

    /// fieldops never writes a core file (it would hold tokens and the keyring's passphrase):
    /// its limit is 0, which a program it starts inherits and reports; an extension keeps the
    /// secret variables (it may run fieldops), as the README says.
    @Test func noCoreFileAndAnExtensionSeesTheLimit() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        let bin = try Self.installExtension(
            "limits", "printf '%s %s %s\\n' \"$(ulimit -c)\" \"$(ulimit -H -c)\" \"$FIELDOPS_TOKEN\"", in: home)
        let outcome = try home.runBinary(
            ["limits"], environment: ["PATH": bin + ":/usr/bin:/bin", "FIELDOPS_TOKEN": "tok-Ålesund"])
        #expect(outcome.stdout == "0 0 tok-Ålesund\n", "\(outcome)")
    }

    @Test func passphrasePromptDoesNotEchoAndUnlocksTheKeyring() throws {
        let home = try configured()
        defer { home.remove() }
        try home.writeConfig(
            """
            profiles:
              alpha: { backend: jqc, base_url: "https://a.example.com" }
            keyring:
              encryption: passphrase
            """)
        // Create the encrypted keyring through the library, with the passphrase from the environment.
        let keyring = Keyring(
            path: home.keyringFile, encryption: .passphrase,
            passphrase: PassphraseSource(environment: ["FIELDOPS_KEYRING_PASSPHRASE": "tty-secret-42"], allowsPrompt: false))
        try keyring.update(profile: "alpha") { entry in entry.identity = ["user": "ann"] }
        let result = try TerminalSession.run(
            FieldOpsBinary.path, arguments: ["-p", "alpha", "auth", "status"], environment: home.environment,
            steps: [.expect("Passphrase for"), .send("tty-secret-42\n"), .expect("not logged in")])
        #expect(result.failedStep == nil, "\(result.output)")
        #expect(result.exit == 0, "\(result.output)")
        #expect(!result.output.contains("tty-secret-42"), "the passphrase is not echoed")
        #expect(result.output.contains("(encrypted)") == false, "no credential is stored, so no storage line")
    }

    /// Runs the binary as on a machine without libsodium23 (`HiddenLibrary`): it is loaded with
    /// dlopen() only when a keyring is encrypted.
    func runWithoutLibsodium(_ home: FieldOpsHome, _ arguments: [String], environment extra: [String: String] = [:]) throws
        -> ProcessRunner.Result
    {
        var environment = home.environment
        environment.merge(extra) { _, new in new }
        let command = HiddenLibrary.command(hiding: "libsodium.so.23", running: FieldOpsBinary.path, arguments)
        return try ProcessRunner.run(command.executable, arguments: command.arguments, environment: environment, stdin: Data(), timeout: 60)
    }

    /// A library fieldops loads with dlopen() and cannot find is named by the loader's words for
    /// its Linux soname, not for the last name tried (the macOS one).
    @Test(.enabled(if: HiddenLibrary.isAvailable, "needs unshare(1) with user and mount namespaces"))
    func versionSaysWhyEachLibraryDidNotLoadInTheWordsOfItsLinuxName() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        for (soname, line) in [("libcurl.so.4", "libcurl:"), ("libsqlite3.so.0", "SQLite:"), ("libsodium.so.23", "libsodium:")] {
            let command = HiddenLibrary.command(hiding: soname, running: FieldOpsBinary.path, ["--version"])
            let result = try ProcessRunner.run(
                command.executable, arguments: command.arguments, environment: home.environment, stdin: Data(), timeout: 60)
            #expect(result.exitCode == 0, "\(result.stderr)")
            let reported = result.stdout.split(separator: "\n").first { $0.hasPrefix(line) }.map(String.init) ?? ""
            #expect(reported.contains("not loaded") && reported.contains(soname), "\(soname): \(reported)")
            #expect(!reported.contains("dylib"), "\(soname): \(reported)")
        }
    }

    /// libsodium is not linked: without it a plain keyring works as before, `--version` says it
    /// is not loaded and why, and an encrypted keyring is refused with what to install, unchanged.
    @Test(.enabled(if: HiddenLibrary.isAvailable, "needs unshare(1) with user and mount namespaces"))
    func withoutLibsodiumOnlyAnEncryptedKeyringIsRefusedAndSaysWhatToInstall() throws {
        let home = try configured()
        defer { home.remove() }
        let version = try runWithoutLibsodium(home, ["--version"])
        #expect(version.exitCode == 0, "\(version.stderr)")
        #expect(version.stdout.contains("libsodium: not loaded ("), "\(version.stdout)")
        #expect(version.stdout.contains("libsodium.so.23"), "dlopen's own words name the library: \(version.stdout)")
        #expect(version.stdout.contains("libyaml:"), "\(version.stdout)")

        let plain = Keyring(path: home.keyringFile, encryption: .none, passphrase: PassphraseSource(environment: [:], allowsPrompt: false))
        try plain.update(profile: "alpha") { entry in entry.identity = ["user": "ann"] }
        let status = try runWithoutLibsodium(home, ["-p", "alpha", "auth", "status"])
        #expect(status.exitCode == 0, "a plain keyring needs no libsodium: \(status.stderr)")

        try FileManager.default.removeItem(atPath: home.keyringFile)
        try home.writeConfig(
            """
            profiles:
              alpha: { backend: jqc, base_url: "https://a.example.com" }
            keyring:
              encryption: passphrase
            """)
        let passphrase = ["FIELDOPS_KEYRING_PASSPHRASE": "hidden-lib-42"]
        let sealed = Keyring(
            path: home.keyringFile, encryption: .passphrase, passphrase: PassphraseSource(environment: passphrase, allowsPrompt: false))
        try sealed.update(profile: "alpha") { entry in entry.identity = ["user": "ann"] }
        let before = try Data(contentsOf: URL(fileURLWithPath: home.keyringFile))
        for arguments in [["-p", "alpha", "auth", "status"], ["-p", "alpha", "auth", "logout"]] {
            let refused = try runWithoutLibsodium(home, arguments, environment: passphrase)
            #expect(refused.exitCode == 1, "\(arguments): \(refused.exitCode) \(refused.stderr)")
            #expect(
                refused.stderr.contains(
                    "cannot use the encrypted keyring \(home.keyringFile): libsodium could not be loaded ("),
                "\(refused.stderr)")
            #expect(refused.stderr.contains("libsodium.so.23"), "\(refused.stderr)")
            #expect(refused.stderr.contains("apt-get install libsodium23"), "\(refused.stderr)")
            #expect(!refused.stderr.contains("hidden-lib-42"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.keyringFile)) == before, "the keyring is not changed")
        // With libsodium the same file unlocks.
        let unlocked = try home.runBinary(["-p", "alpha", "auth", "status"], environment: passphrase)
        #expect(unlocked.exitCode == 0, "\(unlocked.stderr)")
    }

    /// Two real fieldops processes logging in to different profiles at the same moment both
    /// keep their entry: the keyring's lock and atomic rename lose nothing.
    @Test func concurrentLoginsFromTwoProcessesLoseNothing() async throws {
        try await withEmulator(script: "jqc_emulator.py") { server in
            for round in 0..<4 {
                let home = try FieldOpsHome()
                defer { home.remove() }
                try home.writeConfig(
                    """
                    profiles:
                      first: { backend: jqc, base_url: "\(server.baseURL)", username: inspector }
                      second: { backend: jqc, base_url: "\(server.baseURL)", username: supervisor }
                    """)
                async let first = Task.detached {
                    try home.runBinary(["-p", "first", "auth", "login", "--password-stdin"], stdin: "secret123\n")
                }.value
                async let second = Task.detached {
                    try home.runBinary(["-p", "second", "auth", "login", "--password-stdin"], stdin: "secret123\n")
                }.value
                let outcomes = try await [first, second]
                for outcome in outcomes { #expect(outcome.exitCode == 0, "round \(round): \(outcome)") }
                let status = try home.runBinary(["auth", "status", "--json"])
                let entries = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]] ?? []
                #expect(entries.map { $0["logged_in"] as? Bool } == [true, true], "round \(round): \(status)")
            }
        }
    }

    /// Every command of the shipped tree (walked through `--help`) has its page in the checked-in
    /// command reference (docs/reference/, which `make test` also compares with what the tree
    /// generates), linked from its index, so the documentation cannot fall behind the program.
    @Test func theReferenceDocumentsEveryCommand() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        let reference = Self.packageRoot.appendingPathComponent("docs/reference")
        let index = try String(contentsOfFile: reference.appendingPathComponent("README.md").path, encoding: .utf8)
        var pending: [[String]] = [[]]
        var leaves: [[String]] = []
        while let path = pending.popLast() {
            let help = try home.runBinary(path + ["--help"]).stdout
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(of: "COMMANDS") else {
                leaves.append(path)
                continue
            }
            for line in lines[(start + 1)...] {
                guard line.hasPrefix("  "), let word = line.split(separator: " ").first, !line.hasPrefix("   ") else {
                    if line.isEmpty { break }
                    continue
                }
                pending.append(path + [String(word)])
            }
        }
        #expect(leaves.count > 50, "walked \(leaves.count) commands")
        for path in leaves {
            Self.expectNoRepeatedPhrases(in: try home.runBinary(path + ["--help", "--no-color"]).stdout, of: path)
        }
        for path in leaves where !path.isEmpty {
            let page = (["fieldops"] + path).joined(separator: "-") + ".md"
            #expect(
                FileManager.default.fileExists(atPath: reference.appendingPathComponent(page).path),
                "docs/reference has no page for `\(path.joined(separator: " "))`: run make docs")
            #expect(index.contains("](\(page))"), "the reference's index does not link \(page)")
        }
    }

    /// Help says each thing once: no sentence repeated within one option's or argument's
    /// description (as "(repeatable). (repeatable)" or "One of: …" twice were).
    static func expectNoRepeatedPhrases(in help: String, of path: [String]) {
        // Join each entry's wrapped lines (continuations are indented deeper than the term).
        var entries: [String] = []
        for line in help.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("      "), !text.hasPrefix("-"), !entries.isEmpty {
                entries[entries.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                entries.append(text)
            }
        }
        for entry in entries {
            let phrases = entry.components(separatedBy: ". ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " .")) }
                .filter { $0.count > 8 }
            var seen = Set<String>()
            for phrase in phrases {
                #expect(
                    seen.insert(phrase.lowercased()).inserted,
                    "`fieldops \(path.joined(separator: " "))` --help repeats \"\(phrase)\" in: \(entry)")
            }
            for note in ["(repeatable)", "(required)", "(optional)", "One of:"] {
                #expect(
                    entry.components(separatedBy: note).count <= 2,
                    "`fieldops \(path.joined(separator: " "))` --help says \(note) twice: \(entry)")
            }
        }
    }
}
