import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc inspect delete LOCAL_ID`: a draft removed with its photos and issues.
struct InspectDeleteCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "delete", abstract: "Delete a draft with its photos and issues (drafts only; asks first; --yes off a terminal).",
        discussion: "Submitted inspections are never deleted (exit 1). On a terminal you confirm; elsewhere pass --yes.",
        examples: ["fieldops jqc inspect delete 3f2a", "fieldops --yes jqc inspect delete 3f2a"],
        arguments: [InspectCommands.draftArgument])

    /// The draft's local id or a unique prefix of it.
    let draftReference: String

    init(_ invocation: Invocation) throws { draftReference = try invocation.required("LOCAL_ID") }

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let draft = try WorkflowSupport.draft(draftReference, in: store, doing: "delete")
        let photos = try store.photos(inspectionLocalID: draft.localID).count
        let issues = try store.issues(inspectionLocalID: draft.localID).count
        try context.prompter.confirm(
            "delete draft \(draft.localID) with \(photos) photo\(photos == 1 ? "" : "s") and \(issues) issue\(issues == 1 ? "" : "s")")
        try store.deleteDraft(localID: draft.localID)
        context.output.stdout.line("deleted draft \(draft.localID)")
    }
}
