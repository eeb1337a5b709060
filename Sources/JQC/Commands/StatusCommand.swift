import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc status`: the outbox at a glance, from the local store only.
struct StatusCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "status", abstract: "Show what waits to be sent, what failed and when the last sync ran.",
        discussion:
            "Reads the local store only; works offline. last_sync_error says what went wrong whenever the last sync stopped short or any of its items or pulls failed (null when everything went through); last_attempt_at and last_attempt_error say when the last sync attempt of any kind ended and why it failed (offline, an HTTP error, an answer that was not JQC's), so a sync that never got through still shows. server_time_zone is the profile's time_zone; server_offset_warning says when the offset the server showed disagrees with it. Failed items are not retried automatically: re-queue them with `fieldops jqc retry`.",
        examples: ["fieldops jqc status", "fieldops jqc status --json"])

    /// It takes no options of its own.
    init(_ invocation: Invocation) {}

    struct View: Encodable {
        var pending: JQCStore.KindCounts
        var failed: JQCStore.KindCounts
        var lastSyncAt: String?
        var lastSyncError: String?
        var lastAttemptAt: String?
        var lastAttemptError: String?
        var serverTimeZone: String
        var serverOffsetWarning: String?
        var failures: [JQCStore.Failure]
        /// The running agent of the profile (`jqc agent`), null when none runs.
        var agent: AgentState?

        enum CodingKeys: String, CodingKey {
            case pending, failed, failures, agent
            case lastSyncAt = "last_sync_at"
            case lastSyncError = "last_sync_error"
            case lastAttemptAt = "last_attempt_at"
            case lastAttemptError = "last_attempt_error"
            case serverTimeZone = "server_time_zone"
            case serverOffsetWarning = "server_offset_warning"
        }

        /// `last_sync_at` is `null` before the first sync, never missing.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(pending, forKey: .pending)
            try container.encode(failed, forKey: .failed)
            try container.encode(lastSyncAt, forKey: .lastSyncAt)
            try container.encode(lastSyncError, forKey: .lastSyncError)
            try container.encode(lastAttemptAt, forKey: .lastAttemptAt)
            try container.encode(lastAttemptError, forKey: .lastAttemptError)
            try container.encode(serverTimeZone, forKey: .serverTimeZone)
            try container.encode(serverOffsetWarning, forKey: .serverOffsetWarning)
            try container.encode(failures, forKey: .failures)
            try container.encode(agent, forKey: .agent)
        }
    }

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile(backend: "jqc")
        let directory = context.dataDirectory(for: profile)
        let store: JQCStore
        do {
            store = try JQCStore(directory: directory)
        } catch let error as StoreError where [.full, .readOnly, .foreignOwner].contains(error.kind) {
            // Status only reads: a store on a full or read-only disk is shown as it is.
            store = try JQCStore(readingOnly: directory)
            context.output.warn(error.summary + "; shown read-only: nothing can be queued or synced until it can be written")
            if let hint = error.hint { context.output.note("fix: " + hint) }
        }
        let summary = try store.outboxSummary()
        let zone = try ServerZone(profile: profile)
        let attempt = try store.lastAttempt()
        let disagreement = try store.serverOffset().flatMap { zone.disagreement(with: $0, profile: profile) }
        let view = View(
            pending: summary.pending, failed: summary.failed, lastSyncAt: summary.lastSyncAt.map(JQCDate.iso),
            lastSyncError: summary.lastSyncError, lastAttemptAt: attempt.map { JQCDate.iso($0.at) },
            lastAttemptError: attempt?.error, serverTimeZone: zone.name, serverOffsetWarning: disagreement?.problem,
            failures: summary.failures, agent: AgentStateFile(directory: store.directory).running())
        // Piped, it is one record with the fields of --json (plain: `field<TAB>value` lines);
        // the zone warning goes to stderr whichever form stdout takes.
        if context.output.structured.kind == .json, context.output.structured.fields == nil {
            try context.output.emitJSON(view)
            return
        }
        guard context.output.structured.kind == .table, context.output.structured.fields == nil else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            context.output.emit(record: try JSONValue(parsing: try encoder.encode(view), source: "jqc status"))
            if let disagreement {
                context.output.warn(disagreement.problem)
                context.output.note("fix: " + disagreement.fix)
            }
            return
        }
        var table = Table(columns: [
            Table.Column(""), Table.Column("PENDING", alignment: .right), Table.Column("FAILED", alignment: .right),
        ])
        table.append(["inspections", String(view.pending.inspections), String(view.failed.inspections)])
        table.append(["issues", String(view.pending.issues), String(view.failed.issues)])
        table.append(["photos", String(view.pending.photos), String(view.failed.photos)])
        table.append(["status changes", String(view.pending.statusChanges), String(view.failed.statusChanges)])
        context.output.emit(table)
        context.output.stdout.line("last sync: " + (view.lastSyncAt.map(Timestamp.personText) ?? "never"))
        if let error = view.lastSyncError { context.output.stdout.line("last sync problem: " + error) }
        if let attempt, let error = attempt.error, attempt.at != summary.lastSyncAt {
            context.output.stdout.line("last attempt: \(JQCDate.person(attempt.at)) failed: \(error)")
        }
        if let disagreement {
            context.output.warn(disagreement.problem)
            context.output.note("fix: " + disagreement.fix)
        }
        if let agent = view.agent {
            var line = "agent: running (pid \(agent.pid), since \(JQCDate.person(agent.startedAt)))"
            if let at = agent.lastAttemptAt { line += "; last attempt \(JQCDate.person(at)): \(agent.lastOutcome ?? "?")" }
            context.output.stdout.line(line)
        } else {
            context.output.stdout.line("agent: not running (start one: fieldops jqc agent, or for good: fieldops jqc agent install)")
        }
        if !view.failures.isEmpty {
            context.output.stdout.line("failed items (re-queue them: fieldops jqc retry LOCAL_ID, or fieldops jqc retry --all-failed):")
            for failure in view.failures {
                context.output.stdout.line(
                    "  \(failure.kind.label) \(failure.localID): \(failure.error ?? "no message") (\(failure.retries) attempts)")
            }
        }
    }
}
