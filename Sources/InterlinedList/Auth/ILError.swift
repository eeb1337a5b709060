import FieldOpsCore

/// Every failure of the InterlinedList backend a person can see: what failed, on which route or
/// profile, and what to do next, each with its documented exit code.
public enum ILError: UserFacingError, Equatable {
    /// No credential is stored for the profile.
    case notLoggedIn(profile: String)
    /// `GET /api/user` answered 401: the stored credential is dead. The cache is kept.
    case loggedOut(profile: String, route: String)
    /// A cookie-only route, and the profile holds no session cookie (signed in with a pasted token).
    case needsSessionCookie(profile: String, route: String)
    /// The route answered 401 though `GET /api/user` accepts the credential.
    case routeRefused(profile: String, route: String, cookieRoute: Bool)
    /// 403, explained from the server's message.
    case forbidden(route: String, reason: ForbiddenReason, serverMessage: String?)
    /// 429 on sign-in.
    case rateLimited(route: String, retryAfter: Int?)
    /// Any other error answer.
    case server(route: String, status: Int, serverMessage: String?)
    /// A 404 for a route that names one record: `no document d006 on lists`.
    case notFound(subject: String, profile: String, serverMessage: String?)
    /// A 400 `Validation failed` with the server's `details`, one per field.
    case invalidData(route: String, serverMessage: String?, problems: [ILRowValidator.Problem])
    /// The answer was not the JSON the route documents.
    case unexpectedResponse(route: String, detail: String)
    /// The server could not be reached and there is no cached copy to show.
    case offline(route: String, reason: String)
    /// The message is longer than the user's profile allows.
    case messageTooLong(length: Int, limit: Int)
    /// Wrong email or password.
    case badCredentials(email: String)
    /// A token given with `--with-token` that `GET /api/user` refuses.
    case tokenRefused(profile: String)

    public var summary: String {
        switch self {
        case .notLoggedIn(let profile):
            return "profile \(profile) is not logged in"
        case .loggedOut(let profile, let route):
            return
                "logged out: the server no longer accepts the credentials of profile \(profile) (\(route) and GET /api/user answered 401)"
        case .needsSessionCookie(let profile, let route):
            return "\(route) accepts only a session cookie, and profile \(profile) has none (it was signed in with a token)"
        case .routeRefused(_, let route, let cookieRoute):
            return cookieRoute
                ? "\(route) refused the session cookie (401), though your sync token is still valid"
                : "\(route) answered 401, though GET /api/user accepts your credentials"
        case .forbidden(let route, let reason, let message):
            return "\(route): \(reason.label)" + (message.map { " — \($0)" } ?? "")
        case .rateLimited(let route, let retryAfter):
            return "\(route): too many sign-in attempts (429)" + (retryAfter.map { "; the server asks to wait \($0) s" } ?? "")
        case .server(let route, let status, let message):
            return ServiceWording.statusFailure(route: route, status: status, message: message, requestID: nil)
        case .notFound(let subject, let profile, let message):
            return ServiceWording.notFound(subject, profile: profile, serverMessage: message)
        case .invalidData(let route, let message, _):
            return "\(route) refused the data (HTTP 400)" + (message.map { ": \($0)" } ?? "")
        case .unexpectedResponse(let route, let detail):
            return "\(route) sent an answer fieldops cannot read: \(detail)"
        case .offline(let route, let reason):
            return "\(route) failed: \(reason)"
        case .messageTooLong(let length, let limit):
            return "message is \(length) characters; your profile allows at most \(limit)"
        case .badCredentials(let email):
            return "sign-in refused for \(email): wrong email or password"
        case .tokenRefused(let profile):
            return "the server refused the token given for profile \(profile) (GET /api/user answered 401); nothing was stored"
        }
    }

    public var details: [String] {
        switch self {
        case .loggedOut: return ["the offline mirror (lists, rows, documents, feed) was kept; log in again to refresh it"]
        case .invalidData(_, _, let problems): return problems.map { "\($0.field): \($0.message)" }
        default: return []
        }
    }

    public var hint: String? {
        switch self {
        case .notLoggedIn(let profile), .loggedOut(let profile, _):
            return "log in: fieldops -p \(profile) auth login"
        case .needsSessionCookie(let profile, _):
            return "sign in with email and password to get one: fieldops -p \(profile) auth login --password-stdin"
        case .routeRefused(let profile, _, let cookieRoute):
            return cookieRoute
                ? "the session cookie has expired; sign in again to renew it: fieldops -p \(profile) auth login"
                : "you are still logged in; the server refused this one request — check the id, or retry later"
        case .forbidden(_, let reason, _):
            return reason.hint
        case .rateLimited(_, let retryAfter):
            return "wait \(retryAfter.map { "\($0) s" } ?? "a while") and run the command again"
        case .server(_, let status, _):
            return ServiceWording.statusHint(status, requestID: nil)
        case .notFound(let subject, let profile, _):
            return "check the id against the listing: fieldops -p \(profile) il \(ILError.listing(of: subject))"
        case .offline:
            return
                "check the network and the profile's base_url; reads answer from the offline mirror when it holds what they ask; fill it while online: fieldops il sync"
        case .messageTooLong:
            return "shorten the message, or raise maxMessageLength in your InterlinedList settings"
        case .badCredentials:
            return "check the email and password; accounts that use GitHub/Google sign-in can paste a sync token with --with-token"
        case .unexpectedResponse:
            return "check that the profile's base_url points at an InterlinedList server"
        case .invalidData:
            return "fix the fields named above and run it again; see the columns and their types: fieldops il list schema LIST"
        case .tokenRefused:
            return "copy the sync token again (it is 64 hex digits), or log in with email and password"
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .notLoggedIn, .loggedOut, .needsSessionCookie, .tokenRefused, .badCredentials: return .notAuthenticated
        case .offline: return .network
        case .messageTooLong: return .usage
        default: return .failure
        }
    }
}

extension ILError {
    /// The listing that shows the ids of what `subject` names (`document d006` → `docs`).
    static func listing(of subject: String) -> String {
        let noun = subject.split(separator: " ").first.map(String.init) ?? ""
        switch noun {
        case "document": return "docs"
        case "folder": return "folders"
        case "message", "post": return "feed"
        case "organization", "org": return "orgs"
        case "notification": return "notifications"
        case "user": return "following"
        default: return "lists"
        }
    }

    /// Whether the server answered 404 (`notFound` for a route naming one record, else `server`).
    public var isNotFound: Bool {
        switch self {
        case .notFound, .server(_, 404, _): return true
        default: return false
        }
    }

    /// The server's own words for a 404 (`Dig not found`).
    public var notFoundMessage: String? {
        switch self {
        case .notFound(_, _, let message), .server(_, 404, let message): return message
        default: return nil
        }
    }

    /// Whether this failure means the server could not be reached (so cached data may be shown).
    public var isOffline: Bool {
        if case .offline = self { return true }
        return false
    }

    /// Why the server could not be reached (`cannot reach HOST (connection refused)`), for the
    /// local-copy notice; nil when it could.
    public var unreachableReason: String? {
        if case .offline(_, let reason) = self { return reason }
        return nil
    }
}
