import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc sync [--dry-run]`.
struct SyncCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "sync", abstract: "Send queued work and refresh reference data, issues and notifications.",
        discussion: """
            Runs the six steps in order: upload photos; submit completed inspections whose photos are settled; submit issues whose inspection is on the server, then queued issue status changes (each only while the server still has the status it was changed from); pull facilities, areas and templates; pull and reconcile your issues; poll notifications. Every item is sent exactly once (the server deduplicates on local_id), and an interrupted sync is finished by the next one. Only one sync runs per profile at a time; a second one waits for the first.
            One item the server or the store refuses (a 4xx, an id the server reused) fails on its own with its reason and counts toward its 5 attempts; the rest of the sync, pulls and notifications included, still runs. A server that hands out ids this device holds for its earlier work has been reset: nothing local is overwritten, and the hint says what to do.
            Exit codes: 0 all sent, 3 not logged in, 4 offline or connection lost (nothing is lost), 5 some items failed (see `fieldops jqc status`).
            """,
        examples: ["fieldops jqc sync", "fieldops jqc sync --dry-run", "fieldops jqc sync --json | jq .failed"],
        options: [
            .flag("dry-run", help: "List what would be sent and pulled; send and change nothing."),
            OptionSpec(
                "concurrency", value: .integer(1...8, default: 6), valueName: "N",
                help: "Uploads and submissions in flight at once."),
            OptionSpec(
                "wait", value: .duration, valueName: "DURATION",
                help: "How long to wait for another sync of this profile to finish (default 5m)."),
        ])

    let dryRun: Bool
    /// Uploads and submissions in flight; the parser checked it against its bounds.
    let concurrency: Int
    /// Seconds to wait for another sync's lock.
    let wait: Double

    init(_ invocation: Invocation) throws {
        dryRun = invocation.flag("dry-run")
        concurrency = try invocation.required(integer: "concurrency")
        wait = invocation.seconds("wait") ?? 300
    }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        if dryRun {
            try Self.show(SyncPlan(store: store, zone: try ServerZone(profile: profile)), context)
            return
        }
        let lock = try ProcessLock(path: store.directory + "/sync.lock")
        try await Self.acquire(lock, context: context, wait: wait)
        defer { lock.unlock() }

        let client = try JQCClient(context: context, profile: profile, maxConcurrentTransfers: concurrency)
        let progress = context.output.progress("sync", total: try store.pendingCounts().total)
        try store.relaxDurabilityForSync()
        let report = try await SyncEngine(store: store, client: client, concurrency: concurrency, progress: progress).sync()
        try Self.emit(report, context: context)
        if let problem = report.clockSkew.flatMap({ ClockCheck.problem(skew: $0) }) {
            context.output.warn(problem)
            context.output.note("fix: " + ClockCheck.fix)
        }
        if let observed = report.serverOffset, let disagreement = client.serverZone.disagreement(with: observed, profile: profile) {
            context.output.warn(disagreement.problem)
            context.output.note("fix: " + disagreement.fix)
        }
        if !report.isComplete {
            throw FieldOpsError(
                "sync finished with \(report.failed) failed item\(report.failed == 1 ? "" : "s")"
                    + (report.stepErrors.isEmpty
                        ? "" : " and \(report.stepErrors.count) failed pull\(report.stepErrors.count == 1 ? "" : "s")"),
                hint: report.serverReset
                    ? ServerIDReuse.hint : "items are retried by the next sync until they fail 5 times; see them: fieldops jqc status",
                exitCode: .partialFailure)
        }
        if report.serverReset {
            context.output.warn("notifications arrived under ids this device had seen for others: " + ServerIDReuse.explanation)
        }
    }

    /// `--dry-run`: what would be sent (a table, or the plan as JSON) and pulled.
    static func show(_ plan: SyncPlan, _ context: CommandContext) throws {
        if context.output.format == .json {
            try context.output.emitJSON(plan)
            return
        }
        if plan.send.isEmpty {
            context.output.stdout.line("would send: nothing")
        } else {
            context.output.stdout.line("would send \(count(plan.send.count, "item")):")
            var table = Table("KIND", "LOCAL ID", "WHEN", "WHAT")
            for item in plan.send { table.append([item.kind, item.localID, item.when, item.detail]) }
            context.output.emit(table)
        }
        context.output.stdout.line("would pull: " + plan.pull.joined(separator: ", "))
        context.output.stdout.line("dry run: nothing was sent or changed")
    }

    /// Takes the profile's sync lock; while another sync holds it, says so once and waits
    /// (interruptibly) up to `wait` seconds, so two syncs never submit the same outbox.
    static func acquire(_ lock: ProcessLock, context: CommandContext, wait: Double) async throws {
        let deadline = Date().addingTimeInterval(wait)
        var announced = false
        while case .heldBy(let pid) = try lock.tryLock() {
            if !announced {
                context.output.note("another sync of this profile is running\(pid.map { " (pid \($0))" } ?? ""); waiting for it to finish…")
                announced = true
            }
            guard Date() < deadline else { throw ProcessLockError(path: lock.path, reason: .held(pid: pid)) }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    static func emit(_ report: SyncReport, context: CommandContext) throws {
        if context.output.format == .json {
            try context.output.emitJSON(report)
            return
        }
        let out = context.output.stdout
        out.line(
            "sent: \(count(report.photosUploaded, "photo")), \(count(report.inspectionsSubmitted, "inspection")), \(count(report.issuesSubmitted, "issue"))"
                + (report.statusChangesSent > 0 ? ", \(count(report.statusChangesSent, "status change"))" : ""))
        var pulled: [String] = []
        if let reference = report.reference {
            pulled.append(
                "\(count(reference.facilities, "facility", "facilities")), \(count(reference.areas, "area")), \(count(reference.templates, "template"))"
            )
        }
        pulled.append(count(report.issuesPulled, "issue") + (report.issuesRemoved > 0 ? " (\(report.issuesRemoved) removed)" : ""))
        pulled.append(count(report.notifications, "new notification"))
        out.line("pulled: " + pulled.joined(separator: "; "))
        if !report.failures.isEmpty {
            out.line("failed: \(report.failed)")
            for failure in report.failures {
                let state =
                    failure.gaveUp ? "gave up after \(failure.retries) attempts" : "attempt \(failure.retries) of \(SyncStatus.maxAttempts)"
                out.line("  \(failure.kind.label) \(failure.localID): \(failure.error) (\(state))")
            }
        }
        for error in report.stepErrors { out.line("not pulled: \(error)") }
    }

    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        Noun.count(n, singular, plural)
    }
}
