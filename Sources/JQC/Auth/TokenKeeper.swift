import FieldOpsCore

/// The profile's access and refresh tokens during one command, shared by every request.
///
/// Refresh tokens are rotated by the server: the first refresh makes the old one useless. When
/// several uploads see a 401 at once, only one of them may refresh; the others wait for that
/// refresh and retry with its token. This actor is that one place.
actor TokenKeeper {
    let profile: String
    private let keyring: Keyring?
    /// The access and refresh tokens, replaced by one refresh however many requests ask for it.
    private let pair: RefreshGate<Tokens>
    /// A token given from outside is in use: nothing is read from or written to the keyring entry.
    private let fromOutside: Bool

    struct Tokens: Sendable {
        var access: String?
        var refresh: String?
    }

    /// Loads the tokens: a `given` one wins (`$FIELDOPS_TOKEN`, or one being logged in with; it
    /// cannot be refreshed), else the keyring's.
    init(profile: String, given token: String?, keyring: Keyring?) throws {
        self.profile = profile
        self.keyring = keyring
        if let token, !token.isEmpty {
            pair = RefreshGate(Tokens(access: token, refresh: nil))
            fromOutside = true
        } else {
            fromOutside = false
            let entry = try keyring?.entry(for: profile)
            pair = RefreshGate(
                Tokens(
                    access: entry?.secrets[StoredCredentials.accessToken].flatMap { $0.isEmpty ? nil : $0 },
                    refresh: entry?.secrets[StoredCredentials.refreshToken].flatMap { $0.isEmpty ? nil : $0 }))
        }
    }

    /// True when a token exists, so a command can refuse before any network call.
    var hasToken: Bool {
        get async { await pair.current.access != nil }
    }

    /// The token to send; throws `notLoggedIn` when there is none.
    func current() async throws -> String {
        guard let access = await pair.current.access else { throw JQCError.notLoggedIn(profile: profile) }
        return access
    }

    /// A token newer than `stale`: the one another request already obtained, or a fresh one
    /// from `exchange` (called at most once per stale token). Refusal by the server is
    /// `sessionExpired`; a network failure is passed on unchanged and the tokens are kept.
    func refreshed(replacing stale: String, exchange: @escaping @Sendable (String) async throws -> TokenGrant) async throws -> String {
        let profile = self.profile
        let keyring = fromOutside ? nil : keyring
        let tokens = try await pair.refreshed(
            unlessReplaced: { $0.access != nil && $0.access != stale },
            refresh: { old in
                guard let refreshToken = old.refresh else {
                    throw JQCError.sessionExpired(profile: profile, reason: "the access token was refused and there is no refresh token")
                }
                // One refresh at a time across the processes of this profile (a sync and the
                // agent): the server rotates the refresh token, so a second refresh with the same
                // one is refused — and that refusal once logged the profile out.
                // Where the lock cannot be made (a read-only keyring directory) the refresh goes on
                // without it, as before: taking turns is a safeguard, not a condition.
                let lock = keyring.flatMap { try? ProcessLock(path: Self.refreshLockPath(keyring: $0, profile: profile)) }
                try await lock?.lockWaiting(timeout: .seconds(60))
                defer { lock?.unlock() }
                if let keyring, let rotated = try Self.rotatedElsewhere(keyring: keyring, profile: profile, since: refreshToken) {
                    // Another process refreshed while this one waited: its pair is the one to use.
                    return rotated
                }
                // The server kills the old refresh token as it hands out the new one: a pair that
                // could be stored nowhere would lose the session. Asked first, it is kept.
                if let keyring, let problem = keyring.storageProblem() {
                    throw JQCError.refreshUnstorable(profile: profile, problem: problem)
                }
                let grant: TokenGrant
                do {
                    grant = try await exchange(refreshToken)
                } catch let error as HTTPError {
                    // Only a 401 is the server's verdict on the refresh token; any other refusal
                    // (a CSRF check, a proxy rule) is about the request, and the tokens are kept.
                    if case .status(let failure) = error, failure.status == 401 {
                        throw JQCError.sessionExpired(profile: profile, reason: failure.serverMessage ?? "the refresh token was refused")
                    }
                    if case .status(let failure) = error {
                        throw JQCError.refreshRefused(
                            profile: profile, route: JQCEndpoint.refresh.description, status: failure.status, message: failure.serverMessage
                        )
                    }
                    throw error
                } catch let error as JQCError {
                    if case .refused(_, let message) = error { throw JQCError.sessionExpired(profile: profile, reason: message) }
                    throw error
                }
                // The old refresh token is already dead on the server; keep the new pair at once.
                if let keyring { try StoredCredentials.save(grant, user: nil, profile: profile, keyring: keyring, rotated: true) }
                return Tokens(access: grant.accessToken, refresh: grant.refreshToken)
            })
        guard let access = tokens.access else { throw JQCError.notLoggedIn(profile: profile) }
        return access
    }

    /// The lock beside the keyring that makes a profile's refreshes take turns.
    static func refreshLockPath(keyring: Keyring, profile: String) -> String {
        keyring.path + ".refresh-" + profile + ".lock"
    }

    /// The pair another process stored after rotating `refreshToken`, if it did.
    static func rotatedElsewhere(keyring: Keyring, profile: String, since refreshToken: String) throws -> Tokens? {
        guard let entry = try keyring.entry(for: profile), let stored = entry.secrets[StoredCredentials.refreshToken],
            !stored.isEmpty, stored != refreshToken, let access = entry.secrets[StoredCredentials.accessToken], !access.isEmpty
        else { return nil }
        return Tokens(access: access, refresh: stored)
    }

    /// The refresh token now held (the newest after a refresh), if any.
    func currentRefresh() async -> String? {
        await pair.current.refresh
    }

    /// Keeps the identity the server just confirmed for offline use; writes only when it changed.
    func remember(_ user: APIUser) throws {
        guard !fromOutside, let keyring else { return }
        let stored = try keyring.entry(for: profile)?.identity ?? [:]
        let fresh = StoredCredentials.identity(of: user, deviceID: stored[StoredCredentials.deviceID])
        guard fresh.contains(where: { stored[$0.key] != $0.value }) else { return }
        try keyring.update(profile: profile) { entry in
            entry.identity = fresh.merging(entry.identity ?? [:]) { new, _ in new }
        }
    }

    /// Forgets the tokens (the server refused them for good); the identity stays for offline use.
    /// Compare-and-delete: the keyring's tokens go only while they are still the ones this
    /// process held — a pair another process stored meanwhile is a live session and stays.
    func clearStoredTokens() async throws {
        let held = await pair.current
        await pair.set(Tokens(access: nil, refresh: nil))
        guard !fromOutside else { return }
        try keyring?.update(profile: profile) { entry in
            guard entry.secrets[StoredCredentials.refreshToken] == held.refresh,
                entry.secrets[StoredCredentials.accessToken] == held.access
            else { return }
            entry.secrets.removeValue(forKey: StoredCredentials.accessToken)
            entry.secrets.removeValue(forKey: StoredCredentials.refreshToken)
        }
    }
}
