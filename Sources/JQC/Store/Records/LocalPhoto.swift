import FieldOpsCore
import FoundationEssentials

/// A photo taken for an inspection field or an issue: an owned copy under the profile's data
/// directory, waiting for upload or already uploaded (`serverPath`).
public struct LocalPhoto: Sendable, Equatable {
    public enum EntityType: String, Sendable, Equatable {
        case inspection
        case issue
    }

    public var localID: String
    public var entityType: EntityType
    public var inspectionLocalID: String?
    public var issueLocalID: String?
    /// The image or signature field the photo answers (inspection photos only).
    public var fieldID: String?
    /// The copy's file name inside the store's `photos/` directory.
    public var fileName: String
    public var contentType: String
    public var byteCount: Int
    /// The name of the file the person attached, for display only.
    public var originalName: String?
    public var syncStatus: SyncStatus
    public var retryCount: Int
    public var lastError: String?
    public var serverPath: String?
    public var createdAt: Date

    /// The local id of the record the photo belongs to (sent as `local_id` with the upload).
    public var ownerLocalID: String {
        (entityType == .inspection ? inspectionLocalID : issueLocalID) ?? ""
    }

    static let columns = """
        local_id, entity_type, inspection_local_id, issue_local_id, field_id, file_name, content_type, byte_count, \
        original_name, sync_status, retry_count, last_error, server_path, created_at
        """

    init(row: Row) throws {
        localID = try row.decode("local_id")
        entityType = try StoreText.enumeration(row, "entity_type")
        inspectionLocalID = try row.decode("inspection_local_id")
        issueLocalID = try row.decode("issue_local_id")
        fieldID = try row.decode("field_id")
        fileName = try row.decode("file_name")
        contentType = try row.decode("content_type")
        byteCount = try row.decode("byte_count")
        originalName = try row.decode("original_name")
        syncStatus = try StoreText.enumeration(row, "sync_status")
        retryCount = try row.decode("retry_count")
        lastError = try row.decode("last_error")
        serverPath = try row.decode("server_path")
        createdAt = try StoreText.date(row, "created_at")
    }
}
