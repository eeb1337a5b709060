import FieldOpsCore
import FoundationEssentials

/// A cached facility with its areas.
public struct CachedFacility: Sendable, Equatable {
    public var facility: APIFacility
    public var areas: [APIArea]
}

/// A cached template: its summary and the `form_schema` exactly as the server sent it.
public struct CachedTemplate: Sendable, Equatable {
    public var id: Int
    public var name: String
    public var description: String?
    public var frequency: String?
    public var formSchemaJSON: String

    /// The schema, decoded by the domain's rules (ids as strings, unknown types kept).
    public func schema() throws -> FormSchema {
        try FormSchema(jsonData: Data(formSchemaJSON.utf8))
    }
}

/// A notification fetched from the server and kept locally.
public struct StoredNotification: Sendable, Equatable {
    public var notification: APINotification
    /// Whether the server has been told it was read (the next sync tells it otherwise).
    public var readOnServer: Bool
    public var fetchedAt: Date
    /// When it was marked read in the inbox (`jqc notifications read`); nil while unread.
    public var readAt: Date?
}
