/// A markdown document (`GET /api/documents`, `GET /api/documents/folders/{id}/documents`).
public struct ILDocument: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var content: String?
    public var relativePath: String?
    public var isPublic: Bool?
    public var folderId: String?
    public var createdAt: String?
    public var updatedAt: String?
    /// sha256 of the content, lowercase hex; the server computes it and never checks it.
    public var contentHash: String?

    public init(
        id: String, title: String, content: String? = nil, relativePath: String? = nil, isPublic: Bool? = nil,
        folderId: String? = nil, createdAt: String? = nil, updatedAt: String? = nil
    ) {
        self.id = id
        self.title = title
        self.content = content
        self.relativePath = relativePath
        self.isPublic = isPublic
        self.folderId = folderId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The folder's id; nil at the root (`""` and `null` alike).
    public var folderID: String? { ParentReference.normalized(folderId) }
}
