/// The status badge of a local inspection, as the iPad client shows it.
///
/// | status | sync status | badge |
/// |---|---|---|
/// | draft | any | Draft (blue) |
/// | completed | pending | Pending Sync (orange) |
/// | completed | synced | Completed (green) |
/// | completed | failed | Sync Failed (red) |
public enum InspectionBadge: String, Sendable, Hashable, CaseIterable {
    case draft
    case pendingSync
    case completed
    case syncFailed

    /// The badge colour, for terminals that show colour.
    public enum Tone: String, Sendable, Hashable {
        case blue, orange, green, red
    }

    public init(status: InspectionStatus, syncStatus: SyncStatus) {
        switch (status, syncStatus) {
        case (.draft, _): self = .draft
        case (.completed, .pending): self = .pendingSync
        case (.completed, .synced): self = .completed
        case (.completed, .failed): self = .syncFailed
        }
    }

    /// The seed's badge, in the one case fieldops shows every state, status and severity in
    /// (lower case, words spaced): `draft`, `pending sync`, `completed`, `sync failed`.
    public var label: String {
        switch self {
        case .draft: return "draft"
        case .pendingSync: return "pending sync"
        case .completed: return "completed"
        case .syncFailed: return "sync failed"
        }
    }

    public var tone: Tone {
        switch self {
        case .draft: return .blue
        case .pendingSync: return .orange
        case .completed: return .green
        case .syncFailed: return .red
        }
    }
}
