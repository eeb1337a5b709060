import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc issue status ID STATUS`: changed on the server at once, or queued.
struct IssueStatusCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "status", abstract: "Change an issue's status: on the server at once, or queued for the next sync when offline.",
        discussion: """
            Online, the change is made on the server at once. When the server cannot be reached, or the issue was flagged here and is not on the server yet, the change is queued (exit 0, "queued: sent by the next sync"): the next sync sends queued changes after the issue submissions, in the order they were made. A queued change is sent only while the server still has the status you changed it from; an issue someone changed meanwhile (resolved, say) is reported by the sync and not overwritten — `fieldops jqc retry` sends it anyway. A change made while earlier ones of the same issue wait is queued behind them.
            Exit codes: 0 changed or queued, 2 unknown issue, 3 not logged in.
            """,
        examples: [
            "fieldops jqc issue status 3 in_progress",
            "fieldops jqc issue status 3 resolved --notes 'Replaced the dispenser'",
            "fieldops jqc issue status 9c1e resolved --json | jq .queued_status",
        ],
        options: [OptionSpec("notes", valueName: "TEXT", help: "Notes on the resolution.")],
        arguments: [
            IssueCommands.issueArgument,
            ArgumentSpec("STATUS", help: "open, in_progress or resolved.", value: .choice(IssueStatus.allCases.map(\.rawValue))),
        ])

    /// A server id, a local id or a unique prefix of one.
    let reference: String
    let status: IssueStatus
    let notes: String?

    init(_ invocation: Invocation) throws {
        reference = try invocation.required("ID")
        guard let status = invocation.value("STATUS").flatMap(IssueStatus.init(rawValue:)) else {
            throw FieldOpsError.usage("STATUS must be open, in_progress or resolved")
        }
        self.status = status
        notes = invocation.value("notes")
    }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let local = try store.issue(matching: reference)
        guard let local else {
            // An issue the server has but this store never pulled can only change online.
            guard let serverID = Int(reference) else {
                throw JQCError.unknownRecord(kind: "issue", id: reference, profile: profile.name)
            }
            let updated = try await WorkflowSupport.online(
                "changing the status of issue \(serverID) (not in the local store)", context: context, profile: profile
            ) { client in
                try await client.call(.issueStatus(serverID), json: SyncRequests.statusChange(status, notes: notes), as: IssueEnvelope.self)
                    .issue
            }
            try Self.emitChanged(updated, store: store, profile: profile, context: context)
            return
        }
        let waiting = try store.pendingStatusChanges(issueLocalID: local.localID)
        if let serverID = local.serverID, waiting.isEmpty {
            do {
                let client = try JQCClient(context: context, profile: profile)
                let updated = try await client.call(
                    .issueStatus(serverID), json: SyncRequests.statusChange(status, notes: notes), as: IssueEnvelope.self
                ).issue
                try store.updateIssue(from: updated)
                try Self.emitChanged(updated, store: store, profile: profile, context: context)
                return
            } catch let error as HTTPError where Self.isUnreachable(error) {
                try Self.queue(
                    local, status: status, notes: notes, reason: "the server cannot be reached (\(error.summary))", store: store,
                    profile: profile, context: context)
                return
            }
        }
        let reason =
            local.serverID == nil
            ? "the issue is not on the server yet; the change follows it"
            : "\(SyncCommand.count(waiting.count, "earlier change")) of this issue \(waiting.count == 1 ? "waits" : "wait") to be sent first"
        try Self.queue(local, status: status, notes: notes, reason: reason, store: store, profile: profile, context: context)
    }

    /// Whether the server cannot take a request now (as opposed to refusing this one): the
    /// network, or a proxy saying the server is away.
    static func isUnreachable(_ error: HTTPError) -> Bool {
        if error.isNetworkFailure || error.isTransportFailure { return true }
        if case .status(let failure) = error { return [502, 503, 504].contains(failure.status) }
        return false
    }

    private static func queue(
        _ issue: LocalIssue, status: IssueStatus, notes: String?, reason: String, store: JQCStore, profile: Profile, context: CommandContext
    ) throws {
        let change = try store.queueStatusChange(issueLocalID: issue.localID, status: status, notes: notes)
        AgentWake.poke(context, profile: profile)
        let name = issue.serverID.map { "#\($0)" } ?? issue.localID
        if context.output.format == .json {
            guard let stored = try store.issue(localID: issue.localID) else { return }
            try context.output.emitJSON(try IssueCommands.record(stored, store: store, profile: profile))
        } else {
            context.output.stdout.line("issue \(name) → \(status.label): queued: sent by the next sync")
        }
        context.output.note("\(reason); `fieldops jqc status` shows it waiting (change \(change.localID))")
    }

    private static func emitChanged(_ updated: APIIssue, store: JQCStore, profile: Profile, context: CommandContext) throws {
        if context.output.format == .json {
            if let stored = try store.issue(serverID: updated.id) {
                try context.output.emitJSON(try IssueCommands.record(stored, store: store, profile: profile))
            } else {
                try context.output.emitJSON(updated)
            }
        } else {
            context.output.stdout.line("issue #\(updated.id) is now \(IssueCommands.statusLabel(updated.status))")
        }
    }
}
