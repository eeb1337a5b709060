import FieldOpsCore

/// The `fieldops jqc` command group.
///
/// Each command is a `FieldOpsCommand`: its definition beside its `run`, its options read once,
/// into typed fields, by its `init`. A file of several commands groups them under an `enum`
/// that holds the group's spec and what they share. This list is the only place that knows
/// them all (the inspection workflow adds its groups here).
enum JQCCommands {
    static let spec = CommandSpec(
        "jqc", abstract: "JanitorialQC: facility inspections, offline-first.",
        discussion:
            "Work is written to a local store at once, whether or not the server is reachable; `fieldops jqc sync` delivers it in order, exactly once, and refreshes reference data.",
        examples: ["fieldops -p site-a jqc sync", "fieldops jqc status --json", "fieldops jqc facilities show 3"],
        subcommands: [
            SyncCommand.spec,
            StatusCommand.spec,
            RetryCommand.spec,
            FacilitiesListCommand.spec,
            TemplatesListCommand.spec,
            ReferenceCommands.cacheGroup,
            PruneCommand.spec,
            InspectCommands.group,
            IssueCommands.group,
            HistoryCommand.spec,
            NotificationCommands.group,
            AgentCommand.spec,
        ])

    /// The profile (of the `jqc` backend) and its store, for a command that works locally.
    static func localStore(_ context: CommandContext) throws -> (Profile, JQCStore) {
        let profile = try context.profile(backend: "jqc")
        return (profile, try JQCStore(directory: context.dataDirectory(for: profile)))
    }
}
