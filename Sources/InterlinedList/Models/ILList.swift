import FieldOpsCore

/// A list (`GET /api/lists`, `GET /api/lists/{id}`). Lists nest under a parent list and sit in
/// a list folder; `parentId` and `folderId` keep the server's raw value (`""`, `null` or an id).
public struct ILList: Codable, Sendable, Equatable {
    /// One column of a list's schema.
    public struct Property: Codable, Sendable, Equatable {
        public var id: String?
        public var propertyKey: String
        public var propertyName: String?
        public var propertyType: String?
        public var displayOrder: Int?
        public var isRequired: Bool?
        public var isVisible: Bool?
        /// `{min, max, pattern, options, minLength, maxLength, …}` as the server stores it.
        public var validationRules: JSONValue?
        /// `{field, operator, value}`: the column is hidden (and not required) when it is false.
        public var visibilityCondition: JSONValue?
        /// JSON-encoded text on the DSL path, the raw value on the properties path.
        public var defaultValue: JSONValue?
        public var helpText: String?
        public var placeholder: String?

        public init(
            id: String? = nil, propertyKey: String, propertyName: String? = nil, propertyType: String? = nil,
            displayOrder: Int? = nil, isRequired: Bool? = nil, isVisible: Bool? = nil,
            validationRules: JSONValue? = nil, visibilityCondition: JSONValue? = nil
        ) {
            self.id = id
            self.propertyKey = propertyKey
            self.propertyName = propertyName
            self.propertyType = propertyType
            self.displayOrder = displayOrder
            self.isRequired = isRequired
            self.isVisible = isVisible
            self.validationRules = validationRules
            self.visibilityCondition = visibilityCondition
        }
    }

    public var id: String
    public var title: String
    public var description: String?
    public var isPublic: Bool?
    public var parentId: String?
    public var folderId: String?
    public var createdAt: String?
    public var updatedAt: String?
    /// Only `GET /api/lists/{id}` includes the schema's properties.
    public var properties: [Property]?
    /// `{id, title}` of the parent list (`GET /api/lists/{id}`); nil at the root.
    public var parent: Reference?
    /// The direct sublists (`GET /api/lists` only).
    public var children: [Reference]?

    /// `{id, title}` as the server embeds a related list.
    public struct Reference: Codable, Sendable, Equatable {
        public var id: String
        public var title: String?
    }

    public init(
        id: String, title: String, description: String? = nil, isPublic: Bool? = nil, parentId: String? = nil,
        folderId: String? = nil, createdAt: String? = nil, updatedAt: String? = nil, properties: [Property]? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.isPublic = isPublic
        self.parentId = parentId
        self.folderId = folderId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.properties = properties
    }

    /// The parent list's id; nil at the root (`""` and `null` alike).
    public var parentListID: String? { ParentReference.normalized(parentId) }
    /// The folder's id; nil at the root (`""` and `null` alike).
    public var folderID: String? { ParentReference.normalized(folderId) }
}

/// A row of a list (`GET /api/lists/{id}/data`): free-form cells keyed by property key, kept
/// losslessly (a number's digits, the server's key order) as the core's `JSONObject`.
public struct ILListRow: Sendable, Equatable {
    public var id: String
    public var cells: JSONObject

    public init(id: String, cells: JSONObject) {
        self.id = id
        self.cells = cells
    }

    /// Reads `{id, rowData, …}`; nil when the id is missing.
    public init?(json: JSONValue) {
        guard let id = json["id"]?.stringValue else { return nil }
        self.id = id
        cells = json["rowData"]?.objectValue ?? JSONObject()
    }
}
