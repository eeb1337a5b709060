import FieldOpsCore

/// `onu rename|enable|disable|note`: GET the ONU's config → change one key → PUT it back whole.
enum ConfigEditCommands {
    @Sendable static func rename(_ context: CommandContext) async throws {
        guard let name = context.invocation.value("NAME") else { throw FieldOpsError.usage("missing NAME") }
        try await edit(
            context, values: [(MCMSField.onuName, .string(name))], question: { "rename ONU \($0) to \"\(name)\"" },
            done: { "ONU \($0) renamed to \"\(name)\"" })
    }

    @Sendable static func enable(_ context: CommandContext) async throws {
        try await edit(
            context, values: [(MCMSField.onuEnable, .bool(true))], question: { "enable ONU \($0)" },
            done: { "ONU \($0) enabled" })
    }

    /// Disabling takes the customer offline, so the id must be typed, as for a reset.
    @Sendable static func disable(_ context: CommandContext) async throws {
        try await edit(
            context, values: [(MCMSField.onuEnable, .bool(false))],
            question: { "disable ONU \($0) (the customer goes offline)" }, typeID: true,
            done: { "ONU \($0) disabled" })
    }

    @Sendable static func note(_ context: CommandContext) async throws {
        let text = context.invocation.value("TEXT")
        let clear = context.invocation.flag("clear")
        guard (text != nil) != clear else {
            throw FieldOpsError.usage("give the note TEXT or --clear (not both)", hint: "fieldops mcms onu note ID 'ladder needed'")
        }
        let value: JSONValue = text.map(JSONValue.string) ?? .null
        try await edit(
            context, values: [(MCMSField.onuCustomNote, value)],
            question: { clear ? "clear the note of ONU \($0)" : "set the note of ONU \($0)" },
            done: { clear ? "ONU \($0): note cleared" : "ONU \($0): note set" })
    }

    static func edit(
        _ context: CommandContext, values: [([JSONPathComponent], JSONValue)],
        question: (String) -> String, typeID: Bool = false, done: (String) -> String
    ) async throws {
        let id = try DetailCommands.id(context)
        let repository = try MCMSConnection(context).repository
        let config = try await repository.onuConfig(id)
        guard config[MCMSField.onu]?.objectValue != nil else {
            throw FieldOpsError(
                "\(id): configuration has no \(MCMSField.onu) object; refusing to write",
                hint: "inspect the document with fieldops mcms onu config \(id) --json")
        }
        let edit = try ConfigEdit(deviceID: id, config: config, set: values)
        let path = MCMSEndpoint.onuConfig(id).displayPath
        if edit.isNoChange {
            context.output.note("ONU \(id): nothing to change")
            if context.output.format == .json { context.output.emit(json: edit.json) }
            return
        }
        if context.invocation.flag("dry-run") {
            if context.output.format == .json {
                context.output.emit(json: edit.json)
            } else {
                context.output.stdout.write(edit.diff(path: path))
            }
            context.output.note("dry run: nothing was sent")
            return
        }
        try context.prompter.confirm(question(id), typing: typeID ? id : nil)
        try await repository.putONUConfig(id, edit.document)
        if context.output.format == .json { context.output.emit(json: edit.json) }
        context.output.note(done(id))
    }
}
