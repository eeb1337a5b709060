import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `fieldops jqc inspect fill LOCAL_ID [--answers FILE|-]`.
struct InspectFillCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "fill", abstract: "Answer a draft's fields: a full-screen form on a terminal, line prompts, or an answers file.",
        discussion: """
            Fields are numbered 1, 2, 3… in grid order, the order the form and line mode show them in, and every message names a field by that number and its label: `still required: 4. Floor dry and clean, 7. Signature`. g (in the form), :goto (in line mode) and --field of `inspect attach` and `inspect sign` take the same number; they also take a label or the start of one, or id:ID for the template's field id. A bare number is always the number shown, never a template id.
            On a terminal, the whole template opens as a full-screen form laid out on its grid (side by side on a wide terminal, stacked on a narrow one), the cursor on the first unanswered field; every change is saved as it is made, so q or Ctrl-C keeps what was answered. Keys: Tab/arrows move, g goes to a field (by number or label), n/r the next unanswered (required) field, i the section index, s reviews and submits, ? lists every key (in a text field press Esc first).
            --line (and any terminal that cannot show the form, TERM=dumb, or input that is not a terminal with --answers absent) asks one field at a time in grid order, with line editing and history; :goto N|label|id:ID, :next, :required and :review move around.
            --answers FILE (or - for stdin) fills without questions from a JSON or YAML mapping keyed by template field id (the key the server stores, listed by `templates show`) or label, not by the numbers shown: {"7": 4, "Floor condition": "Good", "Checked areas": [Lobby, Kitchen]}. Every value is checked against its field first; one bad value (unknown field, option not offered, rating out of range) saves nothing (exit 2). A null value clears a field.
            """,
        examples: [
            "fieldops jqc inspect fill 3f2a",
            "fieldops jqc inspect fill 3f2a --line",
            "fieldops jqc inspect fill 3f2a --answers answers.yaml",
            "echo '{\"7\": 4}' | fieldops jqc inspect fill 3f2a --answers -",
        ],
        options: [
            OptionSpec("answers", value: .file, valueName: "FILE", help: "Answers file (JSON or YAML), or - for stdin."),
            .flag("line", help: "One prompt per field instead of the full-screen form (for screen readers, scripts, dumb terminals)."),
        ],
        arguments: [InspectCommands.draftArgument])

    /// The draft's local id or a unique prefix of it.
    let draftReference: String
    /// `--answers`: a file, or `-` for stdin; read in `run`, once the draft is known.
    let answersPath: String?
    /// `--line`: prompts even where the full-screen form could open.
    let lineByLine: Bool

    init(_ invocation: Invocation) throws {
        draftReference = try invocation.required("LOCAL_ID")
        answersPath = invocation.value("answers")
        lineByLine = invocation.flag("line")
    }

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let draft = try WorkflowSupport.draft(draftReference, in: store, doing: "fill")
        let (_, schema) = try WorkflowSupport.schema(templateID: draft.templateID, in: store)
        if let answersPath {
            try Self.fillFromFile(answersPath, draft: draft, schema: schema, store: store, context: context)
            return
        }
        guard context.stdin.isTerminal else {
            throw FieldOpsError.usage(
                "jqc inspect fill needs a terminal for its questions, or --answers FILE",
                hint: "pass --answers answers.yaml (or --answers - to read them from stdin)")
        }
        if !lineByLine, Self.fullScreenCapable(context) {
            let (profile, _) = try JQCCommands.localStore(context)
            let template = try store.template(id: draft.templateID)
            let form = FullScreenForm(
                store: store, localID: draft.localID, schema: schema,
                title: "\(template?.name ?? "Inspection") · \(draft.localID.prefix(8))", profile: profile,
                color: context.output.terminal.colorEnabled, environment: context.environment)
            let ending: FullScreenForm.Ending?
            do {
                ending = try form.run()
            } catch is CancellationError {
                // The form is closed and the terminal restored: say what is kept, then exit 130.
                try Self.summarise(localID: draft.localID, schema: schema, store: store, context: context, ending: .quit)
                throw CancellationError()
            }
            switch ending {
            case .submitted?:
                AgentWake.poke(context, profile: profile)
                if let submitted = try store.inspection(localID: draft.localID) {
                    let score = submitted.overallScore.map { ScoreText.percent($0) } ?? "no score (nothing scoreable answered)"
                    context.output.stdout.line("submitted \(WorkflowSupport.name(submitted)): \(score) [\(submitted.badge.label)]")
                    context.output.note("it is sent by the next `fieldops jqc sync`")
                }
                return
            case .quit?:
                try Self.summarise(localID: draft.localID, schema: schema, store: store, context: context, ending: .quit)
                return
            case nil:
                context.output.note(
                    "this terminal cannot show the full-screen form (TERM=\(context.environment["TERM"] ?? "")); asking field by field")
            }
        }
        let filler = FormFiller(
            store: store, localID: draft.localID, schema: schema, input: promptInput(for: context.stdin, screen: context.output.stderr),
            screen: context.output.stderr, color: context.output.terminal.colorEnabled)
        let ending: FormFiller.Ending
        do {
            ending = try filler.run()
        } catch is CancellationError {
            context.output.stderr.line("")
            try Self.summarise(localID: draft.localID, schema: schema, store: store, context: context, ending: .quit)
            throw CancellationError()
        }
        try Self.summarise(localID: draft.localID, schema: schema, store: store, context: context, ending: ending)
    }

    /// The full-screen form needs the real terminal on stdin and stderr, and a `$TERM` that
    /// can address the cursor; anything else gets the line prompts.
    static func fullScreenCapable(_ context: CommandContext) -> Bool {
        guard context.stdin is StandardInput, isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else { return false }
        let term = context.environment["TERM"] ?? ""
        return !term.isEmpty && term != "dumb"
    }

    /// Checks every answer of the file first; only a wholly valid file is saved, in one write.
    static func fillFromFile(_ path: String, draft: LocalInspection, schema: FormSchema, store: JQCStore, context: CommandContext) throws {
        let raw = try AnswersLoader.load(path: path, stdin: context.stdin)
        let values = try AnswersFile.resolve(rawAnswers: raw, schema: schema, source: path == "-" ? "stdin" : path)
        let updated = try store.updateFormData(localID: draft.localID) { answers in
            for (id, value) in values { answers[id] = value == .null ? nil : value }
        }
        if context.output.format == .json {
            try WorkflowSupport.emitRecord(updated, context: context)
        } else {
            try Self.summarise(
                localID: draft.localID, schema: schema, store: store, context: context, ending: .finished, applied: values.count)
        }
    }

    /// What is answered, what is still required, and the score the answers would get.
    static func summarise(
        localID: String, schema: FormSchema, store: JQCStore, context: CommandContext, ending: FormFiller.Ending, applied: Int? = nil
    ) throws {
        guard let inspection = try store.inspection(localID: localID) else { return }
        let values = try inspection.formData()
        let inputs = schema.inputFields
        let answered = inputs.filter { values[$0.id]?.isAnswered(for: $0) ?? false }.count
        let missing = FieldValidator.missingRequired(schema, values)
        // No score while nothing scoreable is answered (the server would store none either).
        let score = InspectionScore.provisional(schema: schema, formData: values).map { ", score " + ScoreText.percent($0) } ?? ""
        var line = applied.map { "saved \($0) answer\($0 == 1 ? "" : "s"); " } ?? (ending == .finished ? "saved; " : "saved so far; ")
        line += "\(answered) of \(Noun.count(inputs.count, "field")) answered\(score)"
        context.output.stdout.line(line)
        if ending == .quit || ending == .endOfInput {
            context.output.note("continue with `fieldops jqc inspect fill \(localID)` (it opens at the first unanswered field)")
        }
        if missing.isEmpty {
            context.output.note("ready: `fieldops jqc inspect submit \(localID)`")
        } else {
            context.output.note("still required: " + missing.references)
        }
    }
}
