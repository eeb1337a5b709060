import FieldOpsCore

/// Failures specific to talking to MCMS, each naming the request and what to do next.
public enum MCMSError: UserFacingError, Equatable {
    /// 401: the session is gone (seed: only a 401 means that).
    case sessionExpired(profile: String)
    /// 403: permission or CSRF; never treated as a logout (seed).
    case forbidden(path: String, message: String?)
    case notFound(kind: String, id: String, profile: String, serverMessage: String? = nil)
    case server(path: String, status: Int?, message: String)
    case malformed(path: String, reason: String)
    case loginRejected(profile: String, message: String?)
    case notLoggedIn(profile: String)

    public var summary: String {
        switch self {
        case .sessionExpired(let profile): "the session of profile \(profile) has expired (the server answered 401)"
        case .forbidden(let path, let message):
            "forbidden (permission or CSRF): \(path)" + (message.map { ": \($0)" } ?? "")
        case .notFound(let kind, let id, let profile, let message):
            ServiceWording.notFound("\(kind) \(id)", profile: profile, serverMessage: message)
        case .server(let path, let status, let message):
            status.map { ServiceWording.statusFailure(route: path, status: $0, message: message, requestID: nil) }
                ?? "MCMS refused \(path): \(message)"
        case .malformed(let path, let reason): "unexpected answer from MCMS for \(path): \(reason)"
        case .loginRejected(let profile, let message):
            "login failed for profile \(profile)" + (message.map { ": \($0)" } ?? "")
        case .notLoggedIn(let profile): "profile \(profile) is not logged in"
        }
    }

    public var hint: String? {
        switch self {
        case .sessionExpired(let profile), .notLoggedIn(let profile):
            "log in again: fieldops -p \(profile) auth login"
        case .forbidden:
            "your MCMS user may lack write permission; if it has it, log in again to refresh the CSRF token"
        case .notFound(let kind, _, let profile, _): "see the \(kind)s there: fieldops -p \(profile) mcms \(kind.lowercased()) list"
        case .server(_, let status, _): status.flatMap { ServiceWording.statusHint($0, requestID: nil) }
        case .malformed: nil
        case .loginRejected: "check the username and password"
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .sessionExpired, .notLoggedIn, .loginRejected: .notAuthenticated
        case .forbidden, .notFound, .server, .malformed: .failure
        }
    }
}
