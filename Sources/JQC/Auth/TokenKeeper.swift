import FieldOpsCore

/// The profile's access and refresh tokens during one command, shared by every request.
///
/// Refresh tokens are rotated by the server: the first refresh makes the old one useless. When
/// several uploads see a 401 at once, only one of them may refresh; the others wait for that
/// refresh and retry with its token. This actor is that one place.
actor TokenKeeper {
    let profile: String
    private let keyring: Keyring?
    private var access: String?
    private var refresh: String?
    private var inFlight: Task<TokenGrant, any Error>?
    /// `$FIELDOPS_TOKEN` is in use: nothing is read from or written to the keyring entry.
    private let fromEnvironment: Bool

    /// Loads the tokens: `$FIELDOPS_TOKEN` wins (and then cannot be refreshed), else the keyring.
    init(profile: String, environment: [String: String], keyring: Keyring?) throws {
        self.profile = profile
        self.keyring = keyring
        if let token = environment[CredentialLookup.environmentVariable], !token.isEmpty {
            access = token
            refresh = nil
            fromEnvironment = true
        } else {
            fromEnvironment = false
            let entry = try keyring?.entry(for: profile)
            access = entry?.secrets[StoredCredentials.accessToken].flatMap { $0.isEmpty ? nil : $0 }
            refresh = entry?.secrets[StoredCredentials.refreshToken].flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// True when a token exists, so a command can refuse before any network call.
    var hasToken: Bool { access != nil }

    /// The token to send; throws `notLoggedIn` when there is none.
    func current() throws -> String {
        guard let access else { throw JQCError.notLoggedIn(profile: profile) }
        return access
    }

    /// A token newer than `stale`: the one another request already obtained, or a fresh one
    /// from `exchange` (called at most once per stale token). Refusal by the server is
    /// `sessionExpired`; a network failure is passed on unchanged and the tokens are kept.
    func refreshed(replacing stale: String, exchange: @escaping @Sendable (String) async throws -> TokenGrant) async throws -> String {
        if let access, access != stale { return access }
        if let inFlight { return try await inFlight.value.accessToken }
        guard let refreshToken = refresh else {
            throw JQCError.sessionExpired(profile: profile, reason: "the access token was refused and there is no refresh token")
        }
        let profile = self.profile
        let task = Task { () async throws -> TokenGrant in
            do {
                return try await exchange(refreshToken)
            } catch let error as HTTPError {
                if case .status(let failure) = error, [400, 401, 403].contains(failure.status) {
                    throw JQCError.sessionExpired(profile: profile, reason: failure.serverMessage ?? "the refresh token was refused")
                }
                throw error
            } catch let error as JQCError {
                if case .refused(_, let message) = error { throw JQCError.sessionExpired(profile: profile, reason: message) }
                throw error
            }
        }
        inFlight = task
        defer { inFlight = nil }
        let grant = try await task.value
        access = grant.accessToken
        refresh = grant.refreshToken
        // The old refresh token is already dead on the server; keep the new pair at once.
        if let keyring, !fromEnvironment {
            try StoredCredentials.save(grant, user: nil, profile: profile, keyring: keyring)
        }
        return grant.accessToken
    }

    /// Keeps the identity the server just confirmed for offline use; writes only when it changed.
    func remember(_ user: APIUser) throws {
        guard !fromEnvironment, let keyring else { return }
        let stored = try keyring.entry(for: profile)?.identity ?? [:]
        let fresh = StoredCredentials.identity(of: user, deviceID: stored[StoredCredentials.deviceID])
        guard fresh.contains(where: { stored[$0.key] != $0.value }) else { return }
        try keyring.update(profile: profile) { entry in
            entry.identity = fresh.merging(entry.identity ?? [:]) { new, _ in new }
        }
    }

    /// Forgets the tokens (the server refused them for good); the identity stays for offline use.
    func clearStoredTokens() throws {
        access = nil
        refresh = nil
        guard !fromEnvironment else { return }
        try keyring?.update(profile: profile) { entry in
            entry.secrets.removeValue(forKey: StoredCredentials.accessToken)
            entry.secrets.removeValue(forKey: StoredCredentials.refreshToken)
        }
    }
}
