import FieldOpsCore
import Foundation

/// `fieldops jqc inspect fill LOCAL_ID [--answers FILE|-]`.
enum InspectFillCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            "fill", abstract: "Answer a draft's fields: interactively on a terminal, or from an answers file.",
            discussion: """
                On a terminal, the form walks the template's fields in grid order (row, then column) with a prompt fitting each type; every answer is saved as it is given, so quitting or Ctrl-C keeps what was answered.
                --answers FILE (or - for stdin) fills without questions from a JSON or YAML mapping keyed by field id or label: {"7": 4, "Floor condition": "Good", "Checked areas": [Lobby, Kitchen]}. Every value is checked against its field first; one bad value (unknown field, option not offered, rating out of range) saves nothing (exit 2). A null value clears a field.
                """,
            examples: [
                "fieldops jqc inspect fill 3f2a",
                "fieldops jqc inspect fill 3f2a --answers answers.yaml",
                "echo '{\"7\": 4}' | fieldops jqc inspect fill 3f2a --answers -",
            ],
            options: [OptionSpec("answers", value: .file, valueName: "FILE", help: "Answers file (JSON or YAML), or - for stdin.")],
            arguments: [InspectCommands.draftArgument],
            action: run)
    }

    @Sendable static func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let draft = try WorkflowSupport.draft(context.invocation.value("LOCAL_ID") ?? "", in: store, doing: "fill")
        let (_, schema) = try WorkflowSupport.schema(templateID: draft.templateID, in: store)
        if let path = context.invocation.value("answers") {
            try fillFromFile(path, draft: draft, schema: schema, store: store, context: context)
            return
        }
        guard context.stdin.isTerminal else {
            throw FieldOpsError.usage(
                "jqc inspect fill needs a terminal for its questions, or --answers FILE",
                hint: "pass --answers answers.yaml (or --answers - to read them from stdin)")
        }
        let filler = FormFiller(
            store: store, localID: draft.localID, schema: schema, input: promptInput(for: context.stdin),
            screen: context.stderr, color: context.terminal.colorEnabled)
        let ending = try filler.run()
        try summarise(localID: draft.localID, schema: schema, store: store, context: context, ending: ending)
    }

    /// Checks every answer of the file first; only a wholly valid file is saved, in one write.
    static func fillFromFile(_ path: String, draft: LocalInspection, schema: FormSchema, store: JQCStore, context: CommandContext) throws {
        let raw = try AnswersLoader.load(path: path, stdin: context.stdin)
        let values = try AnswersFile.resolve(rawAnswers: raw, schema: schema, source: path == "-" ? "stdin" : path)
        let updated = try store.updateFormData(localID: draft.localID) { answers in
            for (id, value) in values { answers[id] = value == .null ? nil : value }
        }
        if context.format == .json {
            try WorkflowSupport.emitRecord(updated, context: context)
        } else {
            try summarise(localID: draft.localID, schema: schema, store: store, context: context, ending: .finished, applied: values.count)
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
        let score = InspectionScore.compute(schema: schema, formData: values).map(ScoreText.percent) ?? "none yet"
        var line = applied.map { "saved \($0) answer\($0 == 1 ? "" : "s"); " } ?? (ending == .finished ? "saved; " : "saved so far; ")
        line += "\(answered) of \(inputs.count) fields answered, score \(score)"
        context.stdout.line(line)
        if missing.isEmpty {
            context.note("ready: `fieldops jqc inspect submit \(localID)`")
        } else {
            context.note("still required: " + missing.map(\.reference).joined(separator: ", "))
        }
    }
}
