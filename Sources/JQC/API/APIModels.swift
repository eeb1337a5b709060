/// A facility of the reference data (`GET /facilities`).
public struct APIFacility: Codable, Sendable, Equatable {
    public var id: Int
    public var name: String
    public var address: String?
    public var projectID: Int?
    public var projectName: String?

    enum CodingKeys: String, CodingKey {
        case id, name, address
        case projectID = "project_id"
        case projectName = "project_name"
    }

    public init(id: Int, name: String, address: String? = nil, projectID: Int? = nil, projectName: String? = nil) {
        self.id = id
        self.name = name
        self.address = address
        self.projectID = projectID
        self.projectName = projectName
    }
}

/// An area inside a facility (`GET /areas`).
public struct APIArea: Codable, Sendable, Equatable {
    public var id: Int
    public var facilityID: Int
    public var name: String
    public var areaType: String?

    enum CodingKeys: String, CodingKey {
        case id, name
        case facilityID = "facility_id"
        case areaType = "area_type"
    }

    public init(id: Int, facilityID: Int, name: String, areaType: String? = nil) {
        self.id = id
        self.facilityID = facilityID
        self.name = name
        self.areaType = areaType
    }
}

/// An inspection template (`GET /templates`) with its `form_schema` kept as the exact JSON
/// text the server sent: ids that are integers stay integers, unknown keys survive.
public struct APITemplate: Sendable, Equatable {
    public var id: Int
    public var name: String
    public var description: String?
    public var frequency: String?
    public var formSchemaJSON: String

    public init(id: Int, name: String, description: String? = nil, frequency: String? = nil, formSchemaJSON: String) {
        self.id = id
        self.name = name
        self.description = description
        self.frequency = frequency
        self.formSchemaJSON = formSchemaJSON
    }
}

/// An inspection as the server stores it (the answer to `POST /inspections`).
public struct APIInspection: Codable, Sendable, Equatable {
    public var id: Int
    public var localID: String?
    public var templateID: Int?
    public var facilityID: Int?
    public var areaID: Int?
    public var status: String?
    public var overallScore: Double?
    public var completedAt: String?
    public var followUpRequired: Bool?
    public var parentInspectionID: Int?

    enum CodingKeys: String, CodingKey {
        case id, status
        case localID = "local_id"
        case templateID = "template_id"
        case facilityID = "facility_id"
        case areaID = "area_id"
        case overallScore = "overall_score"
        case completedAt = "completed_at"
        case followUpRequired = "follow_up_required"
        case parentInspectionID = "parent_inspection_id"
    }
}

/// `data` of `POST /inspections`.
struct InspectionEnvelope: Codable, Sendable {
    var inspection: APIInspection
}

/// An issue as the server stores it (`GET /issues`, `POST /issues`).
public struct APIIssue: Codable, Sendable, Equatable {
    public var id: Int
    public var localID: String?
    public var inspectionID: Int?
    /// Absent on the public server, whose issues name only their area.
    public var facilityID: Int?
    public var areaID: Int?
    public var severity: String
    public var description: String
    public var status: String
    public var photoPath: String?
    public var resultPhotos: [String]?
    public var resultNotes: String?
    public var assignedTo: Int?
    public var reportedBy: Int?
    public var reportedAt: String?
    public var resolvedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, severity, description, status
        case localID = "local_id"
        case inspectionID = "inspection_id"
        case facilityID = "facility_id"
        case areaID = "area_id"
        case photoPath = "photo_path"
        case resultPhotos = "result_photos"
        case resultNotes = "result_notes"
        case assignedTo = "assigned_to"
        case reportedBy = "reported_by"
        case reportedAt = "reported_at"
        case resolvedAt = "resolved_at"
    }

    public init(
        id: Int, localID: String? = nil, inspectionID: Int? = nil, facilityID: Int?, areaID: Int? = nil,
        severity: String, description: String, status: String, photoPath: String? = nil, resultPhotos: [String]? = nil,
        resultNotes: String? = nil, assignedTo: Int? = nil, reportedBy: Int? = nil, reportedAt: String? = nil,
        resolvedAt: String? = nil
    ) {
        self.id = id
        self.localID = localID
        self.inspectionID = inspectionID
        self.facilityID = facilityID
        self.areaID = areaID
        self.severity = severity
        self.description = description
        self.status = status
        self.photoPath = photoPath
        self.resultPhotos = resultPhotos
        self.resultNotes = resultNotes
        self.assignedTo = assignedTo
        self.reportedBy = reportedBy
        self.reportedAt = reportedAt
        self.resolvedAt = resolvedAt
    }

    /// Every server photo of the issue: its `photo_path` then its `result_photos`.
    public var serverPhotoPaths: [String] {
        (photoPath.map { [$0] } ?? []).filter { !$0.isEmpty } + (resultPhotos ?? [])
    }
}

/// `data` of `POST /issues` and `GET /issues/<id>`.
struct IssueEnvelope: Codable, Sendable {
    var issue: APIIssue
}

/// A notice for the current user (`GET /notifications`).
public struct APINotification: Codable, Sendable, Equatable {
    public var id: Int
    public var type: String?
    public var title: String?
    public var body: String?
    public var link: String?
    public var isRead: Bool?
    public var createdAt: String?
    public var issueID: Int?
    public var inspectionID: Int?

    enum CodingKeys: String, CodingKey {
        case id, type, title, body, link
        case isRead = "is_read"
        case createdAt = "created_at"
        case issueID = "issue_id"
        case inspectionID = "inspection_id"
    }

    public init(
        id: Int, type: String? = nil, title: String? = nil, body: String? = nil, link: String? = nil, isRead: Bool? = nil,
        createdAt: String? = nil, issueID: Int? = nil, inspectionID: Int? = nil
    ) {
        self.id = id
        self.type = type
        self.title = title
        self.body = body
        self.link = link
        self.isRead = isRead
        self.createdAt = createdAt
        self.issueID = issueID
        self.inspectionID = inspectionID
    }
}

/// `data` of `POST /photos/upload`.
struct UploadedPhoto: Codable, Sendable {
    var path: String
}

/// `data` of `PATCH /notifications/mark-read`.
struct MarkReadResult: Codable, Sendable {
    var updated: Int
}
