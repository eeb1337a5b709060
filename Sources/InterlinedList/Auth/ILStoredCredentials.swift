/// What the keyring holds for an InterlinedList profile: both credentials and who they belong to.
///
/// Stored as the keyring's string maps: the secrets `access_token` (the sync token) and
/// `session_cookie` (the value of `interlinedlist-session`), and the identity `user_id`,
/// `username`, `display_name`, `max_message_length` so commands know whose cache to read and how
/// long a message may be without asking the server.
public struct ILStoredCredentials: Sendable, Equatable {
    public var syncToken: String?
    public var sessionCookie: String?
    public var user: ILUser?

    public static let tokenSecret = "access_token"
    public static let cookieSecret = "session_cookie"
    /// The name of the service's session cookie.
    public static let cookieName = "interlinedlist-session"

    public init(syncToken: String? = nil, sessionCookie: String? = nil, user: ILUser? = nil) {
        self.syncToken = syncToken
        self.sessionCookie = sessionCookie
        self.user = user
    }

    public init(secrets: [String: String], identity: [String: String]?) {
        syncToken = secrets[Self.tokenSecret].flatMap { $0.isEmpty ? nil : $0 }
        sessionCookie = secrets[Self.cookieSecret].flatMap { $0.isEmpty ? nil : $0 }
        if let identity, let id = identity["user_id"], !id.isEmpty {
            user = ILUser(
                id: id, username: identity["username"], displayName: identity["display_name"],
                maxMessageLength: identity["max_message_length"].flatMap { Int($0) })
        } else {
            user = nil
        }
    }

    /// The secrets to store (only the credentials that exist).
    public var secrets: [String: String] {
        var out: [String: String] = [:]
        if let syncToken { out[Self.tokenSecret] = syncToken }
        if let sessionCookie { out[Self.cookieSecret] = sessionCookie }
        return out
    }

    /// The identity to store, or nil when the user is unknown.
    public var identity: [String: String]? {
        guard let user else { return nil }
        var out = ["user_id": user.id]
        if let username = user.username { out["username"] = username }
        if let displayName = user.displayName { out["display_name"] = displayName }
        if let limit = user.maxMessageLength { out["max_message_length"] = String(limit) }
        return out
    }

    /// The credential to send for a route, as a header name and value; nil when the route takes
    /// none or when the needed credential is missing (the caller reports which).
    public func header(for kind: ILCredentialKind) -> (name: String, value: String)? {
        switch kind {
        case .none: return nil
        case .syncToken: return syncToken.map { ("Authorization", "Bearer " + $0) }
        case .sessionCookie: return sessionCookie.map { ("Cookie", Self.cookieName + "=" + $0) }
        }
    }
}
