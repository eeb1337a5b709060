/// A message of the feed (`GET /api/messages`).
public struct ILMessage: Codable, Sendable, Equatable {
    /// The author as the feed embeds it.
    public struct Author: Codable, Sendable, Equatable {
        public var id: String
        public var username: String?
        public var displayName: String?
        public init(id: String, username: String? = nil, displayName: String? = nil) {
            self.id = id
            self.username = username
            self.displayName = displayName
        }
    }

    public var id: String
    public var content: String
    public var publiclyVisible: Bool
    public var imageUrls: [String]
    public var videoUrls: [String]
    public var tags: [String]
    /// ISO 8601 with milliseconds and `Z`, parsed only when shown.
    public var createdAt: String
    public var user: Author?
    public var userId: String?
    public var dugByMe: Bool

    public init(
        id: String, content: String, publiclyVisible: Bool = true, imageUrls: [String] = [], videoUrls: [String] = [],
        tags: [String] = [], createdAt: String, user: Author? = nil, userId: String? = nil, dugByMe: Bool = false
    ) {
        self.id = id
        self.content = content
        self.publiclyVisible = publiclyVisible
        self.imageUrls = imageUrls
        self.videoUrls = videoUrls
        self.tags = tags
        self.createdAt = createdAt
        self.user = user
        self.userId = userId
        self.dugByMe = dugByMe
    }

    private enum CodingKeys: String, CodingKey {
        case id, content, publiclyVisible, imageUrls, videoUrls, tags, createdAt, user, userId, dugByMe
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        content = try container.decodeIfPresent(String.self, forKey: .content) ?? ""
        publiclyVisible = try container.decodeIfPresent(Bool.self, forKey: .publiclyVisible) ?? true
        imageUrls = container.lossyStrings(forKey: .imageUrls)
        videoUrls = container.lossyStrings(forKey: .videoUrls)
        tags = container.lossyStrings(forKey: .tags)
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt) ?? ""
        user = try? container.decodeIfPresent(Author.self, forKey: .user)
        userId = container.lenientString(forKey: .userId)
        dugByMe = (try? container.decodeIfPresent(Bool.self, forKey: .dugByMe)) ?? false
    }

    /// The author's name on a card: display name, else `@username`, else the user id.
    public var authorName: String {
        if let name = user?.displayName, !name.isEmpty { return name }
        if let username = user?.username, !username.isEmpty { return "@" + username }
        return user?.id ?? userId ?? "unknown author"
    }
}

/// `pagination` of the paged routes: `hasMore` is what `--all` follows.
public struct ILPagination: Codable, Sendable, Equatable {
    public var total: Int
    public var limit: Int
    public var offset: Int
    public var hasMore: Bool
    public init(total: Int, limit: Int, offset: Int, hasMore: Bool) {
        self.total = total
        self.limit = limit
        self.offset = offset
        self.hasMore = hasMore
    }
}
