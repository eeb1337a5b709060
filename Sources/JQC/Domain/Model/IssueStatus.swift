/// The state of an issue on the server.
public enum IssueStatus: String, Sendable, Hashable, CaseIterable, Codable {
    case open
    case inProgress = "in_progress"
    /// The public server's step between a fix and its check by a supervisor.
    case pendingVerification = "pending_verification"
    case resolved

    /// The label for a table ("In Progress").
    public var label: String {
        switch self {
        case .open: return "open"
        case .inProgress: return "in progress"
        case .pendingVerification: return "pending verification"
        case .resolved: return "resolved"
        }
    }
}
