import FieldOpsCore
import FoundationEssentials

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
    /// Queued `jqc issue status` changes the server took.
    public var statusChangesSent = 0
    /// Items whose attempt failed in this sync (see `failures`).
    public var failed = 0
    /// The reference sets now cached; nil when the pull failed and the old sets were kept.
    public var reference: JQCStore.ReferenceCounts?
    public var issuesPulled = 0
    public var issuesRemoved = 0
    /// Notifications seen for the first time.
    public var notifications = 0
    public var failures: [ItemFailure] = []
    /// Steps that failed as a whole (a pull), or records of a pull left out, each with its
    /// reason; the rest of the sync went on.
    public var stepErrors: [String] = []
    /// The server handed out ids this device holds for other records: it seems to have been
    /// reset (see `ServerIDReuse`). Nothing local was overwritten.
    public var serverReset = false
    /// The notifications this sync fetched for the first time, oldest first (not in `--json`:
    /// for whoever delivers them, such as the agent). A notice whose id a reset server reused is
    /// among them although its id was known before.
    public var newNotifications: [APINotification] = []
    /// The server's UTC offset as a record it created in this sync showed it (its stamp
    /// against the answer's `Date`); nil when no such record came back.
    public var serverOffset: ObservedOffset?
    /// The server's clock less this machine's, in seconds, as this sync's first answer said
    /// (not in `--json`; `ClockCheck` words it).
    public var clockSkew: Double?

    /// The server's UTC offset at a moment of its clock.
    public struct ObservedOffset: Sendable, Equatable, Codable {
        public var seconds: Int
        public var at: Date
    }

    public init() {}

    enum CodingKeys: String, CodingKey {
        case failed, reference, notifications, failures
        case statusChangesSent = "status_changes_sent"
        case serverReset = "server_reset"
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
        try container.encode(statusChangesSent, forKey: .statusChangesSent)
        try container.encode(failed, forKey: .failed)
        try container.encode(reference, forKey: .reference)
        try container.encode(issuesPulled, forKey: .issuesPulled)
        try container.encode(issuesRemoved, forKey: .issuesRemoved)
        try container.encode(notifications, forKey: .notifications)
        try container.encode(failures, forKey: .failures)
        try container.encode(stepErrors, forKey: .stepErrors)
        try container.encode(serverReset, forKey: .serverReset)
    }

    /// True when everything due went through and every pull worked.
    public var isComplete: Bool { failed == 0 && stepErrors.isEmpty }

    /// What went wrong, in one line for `last_sync_error` (`jqc status`); nil when nothing did.
    public var problemSummary: String? {
        guard !isComplete else { return nil }
        var parts: [String] = []
        if failed > 0 {
            let shown = failures.prefix(3).map { "\($0.kind.label) \($0.localID): \($0.error)" }
            parts.append(
                "\(failed) item\(failed == 1 ? "" : "s") failed (" + shown.joined(separator: "; ") + (failures.count > 3 ? "; …" : "") + ")"
            )
        }
        parts += stepErrors.map { "not pulled: " + $0 }
        return parts.joined(separator: "; ")
    }
}
