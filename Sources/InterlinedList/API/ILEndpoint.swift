import FieldOpsCore

/// Which credential a route of the InterlinedList API accepts, and so which one the CLI sends.
///
/// The service has two: the sync token (Bearer, never expires) and the `interlinedlist-session`
/// cookie. Most routes take either and get the token, the CLI's own credential; a few take only
/// the cookie (organizations, identities, exports, message edits) and answer 401 to a valid token.
public enum ILCredentialKind: String, Sendable, Equatable {
    /// Sign-in routes: no credential at all.
    case none
    /// Routes that accept the Bearer sync token (and the cookie, which the CLI does not send them).
    case syncToken
    /// Routes that accept only the session cookie.
    case sessionCookie
}

/// One call of the InterlinedList API: method, path, query and the credential the route accepts.
///
/// Paths are kept as unencoded segments (`["api", "lists", id]`) so an id with a slash or a space
/// can never change which route is called; the HTTP layer percent-encodes each segment.
public struct ILEndpoint: Sendable, Equatable, CustomStringConvertible {
    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public var method: HTTPMethod
    public var segments: [String]
    public var query: [QueryItem]
    public var credential: ILCredentialKind

    public init(_ method: HTTPMethod, _ segments: [String], query: [QueryItem] = [], credential: ILCredentialKind) {
        self.method = method
        self.segments = segments
        self.query = query
        self.credential = credential
    }

    /// The path as a person reads it in an error message (`/api/lists/l001`).
    public var path: String { "/" + segments.joined(separator: "/") }

    public var description: String { "\(method.rawValue) \(path)" }
}
