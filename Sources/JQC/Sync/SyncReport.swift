import FieldOpsCore

/// What one `fieldops jqc sync` did, in the shape `--json` prints.
public struct SyncReport: Sendable, Equatable, Codable {
    /// One item whose attempt failed during this sync.
    public struct ItemFailure: Sendable, Equatable, Codable {
        public var kind: JQCStore.ItemKind
        public var localID: String
        public var error: String
        public var retries: Int
        /// True when this failure made the item `failed` (not retried automatically any more).
        public var gaveUp: Bool

        enum CodingKeys: String, CodingKey {
            case kind, error, retries
            case localID = "local_id"
            case gaveUp = "gave_up"
        }
    }

    public var photosUploaded = 0
    public var inspectionsSubmitted = 0
    public var issuesSubmitted = 0
    /// Items whose attempt failed in this sync (see `failures`).
    public var failed = 0
    /// The reference sets now cached; nil when the pull failed and the old sets were kept.
    public var reference: JQCStore.ReferenceCounts?
    public var issuesPulled = 0
    public var issuesRemoved = 0
    /// Notifications seen for the first time.
    public var notifications = 0
    public var failures: [ItemFailure] = []
    /// Steps that failed as a whole (a pull), each with its reason; the rest of the sync went on.
    public var stepErrors: [String] = []

    public init() {}

    enum CodingKeys: String, CodingKey {
        case failed, reference, notifications, failures
        case photosUploaded = "photos_uploaded"
        case inspectionsSubmitted = "inspections_submitted"
        case issuesSubmitted = "issues_submitted"
        case issuesPulled = "issues_pulled"
        case issuesRemoved = "issues_removed"
        case stepErrors = "step_errors"
    }

    /// Written by hand so a failed reference pull prints `"reference": null` rather than
    /// dropping the key: the shape scripts read stays the same.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(photosUploaded, forKey: .photosUploaded)
        try container.encode(inspectionsSubmitted, forKey: .inspectionsSubmitted)
        try container.encode(issuesSubmitted, forKey: .issuesSubmitted)
        try container.encode(failed, forKey: .failed)
        try container.encode(reference, forKey: .reference)
        try container.encode(issuesPulled, forKey: .issuesPulled)
        try container.encode(issuesRemoved, forKey: .issuesRemoved)
        try container.encode(notifications, forKey: .notifications)
        try container.encode(failures, forKey: .failures)
        try container.encode(stepErrors, forKey: .stepErrors)
    }

    /// True when everything due went through and every pull worked.
    public var isComplete: Bool { failed == 0 && stepErrors.isEmpty }
}
