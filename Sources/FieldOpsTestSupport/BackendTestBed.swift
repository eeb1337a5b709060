import FieldOpsCore
import Foundation

/// One backend's end-to-end test bed: its emulator on loopback, a throw-away fieldops home whose
/// profile points at it, and the real `fieldops` to run there, in-process through `App` with the
/// backend under test or as the built binary.
///
/// Each backend's tests make theirs in a factory of their own (`JQCWorld.start`,
/// `MCMSHarness(onus:)`, `ILTestBed.with`), which starts the emulator the way that backend needs
/// and says what its profile holds; everything else is here. `stop()`, or the bed going away,
/// releases the emulator and removes the home.
public final class BackendTestBed: Sendable {
    /// What `config.yaml` says of the bed's profile.
    public struct Profile: Sendable {
        public var name: String
        public var backend: String
        /// The default profile; otherwise the bed selects it with `-p NAME` on every command line.
        public var isDefault: Bool
        /// Further lines of the profile's mapping, e.g. `username: inspector`, `http: { retries: 0 }`.
        public var settings: [String]

        public init(name: String, backend: String, isDefault: Bool, settings: [String] = []) {
            self.name = name
            self.backend = backend
            self.isDefault = isDefault
            self.settings = settings
        }
    }

    public let emulator: Emulator
    public let home: FieldOpsHome
    public let profile: String
    /// The emulator's seeded account, which `login()` uses unless told otherwise.
    public let account: PasswordLogin
    /// A plain client of the emulator, outside fieldops: for its admin endpoints and for API
    /// calls made as another device would make them. Trusts the emulator's CA when it serves TLS.
    public let http: HTTPSession
    private let backends: [any Backend]
    /// `-p PROFILE`, or nothing for the default profile: put before every command line the bed runs.
    private let profileArguments: [String]
    /// The emulator again after `restartEmulator()`, kept so that `stop()` ends it too.
    private let restarted = Locked<Emulator?>(nil)

    /// Writes `config.yaml` with `profile` pointing at `emulator`; `caFile` is the CA the emulator's
    /// TLS certificate is signed by, for `http` (the profile names it in its own `settings`).
    public init(
        emulator: Emulator, backends: [any Backend], profile: Profile, account: PasswordLogin, home: FieldOpsHome,
        caFile: String? = nil
    ) throws {
        var settings = HTTPSettings(timeout: 30, retries: 0)
        settings.caFile = caFile
        self.emulator = emulator
        self.backends = backends
        self.profile = profile.name
        self.account = account
        self.home = home
        self.http = try HTTPSession(settings: settings, version: "test-bed")
        profileArguments = profile.isDefault ? [] : ["-p", profile.name]
        let header = profile.isDefault ? "default_profile: \(profile.name)\n" : ""
        let lines = ["backend: \(profile.backend)", "base_url: \(emulator.baseURL)"] + profile.settings
        try home.writeConfig(header + "profiles:\n  \(profile.name):\n" + lines.map { "    \($0)\n" }.joined())
    }

    deinit {
        stop()
    }

    /// Releases the emulator (back to its pool when leased from one), stops its restarted self and
    /// removes the home. Safe to call twice.
    public func stop() {
        emulator.release()
        _ = restarted.withLock { $0?.stop() }
        home.remove()
    }

    public var environment: [String: String] { home.environment }

    /// Where fieldops keeps this profile's data (`$XDG_DATA_HOME/fieldops/PROFILE`).
    public var profileDataDirectory: String { home.dataDirectory + "/" + profile }

    /// Where fieldops keeps this profile's cache (`$XDG_CACHE_HOME/fieldops/PROFILE`).
    public var profileCacheDirectory: String { home.cacheDirectory + "/" + profile }

    /// Starts the emulator again on the port it had, after `emulator.stop()`: the same fixtures but
    /// none of the state it built up, as a server that rebooted.
    public func restartEmulator() async throws {
        let port = String(emulator.baseURL.split(separator: ":").last ?? "0")
        let again = try await Emulator.start(
            script: emulator.script, arguments: emulator.arguments + ["--port", port], launcher: emulator.launcher)
        restarted.withLock { $0 = again }
    }

    // MARK: Running fieldops

    /// Runs `fieldops ARGS…` in this process with the bed's backends and captured streams; see
    /// `FieldOpsHome.run` for `environment`, `unset` and `terminals`.
    @discardableResult
    public func run(
        _ arguments: [String], stdin: String = "", environment: [String: String] = [:], unset: Set<String> = [],
        terminals: Terminals = []
    ) async -> CommandOutcome {
        await home.run(
            profileArguments + arguments, backends: backends, stdin: stdin, environment: environment, unset: unset,
            terminals: terminals)
    }

    /// Runs `fieldops ARGS…` in the background; `lines` yields each line it writes to stdout as it
    /// is written, so a test can act between two refreshes of a watch.
    public func start(_ arguments: [String], terminals: Terminals = []) -> (lines: AsyncStream<String>, result: Task<CommandOutcome, Never>)
    {
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let out = LineStream(continuation, isTerminal: terminals.contains(.stdout))
        let err = CapturedStream(isTerminal: terminals.contains(.stderr))
        let arguments = profileArguments + arguments
        let task = Task { [backends, environment] in
            let code = await App(backends: backends).run(
                arguments: arguments, environment: environment, stdout: out, stderr: err,
                stdin: FixedInput("", isTerminal: terminals.contains(.stdin)))
            continuation.finish()
            return CommandOutcome(exitCode: code, stdout: out.text, stderr: err.text)
        }
        return (lines, task)
    }

    /// `fieldops auth login --username USER --password-stdin OPTIONS…`, as the seeded account
    /// unless told otherwise; the outcome, whether or not the server let it in.
    @discardableResult
    public func attemptLogin(_ username: String? = nil, _ password: String? = nil, options: [String] = []) async -> CommandOutcome {
        await run(
            ["auth", "login", "--username", username ?? account.username, "--password-stdin"] + options,
            stdin: (password ?? account.password) + "\n")
    }

    /// `attemptLogin`, failing the test at once when the login does not succeed.
    @discardableResult
    public func login(_ username: String? = nil, _ password: String? = nil, options: [String] = []) async throws -> CommandOutcome {
        let outcome = await attemptLogin(username, password, options: options)
        guard outcome.exitCode == 0 else {
            throw TestSupportError("auth login as \(username ?? account.username) failed: \(outcome)")
        }
        return outcome
    }

    /// Starts the built `fieldops ARGS…` as a child process with the home's environment, for the
    /// caller to wait for or signal. Its stdout and stderr go to the files named (created empty),
    /// or nowhere; its stdin is empty.
    public func spawn(_ arguments: [String], stdout: String? = nil, stderr: String? = nil) throws -> Process {
        func sink(_ path: String?) throws -> FileHandle {
            guard let path else { return FileHandle.nullDevice }
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw TestSupportError("cannot create \(path) for the output of fieldops \(arguments.joined(separator: " "))")
            }
            return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FieldOpsBinary.path)
        process.arguments = profileArguments + arguments
        process.environment = environment
        process.standardOutput = try sink(stdout)
        process.standardError = try sink(stderr)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }
}
