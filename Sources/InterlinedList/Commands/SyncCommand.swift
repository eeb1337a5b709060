import FieldOpsCore

/// `il sync`: fills the offline mirror and says what it holds.
public struct SyncCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "sync", abstract: "Fill the offline mirror: lists, folders, rows, schemas, documents and the feed.",
        discussion: "auth login runs it too. Offline, every read answers from the mirror with its age on stderr.",
        examples: ["fieldops il sync"])

    public init(_ invocation: Invocation) {}

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let report = try await ILMirrorSync(services: services).pull()
        switch context.output.format {
        case .json:
            try context.output.emitJSON([
                "lists": report.lists, "folders": report.folders, "rows": report.rows,
                "documents": report.documents, "documentFolders": report.documentFolders,
                "messages": report.messages,
            ])
        case .plain, .table:
            context.output.stdout.line(
                "mirrored \(Noun.count(report.lists, "list")) (\(Noun.count(report.rows, "row"))), \(Noun.count(report.folders, "folder")), "
                    + "\(Noun.count(report.documents, "document")) in \(Noun.count(report.documentFolders, "folder")), "
                    + "\(Noun.count(report.messages, "feed message"))")
        }
    }
}
