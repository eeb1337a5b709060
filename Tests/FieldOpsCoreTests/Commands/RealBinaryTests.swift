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
        #expect(outcome.stdout == "fieldops \(FieldOpsVersion.current)\n")
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
        try home.writeConfig("""
            profiles:
              alpha: { backend: \(Self.someBackend), base_url: "https://a.example.com" }
              beta: { backend: \(Self.someBackend), base_url: "https://b.example.com" }
            """)
        return home
    }

    /// A backend the shipped binary includes (profiles need one to load).
    static var someBackend: String {
        let listing = (try? ProcessRunner.run(FieldOpsBinary.path, arguments: ["__complete", "profile", "add", "--backend", ""]))?.stdout ?? ""
        return listing.split(separator: "\n").first.map { String($0.split(separator: "\t").first ?? "") } ?? "jqc"
    }

    @Test func bashCompletesProfilesCommandsAndNestedCommands() throws {
        let home = try configured()
        defer { home.remove() }
        let shell = try driver(home)
        #expect(try shell.bash(["fieldops", "-p", ""]) == ["alpha", "beta"])
        #expect(try shell.bash(["fieldops", "pro"]) == ["profile"])
        #expect(try shell.bash(["fieldops", "profile", "s"]) == ["show"])
        #expect(try shell.bash(["fieldops", "profile", "use", "b"]) == ["beta"])
    }

    @Test func zshCompletesProfilesCommandsAndNestedCommands() throws {
        let home = try configured()
        defer { home.remove() }
        let shell = try driver(home)
        #expect(try shell.zsh("fieldops -p ").sorted() == ["alpha", "beta"])
        #expect(try shell.zsh("fieldops pro") == ["profile"])
        #expect(try shell.zsh("fieldops profile s") == ["show"])
    }

    @Test func fishCompletesProfilesCommandsAndNestedCommands() throws {
        let home = try configured()
        defer { home.remove() }
        let shell = try driver(home)
        #expect(try shell.fish("fieldops -p ").sorted() == ["alpha", "beta"])
        #expect(try shell.fish("fieldops pro") == ["profile"])
        #expect(try shell.fish("fieldops profile s") == ["show"])
    }

    @Test func unknownCommandRunsAnExtensionFromPathWithTheProfileExported() throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        let bin = home.directory.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = bin + "/fieldops-hello"
        try "#!/bin/sh\necho \"hello $FIELDOPS_PROFILE $*\"\nexit 7\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let outcome = try home.runBinary(
            ["-p", "north", "hello", "--loud", "world"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(outcome.stdout == "hello north --loud world\n")
        #expect(outcome.exitCode == 7, "the extension's exit code is passed through")
    }

    @Test func passphrasePromptDoesNotEchoAndUnlocksTheKeyring() throws {
        let home = try configured()
        defer { home.remove() }
        try home.writeConfig("""
            profiles:
              alpha: { backend: \(Self.someBackend), base_url: "https://a.example.com" }
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
}
