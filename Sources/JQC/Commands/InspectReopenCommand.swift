import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc inspect reopen LOCAL_ID`: a completed inspection that has not reached the
/// server goes back to draft, to be changed and submitted again.
struct InspectReopenCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "reopen", abstract: "Take a submitted inspection that is not on the server yet back to draft.",
        discussion: """
            Answers, photos and issues stay; the score is computed again on the next submit. Works offline. Refused (exit 1, nothing changes) once the inspection is on the server — follow it up with `inspect start --reinspect` instead — while a sync of the profile is running (it may be sending it), and when its last send was cut off before the server answered (run `fieldops jqc sync` first). An inspection that failed to sync can be reopened, fixed and submitted again; the photos and issues that failed with it are queued again with it.
            """,
        examples: ["fieldops jqc inspect reopen 3f2a", "fieldops jqc inspect reopen 3f2a && fieldops jqc inspect fill 3f2a"],
        arguments: [
            ArgumentSpec(
                "LOCAL_ID", help: "The submitted inspection's local id (or a unique prefix).", value: .dynamic(JQCCompletion.inspection)
            )
        ])

    /// The inspection's local id or a unique prefix of it.
    let reference: String

    init(_ invocation: Invocation) throws { reference = try invocation.required("LOCAL_ID") }

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let inspection = try WorkflowSupport.inspection(reference, in: store)
        // Holding the sync lock for the change means no sync is sending it meanwhile, and none
        // starts before the change is committed.
        let lock = try ProcessLock(path: store.directory + "/sync.lock")
        if case .heldBy(let pid) = try lock.tryLock() {
            throw FieldOpsError(
                "cannot reopen inspection \(inspection.localID): a sync of this profile is running\(pid.map { " (pid \($0))" } ?? "") and may be sending it",
                hint: "try again when it has finished; see whether it reached the server: fieldops jqc status", exitCode: .failure)
        }
        defer { lock.unlock() }
        let reopened: LocalInspection
        do {
            reopened = try store.reopen(localID: inspection.localID)
        } catch let error as JQCError {
            throw FieldOpsError("cannot reopen: " + error.summary, hint: error.hint, exitCode: error.exitCode)
        }
        if context.output.format == .json {
            try WorkflowSupport.emitRecord(reopened, context: context)
        } else {
            context.output.stdout.line("reopened \(reopened.localID) as a draft [\(reopened.badge.label)]")
            context.output.note("change it with `fieldops jqc inspect fill \(reopened.localID)`, then submit it again")
        }
    }
}
