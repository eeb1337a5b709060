import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc prune [--synced-before DATE] [--dry-run]`: removes work the server already has.
struct PruneCommand: FieldOpsCommand {
    /// Without --synced-before, work synced more than this long ago goes.
    static let defaultAge: TimeInterval = 30 * 86_400

    static let definition = CommandSpec(
        "prune", abstract: "Remove synced inspections and issues, with their photo copies, from the local store.",
        discussion: """
            Removes inspections synced before DATE whose photos are all uploaded and whose issues can all go too, device issues synced before DATE with nothing of theirs still waiting, the status changes already sent, and the photo copies of what goes. Never touches pending, failed or draft work, nor issues pulled from the server (the sync keeps those current). The server keeps everything: `fieldops jqc history` and `inspect show SERVER_ID` still find it. DATE is a UTC day (yyyy-MM-dd) or time (yyyy-MM-ddTHH:mm:ss); the default is 30 days ago. Synced photo copies are otherwise kept.
            """,
        examples: [
            "fieldops jqc prune --dry-run", "fieldops jqc prune --synced-before 2026-11-01",
            "fieldops jqc prune --synced-before 2026-11-01 --json | jq .photo_bytes",
        ],
        options: [
            OptionSpec("synced-before", valueName: "DATE", help: "Remove what was synced before DATE (default: 30 days ago)."),
            .flag("dry-run", help: "Only list what would be removed."),
        ])

    /// `--synced-before`; nil for the default, taken from the clock when the command runs.
    let syncedBefore: Date?
    let dryRun: Bool

    init(_ invocation: Invocation) throws {
        syncedBefore = try invocation.value("synced-before").map { try WorkflowSupport.moment($0, option: "synced-before") }
        dryRun = invocation.flag("dry-run")
    }

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let cutoff = syncedBefore ?? Date().addingTimeInterval(-Self.defaultAge)
        let result = try store.prune(syncedBefore: cutoff, dryRun: dryRun)
        if context.output.format == .json {
            try context.output.emitJSON(result)
            return
        }
        let what =
            "\(SyncCommand.count(result.inspections.count, "inspection")), \(SyncCommand.count(result.issues.count, "issue")) and "
            + "\(SyncCommand.count(result.photos, "photo copy", "photo copies")) (\(Self.megabytes(result.photoBytes)))"
        context.output.stdout.line((dryRun ? "would remove " : "removed ") + what + " synced before \(JQCDate.person(cutoff))")
        if dryRun, !(result.inspections.isEmpty && result.issues.isEmpty) {
            var table = Table("KIND", "LOCAL ID")
            for id in result.inspections { table.append(["inspection", id]) }
            for id in result.issues { table.append(["issue", id]) }
            context.output.emit(table)
            context.output.note("dry run: nothing was removed")
        }
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes < 1024 * 1024 ? "\(bytes / 1024) KB" : (Double(bytes) / (1024 * 1024)).fixedPoint(places: 1) + " MB"
    }
}
