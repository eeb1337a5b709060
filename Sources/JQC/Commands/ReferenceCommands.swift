import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc facilities [show ID]`, `jqc templates [show ID]` and `jqc cache clear`:
/// the cached reference data, read locally (it is refreshed by `jqc sync`).
///
/// `facilities` and `templates` are commands (they list) with a `show` below them; `cache`
/// is a group only.
enum ReferenceCommands {
    static let cacheGroup = CommandSpec(
        "cache", abstract: "Manage the cached reference data.",
        examples: ["fieldops jqc cache clear"],
        subcommands: [CacheClearCommand.spec])

    /// An id argument (a `.dynamic` kind, completed from the store): a whole number.
    static func idArgument(_ invocation: Invocation, _ name: String) throws -> Int {
        guard let value = try invocation.integer(argument: name, .any) else {
            throw UsageError(.missingArgument(name), commandWords: ["fieldops"] + invocation.path)
        }
        return value
    }
}

// MARK: Facilities

/// `fieldops jqc facilities`: the cached facilities with their area counts.
struct FacilitiesListCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "facilities", abstract: "List the cached facilities (refreshed by `fieldops jqc sync`).",
        examples: ["fieldops jqc facilities", "fieldops jqc facilities show 3 --json"],
        subcommands: [FacilityShowCommand.spec])

    init(_ invocation: Invocation) {}

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let facilities = try store.facilities()
        if context.output.format == .json {
            try context.output.emitJSON(facilities)
            return
        }
        guard !facilities.isEmpty else {
            context.output.sayEmpty("no facilities cached; run `fieldops jqc sync` to pull them")
            return
        }
        let areas = try store.areaCounts()
        var table = Table(columns: [
            Table.Column("ID", alignment: .right), Table.Column("NAME"), Table.Column("PROJECT"), Table.Column("AREAS", alignment: .right),
        ])
        for facility in facilities {
            table.append([String(facility.id), facility.name, facility.projectName ?? "", String(areas[facility.id] ?? 0)])
        }
        context.output.emit(table)
    }
}

/// `fieldops jqc facilities show ID`: one facility and its areas.
struct FacilityShowCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "show", abstract: "Show one facility and its areas.",
        examples: ["fieldops jqc facilities show 3", "fieldops jqc facilities show 3 --json | jq '.areas[].id'"],
        arguments: [ArgumentSpec("ID", help: "The facility id.", value: .dynamic(JQCCompletion.facility))])

    struct FacilityView: Encodable {
        var facility: APIFacility
        var areas: [APIArea]

        func encode(to encoder: any Encoder) throws {
            try facility.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(areas, forKey: .areas)
        }

        enum Key: String, CodingKey { case areas }
    }

    let id: Int

    init(_ invocation: Invocation) throws { id = try ReferenceCommands.idArgument(invocation, "ID") }

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        guard let cached = try store.facility(id: id) else {
            throw JQCError.unknownRecord(kind: "facility", id: String(id), profile: store.profileName)
        }
        if context.output.format == .json {
            try context.output.emitJSON(FacilityView(facility: cached.facility, areas: cached.areas))
            return
        }
        let f = cached.facility
        context.output.emit(
            facts: [
                ("id", String(f.id)), ("name", f.name), ("address", f.address ?? ""),
                ("project", f.projectName.map { "\($0) (\(f.projectID.map(String.init) ?? "?"))" } ?? "none"),
            ])
        context.output.stdout.line()
        var table = Table(columns: [Table.Column("AREA", alignment: .right), Table.Column("NAME"), Table.Column("TYPE")])
        for area in cached.areas { table.append([String(area.id), area.name, area.areaType ?? ""]) }
        context.output.emit(table)
    }
}

// MARK: Templates

/// `fieldops jqc templates`: the cached templates with their field counts.
struct TemplatesListCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "templates", abstract: "List the cached inspection templates.",
        examples: ["fieldops jqc templates", "fieldops jqc templates show 2"],
        subcommands: [TemplateShowCommand.spec])

    struct TemplateSummary: Encodable {
        var id: Int
        var name: String
        var description: String?
        var frequency: String?
        var fields: Int
    }

    init(_ invocation: Invocation) {}

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let summaries = try store.templates().map { template in
            TemplateSummary(
                id: template.id, name: template.name, description: template.description, frequency: template.frequency,
                fields: (try? JSONValue(parsing: template.formSchemaJSON))?.arrayValue?.count ?? 0)
        }
        if context.output.format == .json {
            try context.output.emitJSON(summaries)
            return
        }
        guard !summaries.isEmpty else {
            context.output.sayEmpty("no templates cached; run `fieldops jqc sync` to pull them")
            return
        }
        var table = Table(columns: [
            Table.Column("ID", alignment: .right), Table.Column("NAME"), Table.Column("FREQUENCY"),
            Table.Column("FIELDS", alignment: .right),
        ])
        for t in summaries { table.append([String(t.id), t.name, t.frequency ?? "", String(t.fields)]) }
        context.output.emit(table)
    }
}

/// `fieldops jqc templates show ID`: a template's fields in grid order, or its schema as sent.
struct TemplateShowCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "show", abstract: "Show a template's form fields in grid order (--json: the schema as the server sent it).",
        discussion:
            "NO is the number `inspect fill` shows beside the field, which its messages, g, :goto and --field use; FIELD is the template's field id, the key of an answers file (id:FIELD names it where a number would be read as NO).",
        examples: ["fieldops jqc templates show 2", "fieldops jqc templates show 2 --json | jq '.form_schema | length'"],
        arguments: [ArgumentSpec("ID", help: "The template id.", value: .dynamic(JQCCompletion.template))])

    let id: Int

    init(_ invocation: Invocation) throws { id = try ReferenceCommands.idArgument(invocation, "ID") }

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        guard let template = try store.template(id: id) else {
            throw JQCError.unknownRecord(kind: "template", id: String(id), profile: store.profileName)
        }
        if context.output.format == .json {
            // Written from the lossless value: the schema comes out exactly as the server sent it.
            let text: (String?) -> JSONValue = { $0.map(JSONValue.string) ?? .null }
            let view = JSONValue.object(
                JSONObject([
                    ("description", text(template.description)),
                    ("form_schema", try JSONValue(parsing: template.formSchemaJSON, source: "form_schema of template \(id)")),
                    ("frequency", text(template.frequency)),
                    ("id", .number(JSONNumber(template.id))),
                    ("name", .string(template.name)),
                ]))
            context.output.emit(json: view)
            return
        }
        let schema = try template.schema()
        context.output.emit(
            facts: [
                ("id", String(template.id)), ("name", template.name), ("frequency", template.frequency ?? ""),
                ("description", template.description ?? ""),
            ])
        context.output.stdout.line()
        var table = Table(columns: [
            Table.Column("NO", alignment: .right), Table.Column("FIELD"), Table.Column("TYPE"), Table.Column("LABEL"),
            Table.Column("REQUIRED"), Table.Column("SCORED"), Table.Column("DETAILS"),
        ])
        for field in schema.fieldsInGridOrder {
            table.append([
                field.number.map(String.init) ?? "", field.id, field.type.name, field.label, field.required ? "yes" : "",
                field.isScoreable ? "yes" : "", Self.details(field),
            ])
        }
        context.output.emit(table)
    }

    /// What a person needs to answer the field: its options, a table's shape and columns, its
    /// help text and placeholder.
    static func details(_ field: FormField) -> String {
        var parts: [String] = []
        if field.type.usesOptions, !field.effectiveOptions.isEmpty {
            parts.append(
                "options: "
                    + field.effectiveOptions.map { $0.label == $0.value ? $0.value : "\($0.label) (\($0.value))" }.joined(separator: ", "))
        }
        if field.type == .table {
            let rows = field.tableRows.map { "\($0) rows" } ?? "any number of rows"
            let columns =
                field.colHeaders.isEmpty
                ? field.tableColumnCount.map { "\($0) columns" } ?? "any number of columns"
                : "columns: " + field.colHeaders.joined(separator: " | ")
            parts.append(rows + ", " + columns)
        }
        if let help = field.helpText, !help.isEmpty { parts.append("help: " + help) }
        if let placeholder = field.placeholder, !placeholder.isEmpty { parts.append("e.g. " + placeholder) }
        if field.type == .label || field.type == .section, let text = field.textContent, !text.isEmpty, text != field.label {
            parts.append(text)
        }
        return parts.joined(separator: " · ")
    }
}

// MARK: Cache

/// `fieldops jqc cache clear`: forgets the reference data, never the work.
struct CacheClearCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "clear", abstract: "Delete the cached facilities, areas, templates and history pages (never inspections, issues or photos).",
        discussion: "The next `fieldops jqc sync` pulls the reference data again; `fieldops jqc history` keeps the pages it reads.",
        examples: ["fieldops jqc cache clear && fieldops jqc sync"])

    init(_ invocation: Invocation) {}

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let before = try store.referenceCounts()
        try store.clearReference()
        if context.output.format == .json {
            try context.output.emitJSON(["cleared": before])
            return
        }
        context.output.stdout.line(
            "cleared \(SyncCommand.count(before.facilities, "facility", "facilities")), \(SyncCommand.count(before.areas, "area")) and \(SyncCommand.count(before.templates, "template")); inspections, issues and photos are untouched"
        )
    }
}
