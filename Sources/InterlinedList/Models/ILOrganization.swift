/// An organization (`GET /api/organizations`, cookie only).
public struct ILOrganization: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var slug: String?
    public var description: String?
    public var isPublic: Bool?
    public var memberCount: Int?
    /// The signed-in user's role (`owner`, `admin`, `member`), nil when not a member.
    public var role: String?

    public init(
        id: String, name: String, slug: String? = nil, description: String? = nil, isPublic: Bool? = nil,
        memberCount: Int? = nil, role: String? = nil
    ) {
        self.id = id
        self.name = name
        self.slug = slug
        self.description = description
        self.isPublic = isPublic
        self.memberCount = memberCount
        self.role = role
    }
}
