import Testing

@testable import JQC

@Suite("Statuses and badges")
struct StatusBadgeTests {
    @Test func badgeFollowsTheSeedMap() {
        for sync in SyncStatus.allCases {
            #expect(InspectionBadge(status: .draft, syncStatus: sync).label == "Draft")
        }
        #expect(InspectionBadge(status: .completed, syncStatus: .pending).label == "Pending Sync")
        #expect(InspectionBadge(status: .completed, syncStatus: .synced).label == "Completed")
        #expect(InspectionBadge(status: .completed, syncStatus: .failed).label == "Sync Failed")
        #expect(InspectionBadge.syncFailed.tone == .red && InspectionBadge.draft.tone == .blue)
    }

    @Test func rawValuesAreTheAPIWords() {
        #expect(Severity.allCases.map(\.rawValue) == ["low", "medium", "high", "critical"])
        #expect(Severity.low < Severity.critical)
        #expect(IssueStatus.allCases.map(\.rawValue) == ["open", "in_progress", "pending_verification", "resolved"])
        #expect(IssueStatus.pendingVerification.label == "Pending Verification")
        #expect(IssueStatus.inProgress.label == "In Progress")
        #expect(InspectionStatus(rawValue: "draft") == .draft)
        #expect(SyncStatus(rawValue: "failed") == .failed && SyncStatus.maxAttempts == 5)
    }
}
