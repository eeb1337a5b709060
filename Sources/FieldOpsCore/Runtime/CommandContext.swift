import Foundation

/// Everything a command reaches the outside world through: its parsed invocation, environment,
/// streams, configuration, profile, keyring and output settings.
///
/// One is made per run by `App`; tests make one with captured streams and a temp-dir
/// environment, so any command can run against an emulator without touching the real home.
/// Expensive things (configuration, keyring) are loaded on first use and then shared.
public final class CommandContext: Sendable {
    public let invocation: Invocation
    public let environment: [String: String]
    public let stdout: TextStream
    public let stderr: TextStream
    public let stdin: InputSource
    public let terminal: TerminalInfo
    public let format: OutputFormat
    /// `-o csv|ndjson|json|table|plain` with `--fields`: how a listing's JSON is finally written.
    /// With csv, ndjson or `--fields`, `format` is `.json`, so every command takes its JSON path.
    public let structured: StructuredOutput
    public let backends: [any Backend]
    public let paths: ConfigPaths

    private let configuration = Locked<Configuration?>(nil)
    private let keyringCache = Locked<Keyring?>(nil)
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
        self.stdout = stdout
        self.stderr = stderr
        self.stdin = stdin
        self.backends = backends
        self.paths = ConfigPaths(environment: environment)
        self.terminal = TerminalInfo.detect(stdout: stdout, environment: environment, noColorFlag: invocation.flag("no-color"))
        let structured = StructuredOutput.resolve(
            jsonFlag: invocation.flag("json"), output: invocation.value("output"), fields: invocation.value("fields"),
            stdoutIsTerminal: stdout.isTerminal)
        self.structured = structured
        self.format =
            structured.fields != nil || [.json, .ndjson, .csv].contains(structured.kind)
            ? .json : structured.kind == .table ? .table : .plain
    }

    private let deferred = Locked<(any Error)?>(nil)

    /// An error found while writing output that cannot throw (an unknown `--fields` name in a
    /// table-only command): the dispatcher reports it, with its exit code, once the command ends.
    public var deferredError: (any Error)? { deferred.withLock { $0 } }

    /// Keeps the first such error for the dispatcher (see `deferredError`).
    public func deferError(_ error: any Error) {
        deferred.withLock { $0 = $0 ?? error }
    }

    // MARK: Global options

    public var isQuiet: Bool { invocation.flag("quiet") }
    public var isVerbose: Bool { invocation.flag("verbose") }
    /// `--yes`: destructive actions proceed without asking.
    public var assumeYes: Bool { invocation.flag("yes") }
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
        return loaded
    }

    /// The profile this command works on: `--profile`, `$FIELDOPS_PROFILE`, the one profile of
    /// `backend`, then `default_profile`. A profile of another backend is refused.
    public func profile(backend: String? = nil) throws -> Profile {
        var profile = try loadConfiguration().selectProfile(
            explicit: invocation.value("profile"), environment: environment, backend: backend)
        if let timeout = timeoutOverride {
            profile.http.timeout = timeout
        }
        return profile
    }

    /// The backend registered under `name` (canonical or alias).
    public func backend(named name: String) -> (any Backend)? {
        backends.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The keyring file named by the configuration, opened once.
    public func keyring() throws -> Keyring {
        if let open = keyringCache.withLock({ $0 }) { return open }
        let settings = try loadConfiguration().keyring
        let keyring = Keyring(
            path: settings.path, encryption: settings.encryption,
            passphrase: PassphraseSource(
                environment: environment, command: settings.passphraseCommand, allowsPrompt: stdin.isTerminal))
        keyringCache.withLock { $0 = keyring }
        return keyring
    }

    // MARK: HTTP

    /// The profile's HTTP session (one connection pool and cookie jar per profile per run).
    ///
    /// Its cookie jar starts from the cookies stored in the keyring under `KeyringSecret.cookies`;
    /// backends that use cookies call `persistCookies(of:profile:)` after a login or a refresh.
    /// With `-v`, each request is traced on stderr with secrets redacted.
    public func httpSession(for profile: Profile, maxConcurrentTransfers: Int = 8) throws -> HTTPSession {
        if let session = sessions.withLock({ $0[profile.name] }) { return session }
        var jar = CookieJar()
        if let stored = try keyring().entry(for: profile.name)?.secrets[KeyringSecret.cookies] {
            jar = (try? CookieJar(restoring: stored)) ?? CookieJar()
        }
        let stderr = self.stderr
        var trace: HTTPTraceSink?
        if isVerbose {
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

    /// Per-profile data directory (SQLite stores, photos).
    public func dataDirectory(for profile: Profile) -> String { paths.dataDirectory(for: profile.name) }

    /// Per-profile cache directory.
    public func cacheDirectory(for profile: Profile) -> String { paths.cacheDirectory(for: profile.name) }

    // MARK: Output

    /// Writes a table, or plain lines; with `-o csv|ndjson` or `--fields`, its rows as records
    /// keyed by the column titles (for commands that have no JSON form of their own).
    public func emit(_ table: Table) {
        if !structured.transformsJSON {
            stdout.write(table.render(format: format == .json ? .plain : format, color: terminal.colorEnabled))
            return
        }
        emit(json: StructuredOutput.records(of: table))
    }

    /// Writes `value` as stable JSON (sorted keys, two-space indent) followed by a newline, or in
    /// the form `-o`/`--fields` ask for.
    public func emitJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        if !structured.transformsJSON {
            stdout.write(String(decoding: data, as: UTF8.self) + "\n")
        } else {
            try emitStructured(JSONValue(parsing: data, source: "the command's JSON"))
        }
    }

    /// Writes a lossless JSON value (pretty, keys in their kept order, numbers as the server wrote
    /// them), or in the form `-o`/`--fields` ask for.
    public func emit(json value: JSONValue) {
        if !structured.transformsJSON {
            stdout.write(value.jsonString(.pretty) + "\n")
            return
        }
        do {
            try emitStructured(value)
        } catch {
            deferError(error)
        }
    }

    /// Writes JSON bytes a command already holds (an answer or a cache file), the same way.
    public func emit(jsonBytes data: Data) throws {
        if !structured.transformsJSON {
            var text = String(decoding: data, as: UTF8.self)
            if !text.hasSuffix("\n") { text += "\n" }
            stdout.write(text)
        } else {
            try emitStructured(JSONValue(parsing: data, source: "the command's JSON"))
        }
    }

    private func emitStructured(_ value: JSONValue) throws {
        stdout.write(bytes: try structured.render(value, color: terminal.colorEnabled))
    }

    /// A progress line on stderr, shown only on a terminal and not with `--quiet`.
    public func progress(_ label: String, total: Int) -> ProgressBar {
        ProgressBar(label: label, total: total, stream: stderr, terminalWidth: terminal.width, quiet: isQuiet)
    }

    /// An empty listing's message ("no active alarms"): said on stderr when a person reads the
    /// table form, nothing when piped, so a script reads an empty result as empty. A command
    /// writing `--json` prints its empty array instead.
    public func sayEmpty(_ message: String) {
        EmptyListing.say(message, format: format, quiet: isQuiet, stderr: stderr)
    }

    /// A note on stderr (suppressed by `--quiet`).
    public func note(_ text: String) {
        if !isQuiet { stderr.line(text) }
    }

    /// A warning on stderr, always shown.
    public func warn(_ text: String) {
        stderr.line("fieldops: warning: " + text)
    }

    /// A verbose trace line on stderr (only with `-v`).
    public func trace(_ text: String) {
        if isVerbose { stderr.line(text) }
    }

    // MARK: Confirmation

    /// Asks before a destructive action. With `--yes` it proceeds; off a terminal it refuses.
    ///
    /// When `typing` is given (a device id), the person must type it exactly, as for a reset.
    public func confirm(_ question: String, typing expected: String? = nil) throws {
        if assumeYes { return }
        guard stdin.isTerminal else {
            throw FieldOpsError.usage(
                "refusing to \(question) without confirmation: not running on a terminal",
                hint: "add --yes to confirm non-interactively")
        }
        let answer: String?
        if let expected {
            answer = try TerminalPrompt.line("\(question)? Type \(expected) to confirm: ", stderr: stderr, stdin: stdin)
            if answer?.trimmingSpaces() == expected { return }
        } else {
            answer = try TerminalPrompt.line("\(question)? [y/N] ", stderr: stderr, stdin: stdin)
            if let answer, ["y", "yes"].contains(answer.lowercased().trimmingSpaces()) { return }
        }
        throw FieldOpsError("cancelled: \(question) was not confirmed", exitCode: .failure)
    }
}
