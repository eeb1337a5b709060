import FieldOpsCore
import FoundationEssentials

/// `il list schema ID [--set FILE [--force]]`: the columns as a table (`--json`: the DSL object),
/// or a new schema shown as a diff of columns, checked against the rows, confirmed, then sent.
///
/// The route is chosen so that nothing else of the list changes. The `{properties}` shape keeps
/// title, description and rules but takes only six types; the `{schema}` shape takes every type
/// but overwrites the title and description with the schema's, so they are sent back unchanged.
public struct ListSchemaCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "schema", abstract: "Show a list's columns, or change them with --set FILE (asks first; --yes off a terminal).",
        discussion: """
            --set shows the change as a diff of columns and names the rows that hold data in removed columns; \
            removing such columns needs --force. It uses the route that leaves the list's title and description alone.
            """,
        examples: [
            "fieldops il list schema l001", "fieldops il list schema l001 --json",
            "fieldops il list schema l001 --set groceries.yaml",
        ],
        options: [
            OptionSpec("set", value: .file, valueName: "FILE", help: "The new schema (YAML or JSON DSL object)."),
            .flag("force", help: "Remove columns even when rows hold data in them."),
        ],
        arguments: [ILCommandTree.listArgument])

    public var id: String
    public var file: String?
    public var force: Bool

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il list schema needs a list ID") }
        self.id = id
        file = invocation.value("set")
        force = invocation.flag("force")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        if let file { return try await change(to: file, services, context) }
        let client = try services.client()
        let listID = id
        if context.output.format == .json {
            // The DSL object as the server builds it, mirrored under the list's prefix so every
            // change to the list forgets it too; offline without it, rebuilt from the mirrored list.
            let schema = try await MirrorQueries.live(
                services, context.output,
                {
                    try await services.reader(noCache: false, refresh: true, warnings: context.output.stderr).run(
                        "list-" + listID + "-schema", decode: { try JSONValue(parsing: $0) },
                        fetch: {
                            let endpoint = ILEndpoint.listSchema(listID)
                            let schema = try client.parse(try await client.send(endpoint), endpoint)["data"] ?? .null
                            return (schema.jsonData(), schema)
                        }
                    ).value
                },
                offline: { mirror in
                    guard case .hit(let data, let savedAt) = mirror.load("list-" + listID),
                        let list = try? JSONValue(parsing: data)["list"], list.objectValue != nil
                    else { return nil }
                    return (ILSchemaDSL.of(list: list), savedAt)
                })
            context.output.emit(json: schema)
            return
        }
        let list = try await MirrorQueries.live(
            services, context.output, { try await client.call(.list(listID), as: ILListEnvelope.self).data },
            offline: { mirror in MirrorQueries.detail(mirror, listID).map { ($0.0.list, $0.savedAt) } })
        let columns = ILColumn.of(list)
        if columns.isEmpty, context.output.format == .table {
            context.output.stderr.line("list \(id) has no schema: rows may hold any keys")
            return
        }
        context.output.emit(Self.table(columns))
    }

    static func table(_ columns: [ILColumn]) -> Table {
        var table = Table("key", "label", "type", "required", "rules")
        for column in columns {
            var rules: [String] = []
            if !column.options.isEmpty { rules.append("options " + column.optionTexts.joined(separator: "|")) }
            for name in ["min", "max", "minLength", "maxLength", "pattern"] {
                if let value = column.rules[name] { rules.append("\(name) \(ILCell.text(value))") }
            }
            if !column.isVisible { rules.append("hidden") }
            if column.visibility != nil { rules.append("conditional") }
            table.append([column.key, column.label, column.type, column.isRequired ? "yes" : "no", rules.joined(separator: ", ")])
        }
        return table
    }

    // MARK: Changing the schema

    /// One line of the diff: a column kept, added, removed or changed.
    public struct Change: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case kept = " "
            case added = "+"
            case removed = "-"
            case changed = "~"
        }
        public var kind: Kind
        public var key: String
        public var text: String
    }

    public static func diff(from old: [ILColumn], to new: [ILColumn]) -> [Change] {
        var changes: [Change] = []
        for column in new {
            guard let before = old.first(where: { $0.key == column.key }) else {
                changes.append(Change(kind: .added, key: column.key, text: describe(column)))
                continue
            }
            var what: [String] = []
            if before.type != column.type { what.append("type \(before.type) → \(column.type)") }
            if before.label != column.label { what.append("label \(before.label) → \(column.label)") }
            if before.isRequired != column.isRequired { what.append(column.isRequired ? "now required" : "no longer required") }
            if before.options != column.options { what.append("options " + column.optionTexts.joined(separator: "|")) }
            changes.append(
                what.isEmpty
                    ? Change(kind: .kept, key: column.key, text: describe(column))
                    : Change(kind: .changed, key: column.key, text: what.joined(separator: ", ")))
        }
        for column in old where !new.contains(where: { $0.key == column.key }) {
            changes.append(Change(kind: .removed, key: column.key, text: describe(column)))
        }
        return changes
    }

    static func describe(_ column: ILColumn) -> String {
        "\(column.type) “\(column.label)”" + (column.isRequired ? " required" : "")
    }

    func change(to file: String, _ services: ILServices, _ context: CommandContext) async throws {
        let client = try services.client()
        let listID = id
        async let listAnswer = client.call(.list(listID), as: ILListEnvelope.self)
        async let rowsAnswer = client.allRows(of: listID)
        let list = try await listAnswer.data
        let rows = try await rowsAnswer.compactMap(ILListRow.init(json:))
        var schema = try ILSchemaSource.load(path: file, name: list.title)
        // The {schema} route writes schema.name/description over the list's: send the list's own.
        if var object = schema.objectValue {
            object["name"] = .string(list.title)
            object["description"] = list.description.map { .string($0) } ?? .null
            schema = .object(object)
        }
        let old = ILColumn.of(list)
        let new = ILSchemaCheck.columns(schema)
        let changes = Self.diff(from: old, to: new)
        var withData: [(key: String, rows: [String])] = []
        for change in changes where change.kind == .removed {
            // Oldest first: the server lists rows newest first.
            let holding = rows.reversed().filter { !ILRowValidator.isEmpty($0.cells[change.key]) }.map(\.id)
            if !holding.isEmpty { withData.append((change.key, holding)) }
        }
        let diffText = changes.map { change -> String in
            var line = "\(change.kind.rawValue) \(change.key)  \(change.text)"
            if let held = withData.first(where: { $0.key == change.key }) {
                line += "  — \(held.rows.count) row\(held.rows.count == 1 ? "" : "s") hold data: " + Self.sample(held.rows)
            }
            return line
        }
        context.output.stderr.line("schema of list \(listID) “\(list.title)”:")
        for line in diffText { context.output.stderr.line("  " + line) }
        guard changes.contains(where: { $0.kind != .kept }) else {
            context.output.stderr.line("no change to the columns; nothing was sent")
            return
        }
        if !withData.isEmpty, !force {
            throw FieldOpsError(
                (withData.count == 1 ? "refusing to remove a column that holds data: " : "refusing to remove columns that hold data: ")
                    + withData.map { "\($0.key) (\($0.rows.count) row\($0.rows.count == 1 ? "" : "s"))" }.joined(separator: ", "),
                hint:
                    "export the list first (fieldops il list export \(listID) > backup.csv), then add --force to remove the columns and their cells",
                exitCode: .usage)
        }
        try context.prompter.confirm("change the columns of list \(listID) “\(list.title)”")
        let usesProperties = new.allSatisfy { ILColumn.editableTypes.contains($0.type) && $0.rules.isEmpty && $0.visibility == nil }
        if usesProperties {
            let items: [JSONValue] = new.map { column in
                var item = JSONObject()
                if let id = old.first(where: { $0.key == column.key })?.id { item["id"] = .string(id) }
                item["propertyKey"] = .string(column.key)
                item["propertyName"] = .string(column.label)
                item["propertyType"] = .string(column.type)
                item["isRequired"] = .bool(column.isRequired)
                item["isVisible"] = .bool(column.isVisible)
                return .object(item)
            }
            _ = try await client.send(.updateListProperties(listID, force: force), body: ILJSONBody(["properties": .array(items)]))
        } else {
            _ = try await client.send(.replaceListSchema(listID), body: ILJSONBody(["schema": schema]))
            if !withData.isEmpty {
                context.output.warn(
                    "the cells of the removed columns stay in the rows (the rebuilding route keeps row data); they are no longer shown as columns"
                )
            }
        }
        // The list of lists holds no columns: only the list's own detail is out of date.
        services.invalidate("list-" + listID)
        switch context.output.format {
        case .json: context.output.emit(json: schema)
        case .plain: context.output.stdout.line(listID)
        case .table: context.output.stdout.line("updated the columns of list \(listID): " + Self.summary(changes))
        }
    }

    static func summary(_ changes: [Change]) -> String {
        let counts = [
            (ILColumnChangeWord.added, changes.filter { $0.kind == .added }.count),
            (ILColumnChangeWord.removed, changes.filter { $0.kind == .removed }.count),
            (ILColumnChangeWord.changed, changes.filter { $0.kind == .changed }.count),
        ]
        return counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ")
    }

    static func sample(_ ids: [String]) -> String {
        ids.prefix(5).joined(separator: ", ") + (ids.count > 5 ? ", … (\(ids.count - 5) more)" : "")
    }
}

enum ILColumnChangeWord: String {
    case added, removed, changed
}
