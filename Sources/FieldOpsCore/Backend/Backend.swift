/// A service fieldops speaks to. Each backend target exports one value conforming to this.
///
/// The core knows no backend: `main.swift` lists them, and from that list come the command tree
/// (one group per backend), the configuration schema (which `backend:` values and extra profile
/// keys are accepted), the login flows behind `fieldops auth login`, and dynamic completion.
/// Adding a fourth service is one new target and one line in `main.swift`.
public protocol Backend: Sendable {
    /// The canonical name: the profile's `backend:` value and the command group (`jqc`).
    var name: String { get }
    /// Other accepted spellings, both in profiles and on the command line (`il`).
    var aliases: [String] { get }
    /// One line for help and `fieldops profile add --help`.
    var summary: String { get }
    /// Backend-specific profile keys beyond `backend`, `base_url`, `username` and `http`.
    var profileKeys: [ProfileKey] { get }
    /// False for a backend whose login is a cookie session only (no token `auth token` could print).
    var signsInWithTokens: Bool { get }
    /// How the profile's HTTP sessions keep cookies: from and to the keyring (the default), or
    /// not at all (an empty jar that accepts nothing) for a backend that sends its session
    /// cookie itself, route by route.
    var cookiePersistence: CookiePersistence { get }
    /// The command group, `fieldops <name> …`.
    func commands() -> CommandSpec

    /// Options of `fieldops auth login` that only this backend's logins take (MCMS's
    /// `--remember-password`). They are listed in `auth login --help`; given for a profile of
    /// another backend, they are refused before anything is read.
    var loginOptions: [OptionSpec] { get }
    /// Collects what `auth login` signs in with, never from argv. The default reads a username
    /// and password, or a token with `--with-token` (`LoginPrompt.read`); a backend with another
    /// way in (a one-time code, an API key and secret) reads and returns a credential of its own.
    func readCredentials(_ context: CommandContext, profile: Profile) throws -> any LoginCredentials
    /// `fieldops auth login` for a profile of this backend: exchange the credentials for tokens
    /// or a session and store them in the keyring.
    func login(_ context: CommandContext, profile: Profile, credentials: any LoginCredentials) async throws -> LoginResult
    /// `fieldops auth logout`: end the server session. The core then removes the profile's
    /// keyring entry whatever happened here, and says what the outcome says.
    func logout(_ context: CommandContext, profile: Profile) async -> LogoutOutcome
    /// Extra `auth status` facts from the stored entry (user, role, expiry), never secrets.
    func statusFacts(profile: Profile, entry: KeyringEntry?) -> [(label: String, value: String)]
    /// Values for this backend's dynamic completion sources, read from local data only.
    /// `partial` is what is already on the line — the options typed so far (`--facility 1`) and
    /// the arguments before the word (a list id before a row id) — so a source offers only the
    /// values that fit them.
    func completions(
        for source: CompletionSource, profile: Profile, paths: ConfigPaths, partial: Invocation, prefix: String
    ) -> [CompletionCandidate]
    /// Removes the profile's local data that logout should not leave behind (caches).
    func forget(profile: Profile, paths: ConfigPaths) throws

    /// `fieldops doctor`: the profile's local stores, opened read-only (see `StoreDiagnosis`),
    /// each with what it holds that is not yet on the server. Never creates or changes a file.
    func doctorChecks(profile: Profile, paths: ConfigPaths) -> [DoctorCheck]
    /// `fieldops doctor`: one cheap authenticated request, sent the way the backend's own
    /// commands send it, telling whether the stored credentials are still accepted.
    func checkCredentials(_ context: CommandContext, profile: Profile) async -> DoctorCheck

    /// `fieldops api`: the profile's API root, paging convention and an authenticated send.
    func apiTransport(_ context: CommandContext, profile: Profile) throws -> any APITransport
}

extension Array where Element == any Backend {
    /// The backend called `word` by its name or one of its aliases (the profile's `backend:`
    /// value, the command group's name).
    public func named(_ word: String) -> (any Backend)? {
        first { $0.name == word || $0.aliases.contains(word) }
    }
}

extension Backend {
    public var aliases: [String] { [] }
    public var profileKeys: [ProfileKey] { [] }
    public var signsInWithTokens: Bool { true }
    public var loginOptions: [OptionSpec] { [] }
    public var cookiePersistence: CookiePersistence { .keyring }
    public func readCredentials(_ context: CommandContext, profile: Profile) throws -> any LoginCredentials {
        try LoginPrompt.read(context, profile: profile)
    }
    public func statusFacts(profile: Profile, entry: KeyringEntry?) -> [(label: String, value: String)] { [] }
    public func completions(
        for source: CompletionSource, profile: Profile, paths: ConfigPaths, partial: Invocation, prefix: String
    ) -> [CompletionCandidate] {
        []
    }
    public func forget(profile: Profile, paths: ConfigPaths) throws {}
    public func doctorChecks(profile: Profile, paths: ConfigPaths) -> [DoctorCheck] { [] }
    public func checkCredentials(_ context: CommandContext, profile: Profile) async -> DoctorCheck {
        .warning("profile \(profile.name)", "credentials", "not checked: the \(name) backend has no credential check", fix: nil)
    }

    public func apiTransport(_ context: CommandContext, profile: Profile) throws -> any APITransport {
        throw FieldOpsError.usage("the \(name) backend does not support `fieldops api`")
    }

    /// How the configuration loader sees this backend.
    public var schema: BackendSchema {
        BackendSchema(name: name, aliases: aliases, profileKeys: profileKeys)
    }
}

/// How a backend's HTTP sessions keep cookies (`Backend.cookiePersistence`).
public enum CookiePersistence: Sendable {
    /// The jar starts from the cookies stored in the profile's keyring entry, takes the answers'
    /// cookies, and the backend saves it back after a login or a refresh
    /// (`CommandContext.persistCookies`): services whose session is a cookie.
    case keyring
    /// An empty jar that accepts nothing: answers' cookies are dropped and none is sent but what the backend's own requests
    /// carry, so a credential reaches only the routes that take it.
    case none
}

/// What `fieldops auth login` collected from the person, never from argv. Open: the core reads
/// the two common forms (`PasswordLogin`, `TokenLogin`); a backend that signs in another way
/// defines its own type and reads it in `Backend.readCredentials`.
public protocol LoginCredentials: Sendable {}

/// A username (or email) and a password, read from stdin (`--password-stdin`) or a no-echo prompt.
public struct PasswordLogin: LoginCredentials {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// A token pasted on stdin (`--with-token`), for people who sign in through a browser.
public struct TokenLogin: LoginCredentials {
    public var token: String

    public init(token: String) { self.token = token }
}

/// A credential a backend's `login` was not written for: a usage error, in the same words for
/// every backend.
public struct UnsupportedLoginError: UserFacingError {
    public var backend: String
    public var hint: String?

    public init(backend: String, hint: String? = nil) {
        self.backend = backend
        self.hint = hint
    }

    public var summary: String { "the \(backend) backend cannot log in this way" }
    public var exitCode: ExitCode { .usage }
}

/// What a login established, shown by `auth login` (never a secret).
public struct LoginResult: Sendable, Equatable {
    public var user: String
    public var details: [String]

    public init(user: String, details: [String] = []) {
        self.user = user
        self.details = details
    }
}

/// What the server did with the session at `fieldops auth logout`.
public enum LogoutOutcome: Sendable, Equatable {
    /// The server ended it, or nothing was left on the server to end; the text says which.
    case revoked(String)
    /// The server did not end it: why (refused, unreachable), and what stays valid on the
    /// server and for how long. The logout exits 5 after removing the local credentials.
    case notRevoked(reason: String, remains: String)
    /// The backend ends the session best effort and cannot tell.
    case unconfirmed
}
