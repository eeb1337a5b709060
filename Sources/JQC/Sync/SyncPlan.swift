import FieldOpsCore
import FoundationEssentials

/// What `jqc sync` would do now, read from the store alone (`--dry-run` sends nothing).
struct SyncPlan: Encodable {
    struct Item: Encodable {
        var kind: String
        var localID: String
        /// `ready`, or what it waits for in this sync (`after 2 photos`, `after its inspection`),
        /// or why it will not be sent (`will fail: parent inspection failed`).
        var when: String
        var detail: String

        enum CodingKeys: String, CodingKey {
            case kind, when, detail
            case localID = "local_id"
        }
    }

    var send: [Item] = []
    var pull: [String] = []

    init(store: JQCStore, zone: ServerZone = .utc) throws {
        for photo in try store.duePhotos() {
            send.append(
                Item(
                    kind: "photo", localID: photo.localID, when: "ready",
                    detail: "\(photo.entityType.rawValue) \(photo.ownerLocalID)" + (photo.fieldID.map { " field \($0)" } ?? "")
                        + ", \(photo.byteCount) bytes"))
        }
        let due = Set(try store.dueInspections().map(\.localID))
        for inspection in try store.inspections(status: .completed, syncStatus: .pending).reversed() {
            var when = "ready"
            if !due.contains(inspection.localID) {
                let waiting = try store.photos(inspectionLocalID: inspection.localID)
                    .filter { $0.entityType == .inspection && $0.syncStatus == .pending }.count
                let parent = try inspection.parentLocalID.flatMap { try store.inspection(localID: $0) }
                if waiting > 0 {
                    when = "after \(SyncCommand.count(waiting, "photo"))"
                } else if parent?.syncStatus == .failed {
                    when = "will fail: parent inspection failed"
                } else {
                    when = "after its parent inspection"
                }
            }
            send.append(
                Item(
                    kind: "inspection", localID: inspection.localID, when: when,
                    detail: "template \(inspection.templateID), facility \(inspection.facilityID)"
                        + (inspection.overallScore.map { ", score \($0)" } ?? "")))
        }
        let dueIssues = Set(try store.dueIssues().map(\.localID))
        for issue in try store.issues().reversed() where issue.origin == .device && issue.syncStatus == .pending {
            var when = "ready"
            if !dueIssues.contains(issue.localID) {
                let parent = try issue.inspectionLocalID.flatMap { try store.inspection(localID: $0) }
                if parent?.syncStatus == .failed {
                    when = "will fail: parent inspection failed"
                } else if let parent, parent.syncStatus != .synced {
                    when = parent.status == .draft ? "after its inspection is submitted" : "after its inspection"
                } else {
                    when = "after its photo"
                }
            }
            send.append(Item(kind: "issue", localID: issue.localID, when: when, detail: "\(issue.severity): \(issue.description)"))
        }
        let dueChanges = Set(try store.dueStatusChanges().map(\.localID))
        for change in try store.unsentStatusChanges() where change.syncStatus == .pending {
            let when: String
            if dueChanges.contains(change.localID) {
                when = "ready"
            } else if let issue = try store.issue(localID: change.issueLocalID), issue.syncStatus != .failed {
                when = "after its issue"
            } else {
                when = "will fail: its issue cannot be sent"
            }
            let issue = change.issueServerID.map { "issue #\($0)" } ?? "issue \(change.issueLocalID)"
            send.append(
                Item(
                    kind: "status_change", localID: change.localID, when: when,
                    detail:
                        "\(issue): \(change.baseStatus.map { (IssueStatus(rawValue: $0)?.label ?? $0) + " → " } ?? "")\(change.status.label)"
                        + (change.notes.map { " (\($0))" } ?? "")))
        }
        pull = ["facilities", "areas", "templates", "issues (reconciled)"]
        if let since = try store.notificationSince(zone: zone) {
            pull.append("notifications since \(since) (server time, \(zone.name))")
        } else {
            pull.append("notifications (all unread)")
        }
    }
}
