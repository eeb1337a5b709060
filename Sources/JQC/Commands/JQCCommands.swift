import FieldOpsCore

/// The `fieldops jqc` command group.
///
/// Each command lives in its own type with a `spec()`; this list is the only place that
/// knows them all (the inspection workflow adds its groups here).
enum JQCCommands {
    static func spec() -> CommandSpec {
        CommandSpec(
            "jqc", abstract: "JanitorialQC: facility inspections, offline-first.",
            discussion:
                "Work is written to a local store at once, whether or not the server is reachable; `fieldops jqc sync` delivers it in order, exactly once, and refreshes reference data.",
            examples: ["fieldops -p site-a jqc sync", "fieldops jqc status --json", "fieldops jqc facilities show 3"],
            subcommands: [
                SyncCommand.spec(),
                StatusCommand.spec(),
                RetryCommand.spec(),
                ReferenceCommands.facilitiesSpec(),
                ReferenceCommands.templatesSpec(),
                ReferenceCommands.cacheSpec(),
                PruneCommand.spec(),
                InspectCommands.spec(),
                IssueCommands.spec(),
                HistoryCommand.spec(),
                NotificationCommands.spec(),
                AgentCommand.spec(),
            ])
    }

    /// The profile (of the `jqc` backend) and its store, for a command that works locally.
    static func localStore(_ context: CommandContext) throws -> (Profile, JQCStore) {
        let profile = try context.profile(backend: "jqc")
        return (profile, try JQCStore(directory: context.dataDirectory(for: profile)))
    }
}
