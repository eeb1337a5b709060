import FieldOpsCore
import FoundationEssentials

/// `il list create TITLE [--parent ID] [--folder ID] [--description D] [--public] [--schema FILE | --column SPEC…]`.
///
/// The schema is the server's JSON DSL object, checked here with the server's rules. `POST`
/// ignores `folderId`, so a list is filed with a `PUT` right after it is created.
public struct ListCreateCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "create", abstract: "Create a list, with columns from --schema FILE or --column specs.",
        discussion: """
            The schema is the server's JSON object {name, fields:[{key, type, label, required?, options?, validation?}]}, \
            from a YAML or JSON file, or built from --column KEY:TYPE[=OPT|OPT…][:LABEL][:required]. \
            Types: text, number, date, datetime, boolean, select, multiselect, textarea, email, url, tel, priority. \
            It is checked with the server's rules before anything is sent.
            """,
        examples: [
            "fieldops il list create 'Hand tools' --parent l005 --description 'for crew B'",
            "fieldops il list create Ladders --folder lf1 --column name:text:Name:required --column height:number --column checked:boolean",
            "fieldops il list create Punch --schema punch.yaml",
        ],
        options: [
            OptionSpec("parent", value: .dynamic(ILCommandTree.listSource), valueName: "ID", help: "The parent list."),
            OptionSpec("folder", valueName: "ID", help: "The list folder to file it in."),
            OptionSpec("description", valueName: "TEXT", help: "A description."),
            .flag("public", help: "Visible to everyone."),
            OptionSpec(
                "schema", value: .file, valueName: "FILE", help: "The columns, as the server's DSL object in YAML or JSON."),
            OptionSpec(
                "column", valueName: "KEY:TYPE[:LABEL][:required]",
                help: "A column (repeatable); select options as TYPE=a|b|c.", repeatable: true),
        ],
        arguments: [ArgumentSpec("TITLE", help: "The list's title.")])

    public var body: JSONObject
    public var folderID: String?

    public init(_ invocation: Invocation) throws {
        guard let title = invocation.value("TITLE"), !title.trimmingSpaces().isEmpty else {
            throw FieldOpsError.usage("il list create needs a TITLE")
        }
        var body = JSONObject([("title", .string(title))])
        if let description = invocation.value("description"), !description.isEmpty { body["description"] = .string(description) }
        if let parent = ListEditCommand.reference(invocation.value("parent")), case .string = parent { body["parentId"] = parent }
        if invocation.flag("public") { body["isPublic"] = .bool(true) }
        let columns = invocation.all("column")
        if let file = invocation.value("schema") {
            guard columns.isEmpty else { throw FieldOpsError.usage("il list create takes --schema FILE or --column specs, not both") }
            body["schema"] = try ILSchemaSource.load(path: file, name: title)
        } else if !columns.isEmpty {
            body["schema"] = try ILSchemaSource.columns(columns, name: title)
        }
        self.body = body
        folderID = invocation.value("folder").flatMap { $0.isEmpty || $0 == "root" ? nil : $0 }
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        var created = try await client.call(.createList, body: ILJSONBody(.object(body)), as: ILCreated<ILList>.self).data
        if let folderID {
            let filing = ILJSONBody(["folderId": .string(folderID)])
            do {
                created = try await client.call(.updateList(created.id), body: filing, as: ILCreated<ILList>.self).data
            } catch {
                services.record { [created] in $0.saved(list: created) }
                context.output.warn("list \(created.id) was created at the root: filing it in folder \(folderID) failed")
                throw error
            }
        }
        services.record { [created] in $0.saved(list: created) }
        switch context.output.format {
        case .json: try context.output.emitJSON(created)
        case .plain: context.output.stdout.line(created.id)
        case .table:
            var placement = created.parentListID.map { " under \($0)" } ?? ""
            if let folder = created.folderID { placement += " in folder \(folder)" }
            let columns = created.properties?.count ?? 0
            context.output.stdout.line(
                "created list \(created.id) “\(created.title)”" + placement + (columns > 0 ? " with \(columns) columns" : ""))
        }
    }
}

/// `il list edit ID [--title T] [--description D] [--public|--private] [--parent ID|root] [--folder ID|root]`:
/// a `PUT` with only the keys given; root is sent as `null` (the server reads `""` as an id).
public struct ListEditCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "edit", abstract: "Change a list's title, description, visibility, parent or folder.",
        examples: [
            "fieldops il list edit l004 --title 'Non fiction' --public",
            "fieldops il list edit l004 --parent root --folder lf1",
        ],
        options: [
            OptionSpec("title", valueName: "TEXT", help: "The new title."),
            OptionSpec("description", valueName: "TEXT", help: "The new description (\"\" clears it)."),
            .flag("public", help: "Make it public."),
            .flag("private", help: "Make it private."),
            OptionSpec(
                "parent", value: .dynamic(ILCommandTree.listSource), valueName: "ID|root",
                help: "Move it under another list, or to the root."),
            OptionSpec("folder", valueName: "ID|root", help: "File it in a folder, or at the root."),
        ],
        arguments: [ILCommandTree.listArgument])

    public var id: String
    public var body: JSONObject

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il list edit needs a list ID") }
        self.id = id
        var body = JSONObject()
        if let title = invocation.value("title") {
            guard !title.trimmingSpaces().isEmpty else {
                throw FieldOpsError.usage(
                    "--title must not be empty", hint: "the server would accept an empty title and the list would have no name")
            }
            body["title"] = .string(title)
        }
        if let description = invocation.value("description") { body["description"] = description.isEmpty ? .null : .string(description) }
        switch (invocation.flag("public"), invocation.flag("private")) {
        case (true, true): throw FieldOpsError.usage("il list edit takes --public or --private, not both")
        case (true, false): body["isPublic"] = .bool(true)
        case (false, true): body["isPublic"] = .bool(false)
        case (false, false): break
        }
        if let parent = Self.reference(invocation.value("parent")) {
            // The server accepts a list as its own parent (server notes §1.4); nothing good comes of it.
            if parent == .string(id) { throw FieldOpsError.usage("a list cannot be its own parent (\(id))") }
            body["parentId"] = parent
        }
        if let folder = Self.reference(invocation.value("folder")) { body["folderId"] = folder }
        guard !body.isEmpty else {
            throw FieldOpsError.usage(
                "il list edit \(id): nothing to change", hint: "give --title, --description, --public/--private, --parent or --folder")
        }
        self.body = body
    }

    /// `root` (or an empty value) is `null`; anything else is an id.
    static func reference(_ value: String?) -> JSONValue? {
        guard let value else { return nil }
        return value.isEmpty || value == "root" ? .null : .string(value)
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let updated = try await services.client().call(.updateList(id), body: ILJSONBody(.object(body)), as: ILCreated<ILList>.self).data
        services.record { $0.saved(list: updated, changed: body) }
        switch context.output.format {
        case .json: try context.output.emitJSON(updated)
        case .plain: context.output.stdout.line(updated.id)
        case .table: context.output.stdout.line("updated list \(updated.id) “\(updated.title)”")
        }
    }
}

/// `il list delete ID`: the server deletes the list and its rows for good (no trash), and moves
/// its sublists to the root, so the question says how many of each before anything happens.
public struct ListDeleteCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "delete",
        abstract: "Delete a list and its rows for good (its sublists move to the root; type its id to confirm; --yes off a terminal).",
        discussion:
            "The question states how many rows go with it and how many sublists move; on a terminal you type the list id, elsewhere pass --yes.",
        examples: ["fieldops il list delete l008", "fieldops --yes il list delete l008"],
        arguments: [ILCommandTree.listArgument])

    public var id: String

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il list delete needs a list ID") }
        self.id = id
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        let listID = id
        async let listAnswer = client.call(.list(listID), as: ILListEnvelope.self)
        let countRows = ILEndpoint.listRows(listID, limit: 1, offset: 0)
        async let rowAnswer = client.send(countRows)
        async let lists = client.allLists()
        let list = try await listAnswer.data
        let rowPage = try client.parse(try await rowAnswer, countRows)
        let rows = Int(clamping: rowPage["pagination"]?["total"]?.int64Value ?? 0)
        let sublists = try await lists.lists.filter { $0.parentListID == listID && $0.id != listID }.count
        let question =
            "delete list \(listID) “\(list.title)” for good: its \(rows) row\(rows == 1 ? "" : "s") are deleted with it"
            + (sublists > 0 ? " and its \(sublists) sublist\(sublists == 1 ? "" : "s") move to the root" : "")
        try context.prompter.confirm(question, typing: listID)
        _ = try await client.send(.deleteList(listID))
        services.record { $0.deleted(listID: listID) }
        switch context.output.format {
        case .json: try context.output.emitJSON(["deleted": listID])
        case .plain: context.output.stdout.line(listID)
        case .table:
            context.output.stdout.line(
                "deleted list \(listID) “\(list.title)” and \(rows) row\(rows == 1 ? "" : "s")"
                    + (sublists > 0 ? "; \(sublists) sublist\(sublists == 1 ? "" : "s") moved to the root" : ""))
        }
    }
}

/// `il list search QUERY`: title or description, case-insensitive, newest change first.
public struct ListSearchCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "search", abstract: "Find your lists by title or description.",
        examples: ["fieldops il list search groc"],
        arguments: [ArgumentSpec("QUERY", help: "Text to look for (case-insensitive).")])

    public var query: String

    public init(_ invocation: Invocation) throws {
        query = try ILClient.searchQuery(invocation, command: "il list search")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let query = self.query
        let found = try await MirrorQueries.live(
            services, context.output,
            {
                try await services.client().allPages("lists") { ILEndpoint.searchLists(query, limit: $0, offset: $1) }
            },
            offline: { mirror in
                // The server's rule: a case-insensitive substring of title or description, newest change first.
                guard let (lists, savedAt) = MirrorQueries.lists(mirror) else { return nil }
                let needle = query.lowercased()
                let hits = lists.filter { $0.title.lowercased().contains(needle) || ($0.description ?? "").lowercased().contains(needle) }
                    .sorted { ($0.updatedAt ?? "") > ($1.updatedAt ?? "") }
                let items: [JSONValue] = hits.map { list in
                    let rows = MirrorQueries.detail(mirror, list.id).map { JSONValue.number(JSONNumber($0.0.rows.count)) } ?? .null
                    return .object(
                        JSONObject([
                            ("id", .string(list.id)), ("title", .string(list.title)),
                            ("description", list.description.map { .string($0) } ?? .null),
                            ("updatedAt", list.updatedAt.map { .string($0) } ?? .null), ("itemCount", rows),
                        ]))
                }
                return (items, savedAt)
            })
        switch context.output.format {
        case .json:
            context.output.emit(json: JSONValue.array(found))
        case .table, .plain:
            if found.isEmpty {
                context.output.sayEmpty("no list matches “\(query)”")
                return
            }
            var table = Table(columns: [
                Table.Column("id"), Table.Column("title"), Table.Column("rows", alignment: .right), Table.Column("updated"),
            ])
            for item in found {
                table.append([
                    item["id"]?.stringValue ?? "", item["title"]?.stringValue ?? "", item["itemCount"].map(ILCell.text) ?? "",
                    item["updatedAt"]?.stringValue.map { RelativeTime.describe(iso: $0, now: services.now) } ?? "",
                ])
            }
            context.output.emit(table)
        }
    }
}

/// `il list export ID [-o csv|json|ndjson] [--fields KEYS]`: the rows as CSV by default — `id`,
/// then the column keys in display order, then any keys the schema does not name, each cell as
/// `il row add --from` reads it back — or with `-o json|ndjson` the rows as the server sends them.
///
/// The CSV is the core's `-o csv` rendering (one CSV writer for every command) of one record per
/// row that holds every column as text, so the columns never depend on which row has which key,
/// and an empty list still gets its header: a template to fill in and import.
public struct ListExportCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "export", abstract: "Write a list's rows as CSV (RFC 4180), or the server's rows with -o json|ndjson.",
        discussion: """
            The CSV has a header row: id, the column keys in display order, then any keys the schema does not name;                             every row has every column, each cell written the way il row add --set and --from read it. --fields picks and orders the columns.
            """,
        examples: [
            "fieldops il list export l001 > groceries.csv", "fieldops il list export l001 -o csv --fields item,qty",
            "fieldops il list export l001 -o json",
        ],
        arguments: [ILCommandTree.listArgument])

    public var id: String

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il list export needs a list ID") }
        self.id = id
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let listID = id
        let detail = try await services.reader(noCache: false, refresh: true, warnings: context.output.stderr).run(
            "list-" + listID,
            decode: { data in try ListShowCommand.Detail(raw: try JSONValue(parsing: data)) },
            fetch: { try await ListShowCommand.Detail.fetch(listID, services) }
        ).value
        switch context.output.structured.kind {
        case .json, .ndjson:
            context.output.emit(json: JSONValue.array(detail.raw["rows"]?.arrayValue ?? []))
        case .csv, .table, .plain:
            let (columns, records) = Self.records(detail)
            if ILColumn.of(detail.list).contains(where: { $0.key == "id" }) || detail.rows.contains(where: { $0.cells["id"] != nil }) {
                context.output.warn(
                    "the cells under the key id are not in the CSV (its id column is the row's id); fieldops il list export \(listID) -o json has them"
                )
            }
            let csv = StructuredOutput(kind: .csv, fields: context.output.structured.fields ?? columns)
            context.output.stdout.write(bytes: try csv.render(.array(records)))
        }
    }

    /// The export's columns and one record per row with every column, as text.
    static func records(_ detail: ListShowCommand.Detail) -> (columns: [String], records: [JSONValue]) {
        var keys = ILColumn.of(detail.list).map(\.key)
        // `id` is the row's own id; a cell under that key cannot have a column of the same name.
        var known: Set<String> = ["id"]
        keys.removeAll { !known.insert($0).inserted }
        for row in detail.rows {
            for key in row.cells.keys where known.insert(key).inserted { keys.append(key) }
        }
        let records = detail.rows.map { row in
            JSONValue.object(JSONObject([("id", .string(row.id))] + keys.map { ($0, .string(row.cells[$0].map(ILCell.text) ?? "")) }))
        }
        return (["id"] + keys, records)
    }
}
