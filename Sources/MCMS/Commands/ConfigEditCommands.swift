import FieldOpsCore

/// `onu rename ID NAME`: ONU.Name.
struct ONURenameCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "rename",
        abstract:
            "Set the ONU's friendly name (ONU.Name); the rest of the config is sent back unchanged (asks first; --yes off a terminal).",
        examples: [
            "fieldops mcms onu rename ALPHe30cadcf 'Storgata 12 lgh 2'", "fieldops mcms onu rename ALPHe30cadcf 'Storgata 12' --dry-run",
        ],
        options: [MCMSCommands.dryRunEdit], arguments: [MCMSCommands.onuID, ArgumentSpec("NAME", help: "The new name.")])

    let edit: ONUConfigEdit
    let name: String

    init(_ invocation: Invocation) throws {
        let name = try invocation.required("NAME")
        self.name = name
        edit = try ONUConfigEdit(
            invocation, values: [(MCMSField.onuName, .string(name))], question: { "rename \($0) to “\(name)”" },
            done: { "ONU \($0) renamed to \"\(name)\"" })
    }

    func run(_ context: CommandContext) async throws {
        guard try await edit.run(context) else { return }
        // Completion offers the new name at once, not after the next listing.
        let cache = DeviceCache(directory: context.cacheDirectory(for: try context.profile(backend: "mcms")))
        do {
            try cache.rename(.onu, id: edit.id, to: name)
        } catch {
            context.output.trace("completion cache not updated: \(error.summaryText)")
        }
    }
}

/// `onu enable ID`: ONU.Enable true.
struct ONUEnableCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "enable", abstract: "Put the ONU back in service (ONU.Enable true; asks first; --yes off a terminal).",
        examples: ["fieldops mcms onu enable ALPHe30cadcf"],
        options: [MCMSCommands.dryRunEdit], arguments: [MCMSCommands.onuID])

    let edit: ONUConfigEdit

    init(_ invocation: Invocation) throws {
        edit = try ONUConfigEdit(
            invocation, values: [(MCMSField.onuEnable, .bool(true))], question: { "enable \($0)" },
            done: { "ONU \($0) enabled" })
    }

    func run(_ context: CommandContext) async throws { try await edit.run(context) }
}

/// `onu disable ID`: ONU.Enable false. It takes the customer offline, so the id must be typed,
/// as for a reset.
struct ONUDisableCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "disable",
        abstract:
            "Take the ONU out of service (ONU.Enable false): the customer goes offline; type the id to confirm (--yes off a terminal).",
        examples: ["fieldops mcms onu disable ALPHe30cadcf", "fieldops mcms onu disable ALPHe30cadcf --dry-run"],
        options: [MCMSCommands.dryRunEdit], arguments: [MCMSCommands.onuID])

    let edit: ONUConfigEdit

    init(_ invocation: Invocation) throws {
        edit = try ONUConfigEdit(
            invocation, values: [(MCMSField.onuEnable, .bool(false))],
            question: { "disable \($0)" }, consequence: "its subscriber goes offline until it is enabled again",
            typeID: true, done: { "ONU \($0) disabled" })
    }

    func run(_ context: CommandContext) async throws { try await edit.run(context) }
}

/// `onu note ID TEXT|--clear`: ONU."Custom Note", or null.
struct ONUNoteCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "note", abstract: "Set the ONU's note (ONU.\"Custom Note\"), or remove it with --clear; asks nothing (a note changes no service).",
        examples: ["fieldops mcms onu note ALPHe30cadcf 'key at the caretaker, flat 2'", "fieldops mcms onu note ALPHe30cadcf --clear"],
        options: [.flag("clear", help: "Remove the note (sets it to null)."), MCMSCommands.dryRunEdit],
        arguments: [MCMSCommands.onuID, ArgumentSpec("TEXT", help: "The note.", optional: true)])

    let edit: ONUConfigEdit

    init(_ invocation: Invocation) throws {
        let text = invocation.value("TEXT")
        let clear = invocation.flag("clear")
        guard (text != nil) != clear else {
            throw FieldOpsError.usage("give the note TEXT or --clear (not both)", hint: "fieldops mcms onu note ID 'ladder needed'")
        }
        edit = try ONUConfigEdit(
            invocation, values: [(MCMSField.onuCustomNote, text.map(JSONValue.string) ?? .null)],
            question: nil,
            done: { clear ? "ONU \($0): note cleared" : "ONU \($0): note set" })
    }

    func run(_ context: CommandContext) async throws { try await edit.run(context) }
}

/// What the four commands share: GET the ONU's config → change one key → PUT it back whole,
/// with `--dry-run` printing the change instead.
struct ONUConfigEdit: Sendable {
    let id: String
    let values: [([JSONPathComponent], JSONValue)]
    /// The confirmation, given the ONU as `ONU ALPH… “name”`; nil for an edit that changes no
    /// service (a note), which asks nothing.
    let question: (@Sendable (String) -> String)?
    /// Said before the question and in the refusal off a terminal.
    let consequence: String?
    let typeID: Bool
    let done: @Sendable (String) -> String
    let dryRun: Bool

    init(
        _ invocation: Invocation, values: [([JSONPathComponent], JSONValue)], question: (@Sendable (String) -> String)?,
        consequence: String? = nil, typeID: Bool = false, done: @escaping @Sendable (String) -> String
    ) throws(FieldOpsError) {
        self.consequence = consequence
        id = try invocation.onuID()
        dryRun = invocation.flag("dry-run")
        (self.values, self.question, self.typeID, self.done) = (values, question, typeID, done)
    }

    /// True when the change was written (not a dry run, not a change to nothing).
    @discardableResult
    func run(_ context: CommandContext) async throws -> Bool {
        let repository = try MCMSConnection(context).repository
        let config = try await repository.onuConfig(id)
        guard config[MCMSField.onu]?.objectValue != nil else {
            throw FieldOpsError(
                "\(id): configuration has no \(MCMSField.onu) object; refusing to write",
                hint: "inspect the document: fieldops mcms onu config \(id) --json")
        }
        let edit = try ConfigEdit(deviceID: id, config: config, set: values)
        let path = MCMSEndpoint.onuConfig(id).displayPath
        if edit.isNoChange {
            context.output.note("ONU \(id): nothing to change")
            if context.output.format == .json { context.output.emit(json: edit.json) }
            return false
        }
        if dryRun {
            if context.output.format == .json {
                context.output.emit(json: edit.json)
            } else {
                context.output.stdout.write(edit.diff(path: path))
            }
            context.output.note("dry run: nothing was sent")
            return false
        }
        if let question {
            try context.prompter.confirm(
                question(MCMSCommands.onuSubject(id, config: config)), typing: typeID ? id : nil, consequence: consequence)
        }
        try await repository.putONUConfig(id, edit.document)
        if context.output.format == .json { context.output.emit(json: edit.json) }
        context.output.note(done(id))
        return true
    }
}

extension MCMSCommands {
    /// An ONU as a confirmation names it: `ONU ALPHe30cadcf “Sjøgata 4, 2. etg”`, the name from
    /// its config document when it has one.
    static func onuSubject(_ id: String, config: JSONValue) -> String {
        let name = config.value(at: MCMSField.onuName)?.stringValue?.trimmingSpaces() ?? ""
        return name.isEmpty ? "ONU \(id)" : "ONU \(id) “\(name)”"
    }
}
