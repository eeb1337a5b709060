/// The signed-in user's profile (`GET /api/user`), and the identity kept for offline launch.
public struct ILUser: Codable, Sendable, Equatable {
    public var id: String
    public var email: String?
    public var username: String?
    public var displayName: String?
    public var emailVerified: Bool?
    /// Longest message the server accepts from this user; `il post` checks it before sending.
    public var maxMessageLength: Int?
    /// `free` or `subscriber` (list folders are a subscriber feature).
    public var customerStatus: String?
    public var isPrivateAccount: Bool?
    public var createdAt: String?

    public init(
        id: String, email: String? = nil, username: String? = nil, displayName: String? = nil,
        emailVerified: Bool? = nil, maxMessageLength: Int? = nil, customerStatus: String? = nil,
        isPrivateAccount: Bool? = nil, createdAt: String? = nil
    ) {
        self.id = id
        self.email = email
        self.username = username
        self.displayName = displayName
        self.emailVerified = emailVerified
        self.maxMessageLength = maxMessageLength
        self.customerStatus = customerStatus
        self.isPrivateAccount = isPrivateAccount
        self.createdAt = createdAt
    }

    /// The service's default when a profile does not say (`maxMessageLength` 666).
    public static let defaultMaxMessageLength = 666

    /// How the user is named on screen: display name, else `@username`, else the id.
    public var shownName: String {
        if let displayName, !displayName.isEmpty { return displayName }
        if let username, !username.isEmpty { return "@" + username }
        return id
    }
}
