import FieldOpsCore
import FoundationEssentials

/// An inspection written on this device: the workflow state the inspector sees (`status`) and,
/// separately, where it stands with the server (`syncStatus`).
public struct LocalInspection: Sendable, Equatable {
    public var localID: String
    public var serverID: Int?
    public var templateID: Int
    public var facilityID: Int
    public var areaID: Int?
    public var status: InspectionStatus
    public var syncStatus: SyncStatus
    public var retryCount: Int
    public var lastError: String?
    /// The answers as stored: compact JSON text of `{field_id: value}`.
    public var formDataJSON: String
    public var overallScore: Double?
    /// The score the server computed and keeps (nil until synced, or when it sent none).
    public var serverScore: Double?
    public var notes: String?
    public var parentLocalID: String?
    public var parentServerID: Int?
    public var followUpRequired: Bool
    public var startedAt: Date
    public var completedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    public var syncedAt: Date?
    /// Set while a POST of it is out with no answer recorded: the server may already hold it.
    public var sendingSince: Date?

    /// The answers, decoded.
    public func formData() throws -> [String: FormValue] {
        try FormData.decode(Data(formDataJSON.utf8), source: "form data of inspection \(localID)")
    }

    /// The badge the iPad client shows for this record.
    public var badge: InspectionBadge { InspectionBadge(status: status, syncStatus: syncStatus) }

    static let columns = """
        local_id, server_id, template_id, facility_id, area_id, status, sync_status, retry_count, last_error, \
        form_data, overall_score, server_score, notes, parent_local_id, parent_server_id, follow_up_required, started_at, \
        completed_at, created_at, updated_at, synced_at, sending_since
        """

    init(row: Row) throws {
        localID = try row.decode("local_id")
        serverID = try row.decode("server_id")
        templateID = try row.decode("template_id")
        facilityID = try row.decode("facility_id")
        areaID = try row.decode("area_id")
        status = try StoreText.enumeration(row, "status")
        syncStatus = try StoreText.enumeration(row, "sync_status")
        retryCount = try row.decode("retry_count")
        lastError = try row.decode("last_error")
        formDataJSON = try row.decode("form_data")
        overallScore = try row.decode("overall_score")
        serverScore = try row.decode("server_score")
        notes = try row.decode("notes")
        parentLocalID = try row.decode("parent_local_id")
        parentServerID = try row.decode("parent_server_id")
        followUpRequired = try row.decode("follow_up_required", as: Int.self) != 0
        startedAt = try StoreText.date(row, "started_at")
        completedAt = try StoreText.optionalDate(row, "completed_at")
        createdAt = try StoreText.date(row, "created_at")
        updatedAt = try StoreText.date(row, "updated_at")
        syncedAt = try StoreText.optionalDate(row, "synced_at")
        sendingSince = try StoreText.optionalDate(row, "sending_since")
    }
}
