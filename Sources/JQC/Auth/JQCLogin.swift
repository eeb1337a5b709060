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
            } catch let HTTPError.status(failure) where failure.status == 401 || isCredentialMessage(failure.serverMessage) {
                throw JQCError.invalidCredentials(profile: profile.name, message: failure.serverMessage ?? "HTTP \(failure.status)")
            } catch let HTTPError.status(failure) where (400..<500).contains(failure.status) {
                // Not a verdict on the password (a CSRF check, a proxy rule): say what was refused.
                throw JQCError.requestRefused(
                    route: JQCEndpoint.login.description, status: failure.status, message: failure.serverMessage, profile: profile.name)
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
        let shown = user.displayName == user.username ? user.username : "\(user.displayName) (\(user.username))"
        return LoginResult(user: shown, details: details)
    }

    /// The server's documented answers about the credentials themselves (any status).
    static func isCredentialMessage(_ message: String?) -> Bool {
        guard let message else { return false }
        return message.hasPrefix("Invalid credentials") || message.hasPrefix("Account is disabled")
            || message == "username and password are required"
    }

    /// The new secrets replace the old ones entirely (a stale refresh token must not survive).
    private static func save(secrets: [String: String], user: APIUser, deviceID: String?, profile: Profile, keyring: Keyring) throws {
        try keyring.update(profile: profile.name) { entry in
            entry.secrets = secrets
            entry.identity = StoredCredentials.identity(of: user, deviceID: deviceID ?? entry.identity?[StoredCredentials.deviceID])
            if secrets[StoredCredentials.refreshToken] != nil {
                entry.identity?[StoredCredentials.refreshIssuedAt] = JQCDate.format(Date()) + "Z"
            }
        }
    }

    /// Asks the server to revoke the refresh token, and says whether it did. Its logout route
    /// needs a valid access token, so an expired one is refreshed first (which rotates the
    /// refresh token: the new one is the one to revoke). The core removes the keyring entry
    /// whatever the answer.
    static func logout(_ context: CommandContext, profile: Profile) async -> LogoutOutcome {
        guard let keyring = try? context.keyring(), let entry = try? keyring.entry(for: profile.name),
            let access = entry.secrets[StoredCredentials.accessToken]
        else { return .revoked("no session was stored") }
        let accessExpiry = StoredCredentials.expiry(ofJWT: access)
        let accessNote =
            accessExpiry.map {
                " (the last access token stays usable until \(describe($0, now: Date())): the server cannot revoke access tokens)"
            }
            ?? ""
        guard let refresh = entry.secrets[StoredCredentials.refreshToken], !refresh.isEmpty else {
            return .revoked("a token given with --with-token has no session on the server to end" + accessNote)
        }
        let remains =
            "the refresh token stays valid on the server until it expires"
            + (entry.identity?[StoredCredentials.refreshIssuedAt].flatMap(JQCDate.parse).map {
                " (about \(describe($0.addingTimeInterval(StoredCredentials.refreshLifetime), now: Date())): 30 days after it was issued, the server's default)"
            } ?? " (30 days after it was issued, by the server's default)")
            + (entry.identity?[StoredCredentials.deviceID].map { "; the server lists it under device id \($0)" } ?? "")
        let client: JQCClient
        do {
            client = try JQCClient(context: context, profile: profile)
        } catch {
            return .notRevoked(reason: error.summaryText, remains: remains)
        }
        var tokens = (access: access, refresh: refresh)
        if let accessExpiry, accessExpiry.timeIntervalSinceNow < 30 {
            switch await refreshForLogout(client, stale: access, remains: remains) {
            case .tokens(let fresh): tokens = fresh
            case .ended(let outcome): return outcome
            }
        }
        for attempt in 0..<2 {
            let response: HTTPResponse
            do {
                guard let body = try? JSONValue(encoding: ["refresh_token": tokens.refresh]).jsonData() else { break }
                var request = client.request(.logout, query: [], body: .json(body), token: tokens.access)
                request.timeout = 10
                response = try await client.session.send(request)
            } catch {
                return .notRevoked(reason: "the server could not be reached: " + error.summaryText, remains: remains)
            }
            if response.isSuccess { return .revoked("the server revoked the refresh token" + accessNote) }
            if response.status == 401, attempt == 0 {
                // The access token was refused after all (a server clock ahead of ours): refresh once.
                switch await refreshForLogout(client, stale: tokens.access, remains: remains) {
                case .tokens(let fresh):
                    tokens = fresh
                    continue
                case .ended(let outcome): return outcome
                }
            }
            if let missing = MissingRouteError(response, route: JQCEndpoint.logout.description, service: "JQC", profile: profile.name) {
                return .notRevoked(reason: missing.summary, remains: remains)
            }
            let failure = HTTPStatusFailure(response)
            return .notRevoked(
                reason: "\(JQCEndpoint.logout.description) was refused: HTTP \(response.status)"
                    + (failure.serverMessage.map { " \($0)" } ?? ""),
                remains: remains)
        }
        return .notRevoked(reason: "the logout request could not be built", remains: remains)
    }

    /// What a refresh before the logout request gave: a fresh pair to revoke, or the outcome
    /// of the logout already (a dead refresh token leaves nothing to revoke).
    private enum LogoutRefresh {
        case tokens((access: String, refresh: String))
        case ended(LogoutOutcome)
    }

    /// A fresh token pair for the logout request (stored as every refresh is).
    private static func refreshForLogout(_ client: JQCClient, stale: String, remains: String) async -> LogoutRefresh {
        let dead = LogoutOutcome.revoked("the server no longer accepted the refresh token: nothing was left to revoke")
        do {
            let access = try await client.tokens.refreshed(replacing: stale) { refreshToken in
                try await client.exchange(refreshToken: refreshToken)
            }
            guard let refresh = await client.tokens.currentRefresh() else { return .ended(dead) }
            return .tokens((access, refresh))
        } catch JQCError.sessionExpired {
            return .ended(dead)
        } catch {
            return .ended(.notRevoked(reason: "refreshing the expired access token first failed: " + error.summaryText, remains: remains))
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

    /// `2026-11-30 09:00:00 CET (in 59 min)` / `(expired 3 min ago)`: local time with its zone.
    static func describe(_ date: Date, now: Date) -> String {
        let interval = date.timeIntervalSince(now)
        let seconds = interval.isFinite ? Int(min(max(interval, -1e12), 1e12).rounded()) : 0
        let span = abs(seconds)
        let amount =
            span < 120 ? "\(span) s" : span < 7200 ? "\(span / 60) min" : span < 172_800 ? "\(span / 3600) h" : "\(span / 86_400) days"
        return JQCDate.person(date) + " " + (seconds >= 0 ? "(in \(amount))" : "(expired \(amount) ago)")
    }
}
