import FieldOpsCore
import FoundationEssentials

/// The InterlinedList backend: the `il` command group, the two-credential login, logout, status
/// facts, completion of cached ids, and cache removal on logout.
public struct InterlinedListBackend: Backend {
    public init() {}

    public var name: String { "interlinedlist" }
    public var aliases: [String] { ["il"] }
    /// Credentials travel only as the route table says (the sync token or the session cookie,
    /// by route), never from a jar that sends to every route.
    public var cookiePersistence: CookiePersistence { .none }

    public var summary: String { "InterlinedList: feed, posts, nested lists and folders, documents, follows, organizations." }

    public func commands() -> CommandSpec { ILCommandTree.group }

    public func apiTransport(_ context: CommandContext, profile: Profile) throws -> any APITransport {
        let services = try ILServices(context, profile: profile)
        try services.requireLogin()
        return ILAPITransport(services: services)
    }

    /// Both credentials, each on a cheap route that accepts only it: `GET /api/user` with the
    /// sync token, and `GET /api/user/organizations` with the session cookie.
    public func checkCredentials(_ context: CommandContext, profile: Profile) async -> DoctorCheck {
        await DoctorCheck.credentials(profile: profile) {
            let services = try ILServices(context, profile: profile)
            try services.requireLogin()
            let client = try services.client()
            var accepted: [String] = []
            if services.credentials.syncToken != nil {
                let user = try await client.call(.currentUser, as: ILUserEnvelope.self).user
                accepted.append("sync token of \(user.username ?? user.email ?? user.id)")
            }
            if services.credentials.sessionCookie != nil {
                _ = try await client.send(.userOrganizations)
                accepted.append("session cookie")
            }
            return accepted.joined(separator: " and ")
        }
    }

    /// Writes both credentials and the identity, replacing what the profile held before.
    static func store(_ credentials: ILStoredCredentials, profile: String, keyring: Keyring) throws {
        try keyring.update(profile: profile) { entry in
            entry.secrets[ILStoredCredentials.tokenSecret] = credentials.syncToken
            entry.secrets[ILStoredCredentials.cookieSecret] = credentials.sessionCookie
            entry.identity = credentials.identity
            entry.updatedAt = Date()
        }
    }

    // MARK: Login and logout

    public func login(_ context: CommandContext, profile: Profile, credentials: any LoginCredentials) async throws -> LoginResult {
        let session = try context.httpSession(for: profile)
        let stderr = context.output.stderr
        let flow = ILSignInFlow(session: session, baseURL: profile.baseURL, profile: profile.name, notice: { stderr.line($0) })
        let stored: ILStoredCredentials
        switch credentials {
        case let credentials as PasswordLogin:
            // The sync token never expires, so the password is never kept.
            stored = try await flow.signIn(email: credentials.username, password: credentials.password)
        case let credentials as TokenLogin:
            stored = try await flow.adopt(token: credentials.token)
        default:
            throw UnsupportedLoginError(backend: name, hint: "log in with an email and password, or --with-token")
        }
        try Self.store(stored, profile: profile.name, keyring: context.keyring())
        guard let user = stored.user else { return LoginResult(user: "unknown user") }
        try? ILCurrentUser.write(user.id, profileDirectory: context.cacheDirectory(for: profile))
        var details = ["user id \(user.id)"]
        details.append(
            stored.sessionCookie == nil
                ? "sync token stored (no session cookie: organizations need a password login)"
                : "sync token and session cookie stored")
        if user.emailVerified == false {
            details.append("email not verified: posting is refused until you verify it")
        }
        // Fill the offline mirror now, so reads work offline from the start; a failure here
        // leaves the login standing.
        do {
            let report = try await ILMirrorSync(services: ILServices(context, profile: profile)).pull()
            details.append(
                "offline mirror: \(Noun.count(report.lists, "list")), \(Noun.count(report.rows, "row")), \(Noun.count(report.documents, "document")), \(Noun.count(report.messages, "feed message"))"
            )
        } catch {
            details.append(
                "offline mirror not filled (\(error.summaryText)): run fieldops il sync"
            )
        }
        return LoginResult(user: user.shownName + (user.email.map { " <\($0)>" } ?? ""), details: details)
    }

    /// Ends the cookie session on the server, best effort (the sync token stays valid server-side
    /// until revoked there; the core removes it from the keyring).
    public func logout(_ context: CommandContext, profile: Profile) async -> LogoutOutcome {
        guard let services = try? ILServices(context), services.credentials.sessionCookie != nil else { return .unconfirmed }
        _ = try? await services.client().send(.logout)
        return .unconfirmed
    }

    public func forget(profile: Profile, paths: ConfigPaths) throws {
        try ILMirror.removeProfile(profileDirectory: paths.cacheDirectory(for: profile.name))
    }

    public func statusFacts(profile: Profile, entry: KeyringEntry?) -> [(label: String, value: String)] {
        guard let entry else { return [] }
        let stored = ILStoredCredentials(secrets: entry.secrets, identity: entry.identity)
        var facts: [(label: String, value: String)] = []
        if let user = stored.user {
            facts.append(("user", user.shownName + " (\(user.id))"))
        }
        let kinds = [stored.syncToken != nil ? "sync token" : nil, stored.sessionCookie != nil ? "session cookie" : nil]
        facts.append(("credentials", kinds.compactMap { $0 }.joined(separator: " + ")))
        return facts
    }

    // MARK: Completion

    public func completions(
        for source: CompletionSource, profile: Profile, paths: ConfigPaths, partial: Invocation, prefix: String
    ) -> [CompletionCandidate] {
        if source == .apiPath {
            // `fieldops api PATH`: the OpenAPI document's templates (`/api/lists/{id}`).
            return ILOpenAPIPaths.all.filter { $0.hasPrefix(prefix) }.map { CompletionCandidate($0) }
        }
        let directory = paths.cacheDirectory(for: profile.name)
        guard let userID = ILCurrentUser.read(profileDirectory: directory) else { return [] }
        return ILCompletion.candidates(
            for: source, cache: ILMirror(profileDirectory: directory, userID: userID), listID: partial.values["LIST"]?.last)
    }
}
