import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc inspect …`: the inspection workflow — start a draft, fill it, attach photos,
/// submit, and look at local inspections.
enum InspectCommands {
    static let group = CommandSpec(
        "inspect", abstract: "Start, fill, attach photos to, submit, reopen, show, list and delete inspections.",
        discussion: """
            Everything is written to the local store at once and works offline; `fieldops jqc sync` (or `submit --sync`) sends completed inspections. IDs: a local id (or a unique prefix of at least 4 characters) or, once synced, the server id.
            Exit codes: 2 unknown ids, bad options or invalid answers; 1 refused by a workflow rule (a submitted inspection cannot be changed or deleted, required fields are empty, the inspection needs no follow-up); 3 not logged in; 4 the server is needed and cannot be reached. A refused command changes nothing.
            """,
        examples: [
            "id=$(fieldops jqc inspect start --template 2 --facility 1)",
            "fieldops jqc inspect fill \"$id\"",
            "fieldops jqc inspect submit \"$id\" --sync",
        ],
        subcommands: [
            InspectStartCommand.spec, InspectFillCommand.spec, InspectAttachCommand.spec, InspectSignCommand.spec,
            InspectSubmitCommand.spec, InspectReopenCommand.spec, InspectShowCommand.spec, InspectListCommand.spec,
            InspectDeleteCommand.spec,
        ])

    static let draftArgument = ArgumentSpec(
        "LOCAL_ID", help: "The draft's local id (or a unique prefix).", value: .dynamic(JQCCompletion.draft))

    /// How `--field` reads its value, for the help of every command that takes one.
    static let fieldNaming =
        "FIELD is the number the form shows beside the field (`fill` on a terminal, `inspect show` and `templates show` number them the same way), its label or the start of it, or id:ID for the template's field id (the key of an answers file). A bare number is always the number shown, never a template id."

    /// The image or signature field `--field` names (`FieldName`: its number, label or id:ID).
    static func photoField(_ typed: String, template: CachedTemplate, schema: FormSchema) throws -> FormField {
        let target: FormField
        switch schema.lookUp(typed) {
        case .found(let field): target = field
        case .ambiguous(let fields):
            throw FieldOpsError(
                "\"\(typed)\" matches several fields of template \(template.id): \(fields.references)",
                hint: "name one by its number, e.g. --field \(fields[0].argument)", exitCode: .usage)
        case .notFound(let why):
            throw FieldOpsError(
                why, hint: "see the fields of template \(template.id), numbered: fieldops jqc templates show \(template.id)",
                exitCode: .usage)
        }
        guard target.type.holdsPhoto else {
            let photoFields = schema.inputFields.filter(\.type.holdsPhoto)
            throw FieldOpsError(
                "\(target.reference) is a \(target.type.name) field; photos go in image or signature fields",
                hint: photoFields.isEmpty
                    ? "template \(template.id) has no image or signature field" : "the photo fields: \(photoFields.references)",
                exitCode: .usage)
        }
        return target
    }
}

// MARK: attach

/// `fieldops jqc inspect attach LOCAL_ID --field F PHOTO`: a photo copied into the store.
struct InspectAttachCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "attach", abstract: "Attach a photo (JPEG or PNG, at most 50 MB) to an image or signature field of a draft.",
        discussion:
            "The photo is copied into the store (the original may be moved or deleted afterwards) and the field holds local://<photo id> until the next sync uploads it. The file type is checked by its content, not its name.\n"
            + InspectCommands.fieldNaming,
        examples: [
            "fieldops jqc inspect attach 3f2a --field 6 ~/photos/floor.jpg",
            "fieldops jqc inspect attach 3f2a --field 'Overview photo' overview.png",
            "fieldops jqc inspect attach 3f2a --field id:f_1712_q13 overview.png",
        ],
        options: [
            OptionSpec(
                "field", valueName: "FIELD", help: "The image or signature field: the number the form shows, a label, or id:ID.",
                required: true)
        ],
        arguments: [InspectCommands.draftArgument, ArgumentSpec("PHOTO", help: "The photo file.", value: .file)])

    /// The draft's local id or a unique prefix of it.
    let draftReference: String
    /// The field as typed (number, label or id:ID), looked up in the draft's template in `run`.
    let field: String
    /// As typed: `~` is expanded against the command's environment in `run`.
    let photoPath: String

    init(_ invocation: Invocation) throws {
        draftReference = try invocation.required("LOCAL_ID")
        // Required: the parser has refused a line without it; an empty one is "no such field".
        field = invocation.value("field") ?? ""
        photoPath = try invocation.required("PHOTO")
    }

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let draft = try WorkflowSupport.draft(draftReference, in: store, doing: "attach a photo to")
        let (template, schema) = try WorkflowSupport.schema(templateID: draft.templateID, in: store)
        let target = try InspectCommands.photoField(field, template: template, schema: schema)
        let path = PathCompletion.expandingTilde(photoPath, environment: context.environment)
        let photo = try store.attachPhoto(inspectionLocalID: draft.localID, fieldID: target.id, sourcePath: path)
        if context.output.format == .json {
            try context.output.emitJSON(PhotoRecord(photo, store: store, baseURL: ""))
        } else {
            context.output.stdout.line(
                "\(target.reference): \(FormValue.localPhotoPrefix)\(photo.localID) (\(photo.contentType), \(photo.byteCount) bytes); uploaded by the next sync"
            )
        }
    }
}

// MARK: submit

/// `fieldops jqc inspect submit LOCAL_ID [--sync]`: a draft completed, scored and queued.
struct InspectSubmitCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "submit", abstract: "Complete a draft: check required fields, compute the score, queue it for sync.",
        discussion:
            "Refuses while required fields are empty and lists them as the form numbers them, e.g. `4. Floor dry and clean` (exit 1). The score is computed exactly as the server computes it. Submitting a re-inspection clears the follow-up flag of the inspection it follows up. With --sync the queue is sent at once; otherwise the next `fieldops jqc sync` sends it.",
        examples: ["fieldops jqc inspect submit 3f2a", "fieldops jqc inspect submit 3f2a --sync --json | jq .overall_score"],
        options: [.flag("sync", help: "Sync right away after submitting.")],
        arguments: [InspectCommands.draftArgument])

    /// The draft's local id or a unique prefix of it.
    let draftReference: String
    /// `--sync`: send the queue once the submission is stored.
    let syncAfter: Bool

    init(_ invocation: Invocation) throws {
        draftReference = try invocation.required("LOCAL_ID")
        syncAfter = invocation.flag("sync")
    }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let draft = try WorkflowSupport.draft(draftReference, in: store, doing: "submit")
        let (_, schema) = try WorkflowSupport.schema(templateID: draft.templateID, in: store)
        let missing = FieldValidator.missingRequired(schema, try draft.formData())
        guard missing.isEmpty else {
            throw FieldOpsError(
                "cannot submit inspection \(draft.localID): \(missing.count) required field\(missing.count == 1 ? " is" : "s are") empty",
                details: missing.map { "  " + $0.reference + " (\($0.type.name))" },
                hint: "answer them: fieldops jqc inspect fill \(draft.localID)", exitCode: .failure)
        }
        ClockCheck.warnBeforeStamping(store: store, output: context.output)
        var submitted = try store.submit(localID: draft.localID)
        AgentWake.poke(context, profile: profile)
        // The submission is kept whatever the sync does; a failed sync is reported after it.
        var syncFailure: (any Error)?
        if syncAfter {
            do {
                let lock = try ProcessLock(path: store.directory + "/sync.lock")
                try await SyncCommand.acquire(lock, context: context, wait: 300)
                defer { lock.unlock() }
                let client = try JQCClient(context: context, profile: profile)
                let report = try await SyncEngine(store: store, client: client).sync()
                if !report.isComplete { context.output.warn("the sync did not send everything; see `fieldops jqc status`") }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                syncFailure = error
            }
            submitted = try store.inspection(localID: draft.localID) ?? submitted
        }
        if context.output.format == .json {
            try WorkflowSupport.emitRecord(submitted, context: context)
        } else {
            let score = submitted.overallScore.map { ScoreText.percent($0) } ?? "no score (nothing scoreable answered)"
            context.output.stdout.line("submitted \(WorkflowSupport.name(submitted)): \(score) [\(submitted.badge.label)]")
            if submitted.syncStatus == .pending, syncFailure == nil { context.output.note("it is sent by the next `fieldops jqc sync`") }
        }
        if let syncFailure { throw syncFailure }
    }
}

/// How scores read: `85.5%`.
enum ScoreText {
    /// `72.5%`, `100%`; a score no inspection can have (`1e999` from a server, an infinity in
    /// a damaged store) is shown as it is, marked, instead of trapping on the conversion.
    static func percent(_ score: Double) -> String {
        guard score.isFinite, abs(score) <= 1e6 else { return "\(score) (out of range)" }
        return (score == score.rounded() ? String(Int(score)) : String(score)) + "%"
    }
}
