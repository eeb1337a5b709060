import FieldOpsCore
import FoundationEssentials

/// Step 3b: queued `jqc issue status` changes, after the issue submissions (an issue flagged
/// offline has its server id by then), one at a time in the order they were made.
extension SyncEngine {
    /// Each change is sent only while the server still has the status it was made from (a
    /// `GET /issues/<id>` first): an issue that someone resolved meanwhile is reported, never
    /// silently overwritten. A change that fails for a reason of its own holds back the later
    /// changes of the same issue until the next sync, so their order is kept.
    func sendStatusChanges() async throws {
        for (id, message) in try store.failUnsendableStatusChanges() {
            noteGaveUp(.statusChange, id, message, retries: try store.statusChange(localID: id)?.retryCount ?? 0)
        }
        var heldBack: Set<String> = []
        for change in try store.dueStatusChanges() {
            guard !isStopping else { break }
            guard !heldBack.contains(change.issueLocalID), let serverID = change.issueServerID else { continue }
            do {
                let current = try await client.call(.issue(serverID), as: IssueEnvelope.self).issue
                if let base = change.baseStatus, current.status != base {
                    let message = JQCStore.conflictMessage(change, server: current)
                    try store.recordStatusConflict(change, server: current, message: message)
                    noteGaveUp(.statusChange, change.localID, message, retries: change.retryCount + 1)
                    continue
                }
                let answer = try await client.call(
                    .issueStatus(serverID), json: SyncRequests.statusChange(change.status, notes: change.notes), as: IssueEnvelope.self)
                try store.recordStatusChangeSent(change, server: answer.issue)
                run.withLock { $0.report.statusChangesSent += 1 }
                progress?.advance()
            } catch {
                heldBack.insert(change.issueLocalID)
                recordFailure(error, kind: .statusChange, localID: change.localID)
            }
        }
    }
}
