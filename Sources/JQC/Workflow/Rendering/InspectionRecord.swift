import FoundationEssentials

/// The `--json` shape of a local inspection (`inspect start|submit|show --json`).
///
/// Every key is always present (`null` when unset) so scripts can rely on the shape;
/// `form_data` is the answers exactly as stored, `local://…` photo references included.
struct InspectionRecord: Encodable {
    var inspection: LocalInspection
    var formData: [String: FormValue]
    /// Extras `show` adds: the template's name, issues and photos.
    var templateName: String?
    var issues: [IssueRecord]?
    var photos: [PhotoRecord]?

    enum Key: String, CodingKey {
        case localID = "local_id"
        case serverID = "server_id"
        case templateID = "template_id"
        case templateName = "template_name"
        case facilityID = "facility_id"
        case areaID = "area_id"
        case status
        case syncStatus = "sync_status"
        case badge
        case overallScore = "overall_score"
        case serverScore = "server_score"
        case formData = "form_data"
        case notes
        case parentLocalID = "parent_local_id"
        case parentServerID = "parent_server_id"
        case followUpRequired = "follow_up_required"
        case retryCount = "retry_count"
        case lastError = "last_error"
        case startedAt = "started_at"
        case completedAt = "completed_at"
        case updatedAt = "updated_at"
        case syncedAt = "synced_at"
        case issues, photos
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        let i = inspection
        try c.encode(i.localID, forKey: .localID)
        try c.encode(i.serverID, forKey: .serverID)
        try c.encode(i.templateID, forKey: .templateID)
        try c.encode(i.facilityID, forKey: .facilityID)
        try c.encode(i.areaID, forKey: .areaID)
        try c.encode(i.status.rawValue, forKey: .status)
        try c.encode(i.syncStatus.rawValue, forKey: .syncStatus)
        try c.encode(i.badge.label, forKey: .badge)
        try c.encode(i.overallScore, forKey: .overallScore)
        try c.encode(i.serverScore, forKey: .serverScore)
        try c.encode(formData, forKey: .formData)
        try c.encode(i.notes, forKey: .notes)
        try c.encode(i.parentLocalID, forKey: .parentLocalID)
        try c.encode(i.parentServerID, forKey: .parentServerID)
        try c.encode(i.followUpRequired, forKey: .followUpRequired)
        try c.encode(i.retryCount, forKey: .retryCount)
        try c.encode(i.lastError, forKey: .lastError)
        try c.encode(JQCDate.iso(i.startedAt), forKey: .startedAt)
        try c.encode(i.completedAt.map(JQCDate.iso), forKey: .completedAt)
        try c.encode(JQCDate.iso(i.updatedAt), forKey: .updatedAt)
        try c.encode(i.syncedAt.map(JQCDate.iso), forKey: .syncedAt)
        if let templateName { try c.encode(templateName, forKey: .templateName) }
        if let issues { try c.encode(issues, forKey: .issues) }
        if let photos { try c.encode(photos, forKey: .photos) }
    }
}

/// The `--json` shape of a local issue (`issue list|show|flag --json`).
struct IssueRecord: Encodable {
    var issue: LocalIssue
    /// Local copies of photos flagged with the issue, still on this device.
    var localPhotos: [String] = []
    /// Server photos as URLs (`base_url/path`).
    var photoURLs: [String] = []
    /// The status of the last change still queued for the sync (`jqc issue status` offline).
    var queuedStatus: String?

    enum Key: String, CodingKey {
        case localID = "local_id"
        case serverID = "server_id"
        case origin
        case inspectionLocalID = "inspection_local_id"
        case inspectionServerID = "inspection_server_id"
        case facilityID = "facility_id"
        case areaID = "area_id"
        case severity
        case description, status
        case syncStatus = "sync_status"
        case lastError = "last_error"
        case photoPath = "photo_path"
        case serverPhotoPaths = "server_photo_paths"
        case photoURLs = "photo_urls"
        case localPhotos = "local_photos"
        case resultNotes = "result_notes"
        case assignedTo = "assigned_to"
        case reportedBy = "reported_by"
        case reportedAt = "reported_at"
        case resolvedAt = "resolved_at"
        case queuedStatus = "queued_status"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(issue.localID, forKey: .localID)
        try c.encode(issue.serverID, forKey: .serverID)
        try c.encode(issue.origin.rawValue, forKey: .origin)
        try c.encode(issue.inspectionLocalID, forKey: .inspectionLocalID)
        try c.encode(issue.inspectionServerID, forKey: .inspectionServerID)
        try c.encode(issue.facilityID, forKey: .facilityID)
        try c.encode(issue.areaID, forKey: .areaID)
        try c.encode(issue.severity, forKey: .severity)
        try c.encode(issue.description, forKey: .description)
        try c.encode(issue.status, forKey: .status)
        try c.encode(issue.syncStatus.rawValue, forKey: .syncStatus)
        try c.encode(issue.lastError, forKey: .lastError)
        try c.encode(issue.photoPath, forKey: .photoPath)
        try c.encode(issue.serverPhotoPaths, forKey: .serverPhotoPaths)
        try c.encode(photoURLs, forKey: .photoURLs)
        try c.encode(localPhotos, forKey: .localPhotos)
        try c.encode(issue.resultNotes, forKey: .resultNotes)
        try c.encode(issue.assignedTo, forKey: .assignedTo)
        try c.encode(issue.reportedBy, forKey: .reportedBy)
        try c.encode(issue.reportedAt, forKey: .reportedAt)
        try c.encode(issue.resolvedAt, forKey: .resolvedAt)
        try c.encode(queuedStatus, forKey: .queuedStatus)
    }
}

/// A photo of an inspection or issue: where its local copy is and, once uploaded, its URL.
struct PhotoRecord: Encodable {
    var localID: String
    var field: String?
    var issueLocalID: String?
    var localPath: String
    var syncStatus: String
    var serverPath: String?
    var url: String?

    enum CodingKeys: String, CodingKey {
        case localID = "local_id"
        case field = "field_id"
        case issueLocalID = "issue_local_id"
        case localPath = "local_path"
        case syncStatus = "sync_status"
        case serverPath = "server_path"
        case url
    }

    init(_ photo: LocalPhoto, store: JQCStore, baseURL: String) {
        localID = photo.localID
        field = photo.fieldID
        issueLocalID = photo.issueLocalID
        localPath = store.photoFile(photo)
        syncStatus = photo.syncStatus.rawValue
        serverPath = photo.serverPath
        url = photo.serverPath.map { JQCEndpoint.photoURL(baseURL: baseURL, path: $0) }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(localID, forKey: .localID)
        try c.encode(field, forKey: .field)
        try c.encode(issueLocalID, forKey: .issueLocalID)
        try c.encode(localPath, forKey: .localPath)
        try c.encode(syncStatus, forKey: .syncStatus)
        try c.encode(serverPath, forKey: .serverPath)
        try c.encode(url, forKey: .url)
    }
}
