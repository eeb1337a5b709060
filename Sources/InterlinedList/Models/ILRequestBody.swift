import FieldOpsCore
import FoundationEssentials

/// A JSON body the CLI sends. Every conforming type is encoded by `ILJSON`, so its keys are its
/// camelCase property names; the tests encode each one and assert no key contains `_`.
public protocol ILRequestBody: Encodable, Sendable {
    /// The bytes sent: the Codable encoding (`ILJSON`'s settings) unless the body holds its JSON
    /// already (`ILJSONBody`, `ILEncodedJSONBody`), which it then gives as it is.
    func jsonBytes() throws -> Data
}

extension ILRequestBody {
    public func jsonBytes() throws -> Data { try ILJSON.encode(self) }
}

/// `{email, password}` for `POST /api/auth/sync-token` and `POST /api/auth/login`.
public struct ILSignIn: ILRequestBody, Equatable {
    public var email: String
    public var password: String
    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// A new message for `POST /api/messages`. Absent fields are left out, so the server's defaults
/// (the user's `defaultPubliclyVisible`) apply.
public struct ILNewMessage: ILRequestBody, Equatable {
    public var content: String
    public var publiclyVisible: Bool?
    public var tags: [String]?
    public var parentId: String?
    public var scheduledAt: String?
    public init(content: String, publiclyVisible: Bool? = nil, tags: [String]? = nil, parentId: String? = nil, scheduledAt: String? = nil) {
        self.content = content
        self.publiclyVisible = publiclyVisible
        self.tags = tags
        self.parentId = parentId
        self.scheduledAt = scheduledAt
    }
}

/// A new list for `POST /api/lists`.
public struct ILNewList: ILRequestBody, Equatable {
    public var title: String
    public var description: String?
    public var isPublic: Bool?
    public var parentId: String?
    public var schema: String?
    public init(title: String, description: String? = nil, isPublic: Bool? = nil, parentId: String? = nil, schema: String? = nil) {
        self.title = title
        self.description = description
        self.isPublic = isPublic
        self.parentId = parentId
        self.schema = schema
    }
}

/// A new document for `POST /api/documents` (root) or `POST /api/documents/folders/{id}/documents`.
///
/// There is deliberately no `folderId`: the folder is chosen by the route, and the root route
/// ignores the field (the document would land at the root).
public struct ILNewDocument: ILRequestBody, Equatable {
    public var title: String
    public var content: String
    public var relativePath: String?
    public var isPublic: Bool?
    public init(title: String, content: String, relativePath: String? = nil, isPublic: Bool? = nil) {
        self.title = title
        self.content = content
        self.relativePath = relativePath
        self.isPublic = isPublic
    }
}

/// `{folderId}` for `PATCH /api/documents/{id}`: a folder id, or `null` for the root.
///
/// `null` is written out explicitly: leaving the key away would mean "do not move".
public struct ILDocumentMove: ILRequestBody, Equatable {
    public var folderId: String?
    public init(folderId: String?) {
        self.folderId = folderId
    }

    private enum CodingKeys: String, CodingKey { case folderId }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let folderId {
            try container.encode(folderId, forKey: .folderId)
        } else {
            try container.encodeNil(forKey: .folderId)
        }
    }
}

/// A body built as JSON rather than from a struct: row data (free-form keys), schemas, and edits
/// that must send `null` — a synthesized `Encodable` leaves a nil out, and the server reads a
/// missing `parentId` as "unchanged", not as "the root".
public struct ILJSONBody: ILRequestBody, Equatable {
    public var value: JSONValue
    public init(_ value: JSONValue) { self.value = value }
    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    /// The core's writer: no Codable detour for a thousand rows.
    public func jsonBytes() -> Data { value.jsonData() }
}

/// A JSON body already written, sent as these bytes: an import writes the next bulk request's
/// body while the one before is in flight.
public struct ILEncodedJSONBody: ILRequestBody, Equatable {
    public var data: Data
    public init(_ data: Data) { self.data = data }
    /// Only for a caller that encodes bodies itself; `ILClient` sends `data` as it is.
    public func encode(to encoder: any Encoder) throws { try JSONValue(parsing: data).encode(to: encoder) }
    public func jsonBytes() -> Data { data }
}
