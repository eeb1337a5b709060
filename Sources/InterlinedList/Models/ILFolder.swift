/// A folder of lists (`GET /api/folders`) or of documents (`GET /api/documents/folders`).
public struct ILFolder: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// The raw parent as sent: `""`, `null` or a folder id.
    public var parentId: String?

    public init(id: String, name: String, parentId: String? = nil) {
        self.id = id
        self.name = name
        self.parentId = parentId
    }

    /// The parent folder's id; nil at the root (`""` and `null` alike).
    public var parentFolderID: String? { ParentReference.normalized(parentId) }
}
