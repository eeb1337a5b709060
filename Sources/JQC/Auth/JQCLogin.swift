import FieldOpsCore
import FoundationEssentials

/// `fieldops auth login|logout|status` for a JQC profile.
enum JQCLogin {
    static func login(_ context: CommandContext, profile: Profile, credentials: any LoginCredentials) async throws -> LoginResult {
        let keyring = try context.keyring()
        let user: APIUser
        let secrets: [String: String]
        switch credentials {
        case let credentials as PasswordLogin:
            let (username, password) = (credentials.username, credentials.password)
            let client = try JQCClient.forLogin(context: context, profile: profile)
            let deviceID = (try? keyring.entry(for: profile.name))??.identity?[StoredCredentials.deviceID] ?? UUID().uuidString.lowercased()
            let body = try JSONValue(encoding: [
                "username": username, "password": password, "device_id": deviceID,
                "device_name": "fieldops on " + ProcessInfo.processInfo.hostName,
            ]).jsonData()
            let grant: TokenGrant
            do {
                grant = try await client.call(.login, json: body, as: TokenGrant.self)
            } catch let HTTPError.status(failure) where [400, 401, 403].contains(failure.status) {
                throw JQCError.invalidCredentials(profile: profile.name, message: failure.serverMessage ?? "HTTP \(failure.status)")
            }
            guard let granted = grant.user else {
                throw JQCError.unexpectedAnswer(endpoint: JQCEndpoint.login.description, reason: "no user in the login answer")
            }
            user = granted
            secrets = [StoredCredentials.accessToken: grant.accessToken, StoredCredentials.refreshToken: grant.refreshToken]
            try save(secrets: secrets, user: user, deviceID: deviceID, profile: profile, keyring: keyring)
        case let credentials as TokenLogin:
            let token = credentials.token
            // A pasted token is checked against /auth/me; it cannot be refreshed later.
            let client = try JQCClient.forLogin(context: context, profile: profile, token: token)
            do {
                user = try await client.call(.me, as: MeResponse.self).user
            } catch JQCError.sessionExpired(_, let reason) {
                throw JQCError.invalidCredentials(profile: profile.name, message: "the token was refused (\(reason))")
            }
            secrets = [StoredCredentials.accessToken: token]
            try save(secrets: secrets, user: user, deviceID: nil, profile: profile, keyring: keyring)
        default:
            throw UnsupportedLoginError(backend: "jqc", hint: "log in with a username and password, or --with-token")
        }
        var details = ["role: \(user.role)"]
        if let expiry = secrets[StoredCredentials.accessToken].flatMap(StoredCredentials.expiry(ofJWT:)) {
            details.append("access token expires \(describe(expiry, now: Date()))")
        }
        return LoginResult(user: "\(user.displayName) (\(user.username))", details: details)
    }

    /// The new secrets replace the old ones entirely (a stale refresh token must not survive).
    private static func save(secrets: [String: String], user: APIUser, deviceID: String?, profile: Profile, keyring: Keyring) throws {
        try keyring.update(profile: profile.name) { entry in
            entry.secrets = secrets
            entry.identity = StoredCredentials.identity(of: user, deviceID: deviceID ?? entry.identity?[StoredCredentials.deviceID])
        }
    }

    /// Best effort: tell the server to drop the refresh token, without refreshing first and
    /// without waiting long. The core removes the keyring entry whatever happens here.
    static func logout(_ context: CommandContext, profile: Profile) async {
        guard let keyring = try? context.keyring(), let entry = try? keyring.entry(for: profile.name),
            let access = entry.secrets[StoredCredentials.accessToken],
            let client = try? JQCClient.forLogin(context: context, profile: profile)
        else { return }
        let refresh = entry.secrets[StoredCredentials.refreshToken] ?? ""
        guard let body = try? JSONValue(encoding: ["refresh_token": refresh]).jsonData() else { return }
        var request = client.request(.logout, query: [], body: .json(body), token: access)
        request.timeout = 5
        if let response = try? await client.session.send(request), !response.isSuccess {
            context.output.trace("server logout answered HTTP \(response.status); the local credentials are removed anyway")
        }
    }

    /// User, role and token expiry from the stored entry; never a secret.
    static func statusFacts(entry: KeyringEntry?, now: Date) -> [(label: String, value: String)] {
        guard let entry else { return [] }
        var facts: [(label: String, value: String)] = []
        if let identity = entry.identity {
            if let name = identity[StoredCredentials.displayName], let username = identity[StoredCredentials.username] {
                facts.append(("user", name == username ? username : "\(name) (\(username))"))
            }
            if let role = identity[StoredCredentials.role] { facts.append(("role", role)) }
        }
        if let token = entry.secrets[StoredCredentials.accessToken] {
            if let expiry = StoredCredentials.expiry(ofJWT: token) {
                facts.append(("token expires", describe(expiry, now: now)))
            }
            facts.append(("refreshable", entry.secrets[StoredCredentials.refreshToken] == nil ? "no" : "yes"))
        }
        return facts
    }

    /// `2026-11-30T08:00:00 UTC (in 59 min)` / `(expired 3 min ago)`.
    static func describe(_ date: Date, now: Date) -> String {
        let interval = date.timeIntervalSince(now)
        let seconds = interval.isFinite ? Int(min(max(interval, -1e12), 1e12).rounded()) : 0
        let span = abs(seconds)
        let amount =
            span < 120 ? "\(span) s" : span < 7200 ? "\(span / 60) min" : span < 172_800 ? "\(span / 3600) h" : "\(span / 86_400) days"
        return JQCDate.format(date) + " UTC " + (seconds >= 0 ? "(in \(amount))" : "(expired \(amount) ago)")
    }
}
