import FieldOpsCore
import Foundation

/// A throw-away home for one test: its own config, data and cache directories, so a test never
/// reads or writes the real user's files.
///
/// `environment` points `XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `XDG_CACHE_HOME` and `HOME` into the
/// temp dir; commands run in-process with `run(…)` or as the real binary with `runBinary(…)`.
public struct FieldOpsHome: Sendable {
    public let directory: TemporaryDirectory
    public let environment: [String: String]

    /// - Parameter noColor: sets `NO_COLOR=1`, so output is plain even on a terminal. JQC's tests
    ///   leave it unset and ask for it on the commands whose colour they do not want.
    public init(extraEnvironment: [String: String] = [:], noColor: Bool = true) throws {
        directory = try TemporaryDirectory(prefix: "fieldops-home")
        var environment: [String: String] = [
            "HOME": directory.path("home"),
            "XDG_CONFIG_HOME": directory.path("config"),
            "XDG_DATA_HOME": directory.path("data"),
            "XDG_CACHE_HOME": directory.path("cache"),
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        if noColor { environment["NO_COLOR"] = "1" }
        environment.merge(extraEnvironment) { _, new in new }
        self.environment = environment
        try FileManager.default.createDirectory(atPath: directory.path("home"), withIntermediateDirectories: true)
    }

    /// A path in the home's scratch space (beside `config/`, `data/` and `cache/`).
    public func path(_ name: String) -> String { directory.path(name) }

    /// `$XDG_CONFIG_HOME/fieldops/config.yaml`.
    public var configFile: String { directory.path("config") + "/fieldops/config.yaml" }
    public var dataDirectory: String { directory.path("data") + "/fieldops" }
    public var cacheDirectory: String { directory.path("cache") + "/fieldops" }
    public var keyringFile: String { dataDirectory + "/keyring" }

    /// Writes `config.yaml` (creating its directory).
    public func writeConfig(_ yaml: String) throws {
        try FileManager.default.createDirectory(
            atPath: directory.path("config") + "/fieldops", withIntermediateDirectories: true)
        try yaml.write(toFile: configFile, atomically: true, encoding: .utf8)
    }

    /// A config of one profile, `p` unless named, of `backend` at `baseURL` as `username`, with
    /// the HTTP settings a cross-backend test wants (no retries, short timeouts).
    public func writeProfile(
        _ name: String = "p", backend: String, baseURL: String, username: String, http: String = "{ retries: 0, timeout: 5s }"
    ) throws {
        try writeConfig(
            """
            profiles:
              \(name):
                backend: \(backend)
                base_url: \(baseURL)
                username: \(username)
                http: \(http)
            """)
    }

    /// `fieldops -p PROFILE auth login --password-stdin` with `password` typed.
    public func logIn(_ profile: String = "p", password: String) throws -> CommandOutcome {
        try runBinary(["-p", profile, "auth", "login", "--password-stdin"], stdin: password + "\n")
    }

    public func remove() { directory.remove() }
}

/// What a command printed and how it exited.
public struct CommandOutcome: Sendable, CustomStringConvertible {
    public var exitCode: Int32
    public var stdout: String
    public var stderr: String

    public var description: String { "exit \(exitCode)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Which standard streams a command run in-process takes for a terminal (tables, prompts,
/// progress and colour depend on it).
public struct Terminals: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let stdin = Terminals(rawValue: 1 << 0)
    public static let stdout = Terminals(rawValue: 1 << 1)
    public static let stderr = Terminals(rawValue: 1 << 2)
}

extension FieldOpsHome {
    /// Runs a command line in-process through `App`, with captured streams and this home's
    /// environment, plus `extra` and less the names in `unset` (`NO_COLOR`, to see colour).
    public func run(
        _ arguments: [String], backends: [any Backend] = [], stdin: String = "", environment extra: [String: String] = [:],
        unset: Set<String> = [], terminals: Terminals = []
    ) async -> CommandOutcome {
        let out = CapturedStream(isTerminal: terminals.contains(.stdout))
        let err = CapturedStream(isTerminal: terminals.contains(.stderr))
        let code = await App(backends: backends).run(
            arguments: arguments, environment: environment(adding: extra, removing: unset),
            stdout: out, stderr: err, stdin: FixedInput(stdin, isTerminal: terminals.contains(.stdin)))
        return CommandOutcome(exitCode: code, stdout: out.text, stderr: err.text)
    }

    /// The home's environment with `extra` set and the names in `unset` removed.
    public func environment(adding extra: [String: String], removing unset: Set<String> = []) -> [String: String] {
        environment.merging(extra) { _, new in new }.filter { !unset.contains($0.key) }
    }

    /// Runs the built `fieldops` executable as a real process with this home's environment.
    public func runBinary(
        _ arguments: [String], stdin: String = "", environment extra: [String: String] = [:], timeout: Double = 60
    ) throws -> CommandOutcome {
        let result = try ProcessRunner.run(
            FieldOpsBinary.path, arguments: arguments, environment: environment(adding: extra),
            stdin: Data(stdin.utf8), timeout: timeout)
        return CommandOutcome(exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr)
    }
}

/// The `fieldops` executable built beside the test bundle, or the one `FIELDOPS_BIN` names.
public enum FieldOpsBinary {
    /// `$FIELDOPS_BIN`, or the `fieldops` SwiftPM built beside the test bundle — the end-to-end
    /// test targets depend on the executable, so it is the one this build made. Never one found
    /// elsewhere under `.build`, which may be stale.
    public static var path: String {
        if let explicit = ProcessInfo.processInfo.environment["FIELDOPS_BIN"] { return explicit }
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let candidate = runner.deletingLastPathComponent().appendingPathComponent("fieldops").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            fatalError("no fieldops binary beside the test bundle (\(candidate)): build it with `swift build --build-tests`")
        }
        return candidate
    }
}
