import FieldOpsCore
import FoundationEssentials

/// The MCMS PON manager: ONU/OLT inventory, detail, resets and firmware writes.
public struct MCMSBackend: Backend {
    public init() {}

    public var name: String { "mcms" }
    public var summary: String { "MCMS PON manager: ONUs and OLTs, resets and firmware" }
    /// A Django session cookie and its CSRF token: nothing a script could send as a bearer token.
    public var signsInWithTokens: Bool { false }

    public func commands() -> CommandSpec { MCMSCommands.group() }

    /// `remember_password: true` opts the profile in to storing the password at every login,
    /// as `auth login --remember-password` does for one login.
    public static let rememberPasswordKey = "remember_password"

    public var profileKeys: [ProfileKey] {
        [
            ProfileKey(
                Self.rememberPasswordKey, kind: .bool,
                help: "Keep the password in the keyring so an expired session logs in again by itself."),
            ProfileKey(
                MCMSPaging.profileKey, kind: .int,
                help: "Documents per request when reading a collection (default 500, at most 1000); --chunk-size overrides it."),
            ProfileKey(
                SilenceFile.profileKey, kind: .string,
                help: "The alarm silences file, which engineers may share (default: silences.json beside the profile's stores)."),
        ]
    }

    /// `auth login --remember-password`, for one login what `remember_password: true` is for all.
    public var loginOptions: [OptionSpec] {
        [
            .flag(
                "remember-password",
                help: "Also store the password in the keyring so an expired session can log in again (MCMS).")
        ]
    }

    /// Session login: cookies land in the profile's HTTP session and go to the keyring, with the
    /// password too only when the person opted in (`--remember-password`).
    public func login(_ context: CommandContext, profile: Profile, credentials: any LoginCredentials) async throws -> LoginResult {
        guard let credentials = credentials as? PasswordLogin else {
            throw FieldOpsError.usage(
                "MCMS has no tokens; log in with a username and password",
                hint: "fieldops -p \(profile.name) auth login --username EMAIL")
        }
        let (username, password) = (credentials.username, credentials.password)
        let remember = context.invocation.flag("remember-password") || profile.bool(Self.rememberPasswordKey) == true
        let connection = try MCMSConnection(context: context, profile: profile, requireSession: false)
        try await connection.client.login(username: username, password: password)
        try connection.store.save(cookies: connection.session.cookies, user: username, password: password, remember: remember)
        return LoginResult(user: username, details: remember ? ["password stored in the keyring for automatic re-login"] : [])
    }

    public func apiTransport(_ context: CommandContext, profile: Profile) throws -> any APITransport {
        MCMSAPITransport(client: try MCMSConnection(context: context, profile: profile).client)
    }

    /// Ends the server session; the core then removes the keyring entry.
    public func logout(_ context: CommandContext, profile: Profile) async -> LogoutOutcome {
        guard let connection = try? MCMSConnection(context: context, profile: profile, requireSession: false) else { return .unconfirmed }
        await connection.client.logout()
        return .unconfirmed
    }

    public func statusFacts(profile: Profile, entry: KeyringEntry?) -> [(label: String, value: String)] {
        var facts: [(label: String, value: String)] = []
        if let user = entry?.identity?[MCMSSessionStore.userIdentity] { facts.append(("user", user)) }
        if let entry {
            facts.append(("session", entry.secrets[KeyringSecret.cookies] == nil ? "none" : "stored"))
            facts.append(("re-login", entry.secrets[KeyringSecret.password] == nil ? "off" : "password remembered"))
        }
        return facts
    }

    public func completions(
        for source: CompletionSource, profile: Profile, paths: ConfigPaths, partial: Invocation, prefix: String
    ) -> [CompletionCandidate] {
        let cache = DeviceCache(directory: paths.cacheDirectory(for: profile.name))
        switch source {
        case MCMSCommands.onuSource: return cache.candidates(.onu, prefix: prefix)
        case MCMSCommands.oltSource: return cache.candidates(.olt, prefix: prefix)
        case MCMSCommands.oltOrNameSource: return cache.candidates(.olt, prefix: prefix, includeNames: true)
        default: return []
        }
    }

    /// One enveloped GET (the firmware file list, small on any fleet) with the stored session,
    /// re-logging in only when the profile remembers the password, as every MCMS command does.
    public func checkCredentials(_ context: CommandContext, profile: Profile) async -> DoctorCheck {
        await DoctorCheck.credentials(profile: profile) {
            let connection = try MCMSConnection(context: context, profile: profile)
            let files = try await connection.repository.firmwareFiles()
            let user = try context.keyring().entry(for: profile.name)?.identity?[MCMSSessionStore.userIdentity]
            return "session\(user.map { " of \($0)" } ?? ""); \(files.count) firmware file\(files.count == 1 ? "" : "s") visible"
        }
    }

    /// Logout drops the completion cache too: it lists the fleet of an account no longer signed in.
    public func forget(profile: Profile, paths: ConfigPaths) throws {
        let cache = DeviceCache(directory: paths.cacheDirectory(for: profile.name))
        for kind in [DeviceCache.Kind.onu, .olt] where FileManager.default.fileExists(atPath: cache.path(kind)) {
            try FileManager.default.removeItem(atPath: cache.path(kind))
        }
    }
}
