import FieldOpsCore
import FoundationEssentials

/// An issue in the local store: flagged on this device (`origin == .device`, sent through the
/// outbox) or pulled from the server because it is assigned to or reported by this user.
public struct LocalIssue: Sendable, Equatable {
    /// Where a local issue record came from; only server-pulled ones are ever removed by a sync.
    public enum Origin: String, Sendable, Equatable {
        case device
        case server
    }

    public var localID: String
    public var serverID: Int?
    public var origin: Origin
    public var inspectionLocalID: String?
    public var inspectionServerID: Int?
    /// `unknownFacility` for a pulled issue whose area is not in the reference cache (the
    /// public server's issues name only their area).
    public var facilityID: Int
    public var areaID: Int?

    /// The facility id stored when neither the server nor the cached areas name one.
    public static let unknownFacility = 0
    /// Kept as text: the server may add severities this build does not know.
    public var severity: String
    public var description: String
    public var status: String
    public var syncStatus: SyncStatus
    public var retryCount: Int
    public var lastError: String?
    /// The server path of the photo flagged with the issue, once uploaded (or pulled).
    public var photoPath: String?
    /// Every server photo: `photo_path` then `result_photos`.
    public var serverPhotoPaths: [String]
    public var resultNotes: String?
    public var assignedTo: Int?
    public var reportedBy: Int?
    public var reportedAt: String?
    public var resolvedAt: String?
    public var createdAt: Date
    public var updatedAt: Date

    static let columns = """
        local_id, server_id, origin, inspection_local_id, inspection_server_id, facility_id, area_id, severity, \
        description, status, sync_status, retry_count, last_error, photo_path, server_photo_paths, result_notes, \
        assigned_to, reported_by, reported_at, resolved_at, created_at, updated_at
        """

    init(row: Row) throws {
        localID = try row.decode("local_id")
        serverID = try row.decode("server_id")
        origin = try StoreText.enumeration(row, "origin")
        inspectionLocalID = try row.decode("inspection_local_id")
        inspectionServerID = try row.decode("inspection_server_id")
        facilityID = try row.decode("facility_id")
        areaID = try row.decode("area_id")
        severity = try row.decode("severity")
        description = try row.decode("description")
        status = try row.decode("status")
        syncStatus = try StoreText.enumeration(row, "sync_status")
        retryCount = try row.decode("retry_count")
        lastError = try row.decode("last_error")
        photoPath = try row.decode("photo_path")
        serverPhotoPaths = StoreText.stringList(try row.decode("server_photo_paths", as: String.self))
        resultNotes = try row.decode("result_notes")
        assignedTo = try row.decode("assigned_to")
        reportedBy = try row.decode("reported_by")
        reportedAt = try row.decode("reported_at")
        resolvedAt = try row.decode("resolved_at")
        createdAt = try StoreText.date(row, "created_at")
        updatedAt = try StoreText.date(row, "updated_at")
    }
}
