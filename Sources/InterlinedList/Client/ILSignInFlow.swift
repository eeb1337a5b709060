import FieldOpsCore
import FoundationEssentials

/// `auth login` for an InterlinedList profile: both credentials from one email and password.
///
/// The sync token (`POST /api/auth/sync-token`) serves most routes; the session cookie
/// (`POST /api/auth/login`) is the only thing cookie-only routes such as organizations accept.
/// Sign-in is rate-limited: a 429 with a short `Retry-After` is waited out once, and said so.
public struct ILSignInFlow: Sendable {
    /// An InterlinedList profile's session, whose jar accepts nothing (`cookiePersistence` is
    /// `.none`): the login answer's cookie is read from its headers and then sent only to the
    /// routes that take it, never caught by a jar that would send it everywhere.
    public let session: HTTPSession
    public let baseURL: String
    public let profile: String
    /// Where "waiting N s as the server asks" is written (stderr).
    public let notice: @Sendable (String) -> Void
    /// How to wait; tests keep the real clock, the emulator's Retry-After is 1–2 s.
    public let sleep: @Sendable (Int) async throws -> Void

    public init(
        session: HTTPSession, baseURL: String, profile: String,
        notice: @escaping @Sendable (String) -> Void,
        sleep: @escaping @Sendable (Int) async throws -> Void = { seconds in try await Task.sleep(for: .seconds(seconds)) }
    ) {
        self.session = session
        self.baseURL = baseURL
        self.profile = profile
        self.notice = notice
        self.sleep = sleep
    }

    /// Signs in with email and password and returns both credentials and the user's identity.
    public func signIn(email: String, password: String) async throws -> ILStoredCredentials {
        let body = ILSignIn(email: email, password: password)
        let anonymous = ILClient(session: session, baseURL: baseURL, profile: profile, credentials: ILStoredCredentials())

        let tokenResponse = try await post(.syncToken, body, email: email, client: anonymous)
        let token = try anonymous.decode(ILSyncTokenResponse.self, tokenResponse, .syncToken).token

        let loginResponse = try await post(.login, body, email: email, client: anonymous)
        guard let cookie = Self.sessionCookie(in: loginResponse.headers.values(for: "Set-Cookie")) else {
            throw ILError.unexpectedResponse(
                route: ILEndpoint.login.description,
                detail: "no \(ILStoredCredentials.cookieName) cookie in the answer")
        }
        let signedIn = ILStoredCredentials(syncToken: token, sessionCookie: cookie)
        let user = try await ILClient(session: session, baseURL: baseURL, profile: profile, credentials: signedIn)
            .call(.currentUser, as: ILUserEnvelope.self).user
        return ILStoredCredentials(syncToken: token, sessionCookie: cookie, user: user)
    }

    /// Checks a pasted sync token (`--with-token`) and returns it with the user's identity; no cookie.
    public func adopt(token: String) async throws -> ILStoredCredentials {
        let trimmed = token.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw FieldOpsError.usage("--with-token read an empty token from stdin") }
        let candidate = ILStoredCredentials(syncToken: trimmed)
        do {
            let user = try await ILClient(session: session, baseURL: baseURL, profile: profile, credentials: candidate)
                .call(.currentUser, as: ILUserEnvelope.self).user
            return ILStoredCredentials(syncToken: trimmed, user: user)
        } catch ILError.loggedOut {
            throw ILError.tokenRefused(profile: profile)
        }
    }

    /// One sign-in POST; waits out one short 429 and tries again.
    private func post(_ endpoint: ILEndpoint, _ body: ILSignIn, email: String, client: ILClient) async throws -> HTTPResponse {
        var waited = false
        while true {
            let response = try await client.exchange(endpoint, body: body)
            switch response.status {
            case 200..<300:
                return response
            case 401:
                throw ILError.badCredentials(email: email)
            case 429:
                let seconds = LoginRetry.seconds(response.headers["Retry-After"])
                guard !waited, LoginRetry.shouldWaitAndRetry(seconds: seconds), let seconds else {
                    throw ILError.rateLimited(route: endpoint.description, retryAfter: seconds)
                }
                notice(
                    "fieldops: the server is limiting sign-in attempts (429); waiting \(seconds) s as it asks (Retry-After), then trying once more"
                )
                try await sleep(seconds)
                waited = true
            default:
                throw ILClient.failure(endpoint, response)
            }
        }
    }

    /// The value of `interlinedlist-session` among `Set-Cookie` headers (an emptied one does not count).
    static func sessionCookie(in headers: [String]) -> String? {
        let prefix = ILStoredCredentials.cookieName + "="
        for header in headers {
            let pair = header.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces() } ?? ""
            if pair.hasPrefix(prefix) {
                let value = String(pair.dropFirst(prefix.count))
                if !value.isEmpty { return value }
            }
        }
        return nil
    }
}
