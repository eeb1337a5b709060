import FoundationEssentials

/// What a command works with: its parsed invocation and environment, its `output` (results and
/// messages) and `prompter` (questions to its person), its stdin as data, and the services —
/// configuration, profile, keyring, HTTP sessions, data and cache directories.
///
/// One is made per run by `App`; tests make one with captured streams and a temp-dir
/// environment, so any command can run against an emulator without touching the real home.
/// Expensive things (configuration, keyring) are loaded on first use and then shared.
public final class CommandContext: Sendable {
    public let invocation: Invocation
    public let environment: [String: String]
    /// Where results, notes, warnings and progress go (`-o`, `--fields`, `--quiet`, `-v`).
    public let output: Output
    /// Lines, secrets and confirmations asked on the terminal (`--yes`).
    public let prompter: Prompter
    /// The command's input as data (`-`, `@-`, `--password-stdin`).
    public let stdin: InputSource
    public let backends: [any Backend]
    public let paths: ConfigPaths

    private let configuration = Locked<Configuration?>(nil)
    private let keyringCache = Locked<Keyring?>(nil)
    private let selectedProfile = Locked<String?>(nil)

    /// The profile the command chose (`profile(backend:)`), for the error report: a server that
    /// cannot be reached is named by its profile, whichever backend's words said it.
    public var selectedProfileName: String? { selectedProfile.withLock { $0 } }
    private let sessions = Locked<[String: HTTPSession]>([:])

    public init(
        invocation: Invocation,
        environment: [String: String] = [:],
        stdout: TextStream = CapturedStream(),
        stderr: TextStream = CapturedStream(),
        stdin: InputSource = FixedInput(""),
        backends: [any Backend] = []
    ) {
        self.invocation = invocation
        var environment = environment
        if let config = invocation.value("config") {
            environment["FIELDOPS_CONFIG"] = config
        }
        self.environment = environment
        self.output = Output(invocation: invocation, stdout: stdout, stderr: stderr, environment: environment)
        self.prompter = Prompter(stdin: stdin, stderr: stderr, assumeYes: invocation.flag("yes"))
        self.stdin = stdin
        self.backends = backends
        self.paths = ConfigPaths(environment: environment)
    }

    // MARK: Global options

    /// `--timeout`, in seconds, overriding the profile's `http.timeout`.
    public var timeoutOverride: Double? { invocation.seconds("timeout") }

    // MARK: Configuration and credentials

    /// The schema the registered backends accept.
    public var schema: ConfigSchema { ConfigSchema(backends: backends.map(\.schema)) }

    /// The configuration, loaded once.
    public func loadConfiguration() throws -> Configuration {
        if let loaded = configuration.withLock({ $0 }) { return loaded }
        let loaded = try Configuration.load(paths: paths, schema: schema)
        configuration.withLock { $0 = loaded }
        for skipped in loaded.skippedFileSummaries {
            output.warn("a profiles.d file is skipped, its profiles are not loaded: \(skipped)")
        }
        return loaded
    }

    /// The profile this command works on: `--profile`, `$FIELDOPS_PROFILE`, the one profile of
    /// `backend`, then `default_profile`. A profile of another backend is refused.
    public func profile(backend: String? = nil) throws -> Profile {
        let configuration = try loadConfiguration()
        var profile: Profile
        do {
            profile = try configuration.selectProfile(explicit: invocation.value("profile"), environment: environment, backend: backend)
        } catch var error as ConfigError where error.kind == .noProfile && !configuration.profiles.isEmpty {
            // The hint is this very command line with a profile named: a whole command to run.
            let candidates = configuration.profiles.filter { backend == nil || $0.backend == backend }
            if let first = candidates.first, !invocation.words.isEmpty {
                let line = (["fieldops", "-p", first.name] + invocation.words).map(ShellQuote.word).joined(separator: " ")
                error.hint = (error.hint.map { $0 + "; for example: " } ?? "name one: ") + line
            }
            throw error
        }
        if let timeout = timeoutOverride {
            profile.http.timeout = timeout
        }
        selectedProfile.withLock { $0 = profile.name }
        return profile
    }

    /// The profiles of `backend` a command asks at once: those `patterns` name (`--profiles`), or
    /// with `all` every profile of the backend (`--all-profiles`); each with `--timeout` applied.
    /// `--profile` beside them is refused: one command line names one target.
    public func profiles(backend: String, patterns: [String], all: Bool) throws -> [Profile] {
        let configuration = try loadConfiguration()
        if invocation.value("profile") != nil {
            throw FieldOpsError.usage(
                "--profile names one profile and \(all ? "--all-profiles" : "--profiles") several: give one of them",
                hint: "see the usage: \((invocation.commandWords + ["--help"]).joined(separator: " "))")
        }
        var chosen: [Profile]
        if all {
            chosen = configuration.profiles(ofBackend: backend)
            if chosen.isEmpty {
                throw ConfigError(
                    .noProfile, "--all-profiles: no profile uses backend \(backend)",
                    hint: "create one: fieldops profile add NAME --backend \(backend) --base-url URL")
            }
        } else {
            chosen = try configuration.profiles(matching: patterns, backend: backend)
        }
        if let timeout = timeoutOverride {
            for index in chosen.indices { chosen[index].http.timeout = timeout }
        }
        return chosen
    }

    /// The backend registered under `name` (canonical or alias).
    public func backend(named name: String) -> (any Backend)? {
        backends.named(name)
    }

    /// The keyring file named by the configuration, opened once.
    public func keyring() throws -> Keyring {
        if let open = keyringCache.withLock({ $0 }) { return open }
        let settings = try loadConfiguration().keyring
        let output = self.output
        let keyring = Keyring(
            path: settings.path, encryption: settings.encryption,
            passphrase: PassphraseSource(
                environment: environment, command: settings.passphraseCommand, allowsPrompt: stdin.isTerminal),
            pendingDirectory: runtimeDirectory.map { $0 + "/fieldops" }, warn: { output.warn($0) })
        keyringCache.withLock { $0 = keyring }
        return keyring
    }

    // MARK: HTTP

    /// The profile's HTTP session (one connection pool and cookie jar per profile per run).
    ///
    /// As the profile's backend chooses (`Backend.cookiePersistence`), its cookie jar starts from
    /// the cookies stored in the keyring under `KeyringSecret.cookies` (the backend then calls
    /// `persistCookies(of:profile:)` after a login or a refresh), or it starts empty and accepts nothing.
    /// With `-v`, each request is traced on stderr with secrets redacted.
    public func httpSession(for profile: Profile, maxConcurrentTransfers: Int = 8) throws -> HTTPSession {
        if let session = sessions.withLock({ $0[profile.name] }) { return session }
        var jar = CookieJar(accepting: false)
        if (backend(named: profile.backend)?.cookiePersistence ?? .keyring) == .keyring {
            jar = CookieJar()
            if let stored = try keyring().entry(for: profile.name)?.secrets[KeyringSecret.cookies] {
                jar = (try? CookieJar(restoring: stored)) ?? CookieJar()
            }
        }
        let stderr = output.stderr
        var trace: HTTPTraceSink?
        if output.verbose {
            trace = { (line: String) in stderr.line(line) }
        }
        let session = try HTTPSession(
            settings: profile.http, version: FieldOpsVersion.current, cookies: jar,
            maxConcurrentTransfers: maxConcurrentTransfers, trace: trace)
        sessions.withLock { $0[profile.name] = session }
        return session
    }

    /// Saves the session's cookies (a login session is a secret) in the profile's keyring entry.
    public func persistCookies(of session: HTTPSession, profile: Profile) throws {
        let exported = session.cookies.export()
        try keyring().update(profile: profile.name) { entry in
            entry.secrets[KeyringSecret.cookies] = exported
        }
    }

    /// `$XDG_RUNTIME_DIR` when it names a directory (`ProcessEnvironment.runtimeDirectory`).
    public var runtimeDirectory: String? { ProcessEnvironment.runtimeDirectory(in: environment) }

    /// Per-profile data directory (SQLite stores, photos).
    public func dataDirectory(for profile: Profile) -> String { paths.dataDirectory(for: profile.name) }

    /// Per-profile cache directory.
    public func cacheDirectory(for profile: Profile) -> String { paths.cacheDirectory(for: profile.name) }
}
