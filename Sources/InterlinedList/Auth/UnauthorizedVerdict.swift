/// What a 401 from a feature route means, decided only after asking `GET /api/user`.
///
/// The service answers 401 both when a credential is dead and when a route does not accept the
/// credential it was given (cookie-only routes refuse a valid Bearer token), so a 401 alone
/// proves nothing. Only a 401 from `GET /api/user` means the user is logged out; a network error
/// while checking never does.
public enum UnauthorizedVerdict: Sendable, Equatable {
    /// `GET /api/user` answered 401 too: the credential is dead. Exit 3; cached data is kept.
    case loggedOut
    /// The credential is valid but this route refused what was sent (a cookie-only route without
    /// a live session cookie). The user stays logged in.
    case routeRefused(needsCookie: Bool)
    /// The check could not reach the server: say so (exit 4), never log out.
    case unreachable(reason: String)
    /// The check got some other answer (a 5xx): report it, never log out.
    case inconclusive(status: Int)

    /// What `GET /api/user` answered when re-validating.
    public enum Check: Sendable, Equatable {
        case status(Int)
        case unreachable(String)
    }

    /// Decides from the route that answered 401 and the outcome of the re-validation.
    public static func decide(route: ILEndpoint, check: Check) -> UnauthorizedVerdict {
        switch check {
        case .unreachable(let reason):
            return .unreachable(reason: reason)
        case .status(401):
            return .loggedOut
        case .status(let status) where (200..<300).contains(status):
            return .routeRefused(needsCookie: route.credential == .sessionCookie)
        case .status(let status):
            return .inconclusive(status: status)
        }
    }

    /// Whether this verdict ends the session (and so exits 3).
    public var isLoggedOut: Bool { self == .loggedOut }
}
