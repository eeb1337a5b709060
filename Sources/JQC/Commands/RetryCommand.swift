import FieldOpsCore

/// `fieldops jqc retry LOCAL_ID… | --all-failed`: put failed items back in the outbox.
struct RetryCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "retry", abstract: "Re-queue failed items for the next sync, with a fresh retry count.",
        discussion:
            "Re-queueing an inspection also re-queues its failed photos and the issues that failed with it. Nothing is sent until `fieldops jqc sync`.",
        examples: ["fieldops jqc retry 3f2a9c1e-…", "fieldops jqc retry --all-failed"],
        options: [.flag("all-failed", help: "Re-queue every failed inspection, issue and photo.")],
        arguments: [
            ArgumentSpec(
                "LOCAL_ID", help: "Local ids of failed items (see `fieldops jqc status`).", value: .dynamic(JQCCompletion.failed),
                optional: true, variadic: true)
        ])

    /// The items named; empty with `--all-failed`.
    let ids: [String]
    let allFailed: Bool

    init(_ invocation: Invocation) throws {
        ids = invocation.all("LOCAL_ID")
        allFailed = invocation.flag("all-failed")
        guard allFailed != !ids.isEmpty else {
            throw FieldOpsError.usage(
                allFailed ? "give either LOCAL_IDs or --all-failed, not both" : "name the items to retry, or pass --all-failed",
                hint: "see the failed items: fieldops jqc status")
        }
    }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let requeued = allFailed ? try store.requeueAllFailed() : try store.requeue(localIDs: ids)
        if !requeued.isEmpty { AgentWake.poke(context, profile: profile) }
        let untouched = ids.filter { !requeued.contains($0) }
        if context.output.format == .json {
            try context.output.emitJSON(["requeued": requeued, "not_failed": untouched])
            return
        }
        context.output.stdout.line("re-queued \(SyncCommand.count(requeued.count, "item")); they go with the next `fieldops jqc sync`")
        for id in requeued { context.output.stdout.line("  " + id) }
        for id in untouched {
            context.output.note(
                "\(id) was not re-queued: it is not failed, or it is a photo whose inspection or issue was already sent without it")
        }
    }
}
