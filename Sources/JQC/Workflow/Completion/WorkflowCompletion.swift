import FieldOpsCore

/// The completion sources of the inspection workflow, answered from the local store.
extension JQCCompletion {
    /// Drafts (`inspect fill|attach|submit|delete`, `issue flag --inspection`).
    public static let draft = CompletionSource("draft")
    /// Any local inspection (`inspect show`, `--reinspect`).
    public static let inspection = CompletionSource("inspection")
    /// Local issues (`issue show|status`).
    public static let issue = CompletionSource("issue")
    /// Unread notifications (`notifications read`).
    public static let notification = CompletionSource("notification")

    /// Candidates for the workflow's sources; nil for a source it does not answer.
    static func workflowCandidates(_ source: CompletionSource, store: JQCStore, prefix: String) -> [CompletionCandidate]? {
        let pairs: [(String, String)]
        switch source {
        case draft:
            pairs = (try? store.draftCompletions(prefix: prefix)) ?? []
        case inspection:
            pairs = ((try? store.localIDs(prefix: prefix)) ?? []).map { ($0, "") }
        case issue:
            pairs = ((try? store.issues()) ?? []).compactMap { issue in
                let id = issue.serverID.map(String.init) ?? issue.localID
                return id.hasPrefix(prefix) ? (id, "\(issue.severity): \(issue.description)") : nil
            }
        case notification:
            pairs = ((try? store.notifications(limit: 200, unreadOnly: true)) ?? []).compactMap { entry in
                let id = String(entry.notification.id)
                return id.hasPrefix(prefix) ? (id, entry.notification.title ?? "") : nil
            }
        default:
            return nil
        }
        return pairs.map { CompletionCandidate($0.0, description: $0.1) }
    }
}
