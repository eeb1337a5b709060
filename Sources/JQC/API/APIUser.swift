/// The account behind a token (`user` in the login and `/auth/me` answers).
public struct APIUser: Codable, Sendable, Equatable {
    public var id: Int
    public var username: String
    public var email: String?
    public var role: String
    public var fullName: String?
    public var createdAt: String?

    enum CodingKeys: String, CodingKey {
        case id, username, email, role
        case fullName = "full_name"
        case createdAt = "created_at"
    }

    public init(id: Int, username: String, email: String? = nil, role: String, fullName: String? = nil, createdAt: String? = nil) {
        self.id = id
        self.username = username
        self.email = email
        self.role = role
        self.fullName = fullName
        self.createdAt = createdAt
    }

    /// `full_name` when it is not empty, else `username` (as the server's `display_name`).
    public var displayName: String {
        let name = fullName ?? ""
        return name.isEmpty ? username : name
    }
}

/// What `/auth/login` and `/auth/refresh` hand out. The refresh token is rotated on every
/// refresh: the old one stops working, so the new pair must be stored before anything else.
public struct TokenGrant: Codable, Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String
    public var tokenType: String?
    /// Seconds the access token lives; the JWT's own `exp` is authoritative when readable.
    public var expiresIn: Int?
    /// Present on login only.
    public var user: APIUser?

    enum CodingKeys: String, CodingKey {
        case user
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
    }
}

/// `data` of `GET /auth/me`.
struct MeResponse: Codable, Sendable {
    var user: APIUser
}
