import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc inspect sign LOCAL_ID --field F`: draw a signature with the mouse.
struct InspectSignCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "sign", abstract: "Draw a signature with the mouse or trackpad into a draft's signature field.",
        discussion:
            "Opens a drawing pad on the terminal (xterm mouse reporting, SGR 1006, as every common terminal supports); the strokes show as braille dots. Enter accepts: the signature is saved as a PNG (white background, black strokes) and attached exactly as a photo is, local://<photo id> until the next sync uploads it. c clears the pad, Esc cancels. Without a terminal, attach a signature image with `inspect attach`.\n"
            + InspectCommands.fieldNaming,
        examples: ["fieldops jqc inspect sign 3f2a --field 'Inspector signature'", "fieldops jqc inspect sign 3f2a --field 17"],
        options: [
            OptionSpec(
                "field", valueName: "FIELD", help: "The signature (or image) field: the number the form shows, a label, or id:ID.",
                required: true)
        ],
        arguments: [InspectCommands.draftArgument])

    /// The draft's local id or a unique prefix of it.
    let draftReference: String
    /// The field as typed (number, label or id:ID), looked up in the draft's template in `run`.
    let fieldKey: String

    init(_ invocation: Invocation) throws {
        draftReference = try invocation.required("LOCAL_ID")
        // Required: the parser has refused a line without it; an empty one is "no such field".
        fieldKey = invocation.value("field") ?? ""
    }

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let draft = try WorkflowSupport.draft(draftReference, in: store, doing: "sign")
        let (template, schema) = try WorkflowSupport.schema(templateID: draft.templateID, in: store)
        let field = try InspectCommands.photoField(fieldKey, template: template, schema: schema)
        let needsTerminal = FieldOpsError.usage(
            "jqc inspect sign needs a terminal with mouse reporting to draw on",
            hint: "attach a signature image instead: fieldops jqc inspect attach \(draft.localID) --field \(field.argument) signature.png")
        guard InspectFillCommand.fullScreenCapable(context) else { throw needsTerminal }
        // Before the pad opens, so nobody draws a signature that cannot be saved.
        try SignatureImage.requireLibrary(
            instead: "attach a signature image: fieldops jqc inspect attach \(draft.localID) --field \(field.argument) signature.png")
        guard let screen = CursesScreen(color: context.output.terminal.colorEnabled) else { throw needsTerminal }
        let drawing: SignatureDrawing?
        do {
            defer { screen.close() }
            drawing = try SignaturePad(screen: screen, title: "Signature: \(field.reference)").run()
        }
        guard let drawing else {
            context.output.note("cancelled: \(field.reference) is unchanged")
            return
        }
        let photo = try SignatureStore.attach(drawing, store: store, localID: draft.localID, fieldID: field.id)
        if context.output.format == .json {
            try context.output.emitJSON(PhotoRecord(photo, store: store, baseURL: ""))
        } else {
            context.output.stdout.line(
                "\(field.reference): \(FormValue.localPhotoPrefix)\(photo.localID) (signature PNG, \(photo.byteCount) bytes); uploaded by the next sync"
            )
        }
    }
}
