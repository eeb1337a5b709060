import Testing

@testable import JQC

@Suite("Statuses and badges")
struct StatusBadgeTests {
    @Test func badgeFollowsTheSeedMap() {
        for sync in SyncStatus.allCases {
            #expect(InspectionBadge(status: .draft, syncStatus: sync).label == "draft")
        }
        #expect(InspectionBadge(status: .completed, syncStatus: .pending).label == "pending sync")
        #expect(InspectionBadge(status: .completed, syncStatus: .synced).label == "completed")
        #expect(InspectionBadge(status: .completed, syncStatus: .failed).label == "sync failed")
        #expect(InspectionBadge.syncFailed.tone == .red && InspectionBadge.draft.tone == .blue)
    }

    @Test func rawValuesAreTheAPIWords() {
        #expect(Severity.allCases.map(\.rawValue) == ["low", "medium", "high", "critical"])
        #expect(Severity.low < Severity.critical)
        #expect(IssueStatus.allCases.map(\.rawValue) == ["open", "in_progress", "pending_verification", "resolved"])
        #expect(IssueStatus.pendingVerification.label == "pending verification")
        #expect(IssueStatus.inProgress.label == "in progress")
        #expect(InspectionStatus(rawValue: "draft") == .draft)
        #expect(SyncStatus(rawValue: "failed") == .failed && SyncStatus.maxAttempts == 5)
    }
}
