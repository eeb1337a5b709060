/// The state of an issue on the server.
public enum IssueStatus: String, Sendable, Hashable, CaseIterable, Codable {
    case open
    case inProgress = "in_progress"
    case resolved

    /// The label for a table ("In Progress").
    public var label: String {
        switch self {
        case .open: return "Open"
        case .inProgress: return "In Progress"
        case .resolved: return "Resolved"
        }
    }
}
