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

    /// True when everything due went through and every pull worked.
    public var isComplete: Bool { failed == 0 && stepErrors.isEmpty }
}
