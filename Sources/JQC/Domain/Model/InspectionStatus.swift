/// The inspector's workflow state of a local inspection (separate from its sync state).
public enum InspectionStatus: String, Sendable, Hashable, CaseIterable, Codable {
    case draft
    case completed
}
