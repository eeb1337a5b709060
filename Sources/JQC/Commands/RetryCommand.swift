import FieldOpsCore

/// `fieldops jqc retry LOCAL_ID… | --all-failed`: put failed items back in the outbox.
enum RetryCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            "retry", abstract: "Re-queue failed items for the next sync, with a fresh retry count.",
            discussion:
                "Re-queueing an inspection also re-queues its failed photos and the issues that failed with it. Nothing is sent until `fieldops jqc sync`.",
            examples: ["fieldops jqc retry 3f2a9c1e-…", "fieldops jqc retry --all-failed"],
            options: [.flag("all-failed", help: "Re-queue every failed inspection, issue and photo.")],
            arguments: [
                ArgumentSpec(
                    "LOCAL_ID", help: "Local ids of failed items (see `fieldops jqc status`).", value: .dynamic(JQCCompletion.failed),
                    optional: true, variadic: true)
            ],
            action: run)
    }

    @Sendable static func run(_ context: CommandContext) async throws {
        let ids = context.invocation.all("LOCAL_ID")
        let all = context.invocation.flag("all-failed")
        guard all != !ids.isEmpty else {
            throw FieldOpsError.usage(
                all ? "give either LOCAL_IDs or --all-failed, not both" : "name the items to retry, or pass --all-failed",
                hint: "failed items are listed by `fieldops jqc status`")
        }
        let (profile, store) = try JQCCommands.localStore(context)
        let requeued = all ? try store.requeueAllFailed() : try store.requeue(localIDs: ids)
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
