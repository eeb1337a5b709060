import FieldOpsCore
import FoundationEssentials

/// The list's columns, read once per row command (a list without a schema has none).
func listColumns(_ client: ILClient, _ listID: String) async throws -> (ILList, [ILColumn]) {
    let list = try await client.call(.list(listID), as: ILListEnvelope.self).data
    return (list, ILColumn.of(list))
}

/// `il row add LIST --set KEY=VALUE…` or `il row add LIST --from FILE`.
///
/// Every row is typed and checked here first; with `--from`, one bad row anywhere means nothing
/// is sent. Rows then go up in bulk requests of at most 1,000 (the server answers 500 past
/// that), and because a bulk answer holds only a count, the new ids are read back afterwards.
public struct RowAddCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "add", abstract: "Add a row (--set), or many from a CSV or JSON-lines file (--from).",
        discussion: """
            Values are typed by the column: numbers as numbers, booleans as true/false, multiselect as a,b. \
            With --from every row is checked first and nothing is sent while any is invalid (errors as FILE:LINE: column: message); \
            then the rows go up in requests of at most 1,000 and their new ids are printed.
            """,
        examples: ["fieldops il row add l001 --set item=Tea --set qty=2", "fieldops il row add l001 --from groceries.csv"],
        options: [
            ILCommandTree.cellOption,
            OptionSpec(
                "from", value: .file, valueName: "FILE", help: "A CSV file with a header row, or JSON lines (- for stdin)."),
        ],
        arguments: [ILCommandTree.rowListArgument])

    public var listID: String
    public var sets: [String]
    public var file: String?

    /// The server's bulk limit (`POST /api/lists/{id}/data` with more → 500).
    public static let bulkLimit = 1_000

    public init(_ invocation: Invocation) throws {
        guard let listID = invocation.value("LIST"), !listID.isEmpty else { throw FieldOpsError.usage("il row add needs a LIST id") }
        self.listID = listID
        sets = invocation.all("set")
        file = invocation.value("from")
        switch (sets.isEmpty, file) {
        case (true, nil): throw FieldOpsError.usage("il row add needs --set KEY=VALUE… or --from FILE")
        case (false, _?): throw FieldOpsError.usage("il row add takes --set or --from, not both")
        default: break
        }
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        if let file { return try await importRows(file, client: client, services, context) }
        let (list, columns) = try await listColumns(client, listID)
        let data = try ILRowInput.apply(sets: sets, to: JSONObject(), columns: columns)
        try ILRowInput.check(data, columns: columns, what: "il row add \(listID)")
        let answer = try client.parse(
            try await client.send(.createRows(listID), body: ILJSONBody(["data": .object(data)])), .createRows(listID))
        let row = answer["data"] ?? .null
        services.record { $0.saved(rows: [row], inList: listID) }
        let id = row["id"]?.stringValue ?? ""
        switch context.output.format {
        case .json: context.output.emit(json: row)
        case .plain: context.output.stdout.line(id)
        case .table: context.output.stdout.line("added row \(id) to list \(listID) “\(list.title)”")
        }
    }

    /// One bulk request's body, written once (a retry sends the same bytes).
    static func bulkBody(_ chunk: ArraySlice<ILRowImport.Row>) -> ILEncodedJSONBody {
        ILEncodedJSONBody(JSONValue.object(["bulk": .bool(true), "data": .array(chunk.map { .object($0.data) })]).jsonData())
    }

    func importRows(_ file: String, client: ILClient, _ services: ILServices, _ context: CommandContext) async throws {
        try await RowImportRun(listID: listID, file: file, updatesOnly: false).run(client: client, services, context)
    }
}

/// `il row add --from` and `il row edit --from`: a file's rows checked, then sent — rows with an
/// id (the `id` column `il list export` writes) update those rows, rows without one are added
/// (`row edit --from` takes only rows with ids). So an export imports back unchanged: rows whose
/// cells are what the list already holds are not sent at all.
struct RowImportRun: Sendable {
    var listID: String
    var file: String
    var updatesOnly: Bool

    func run(client: ILClient, _ services: ILServices, _ context: CommandContext) async throws {
        // The rows already there are read beside the list and while the file is checked (a read
        // sends nothing, so a bad file or a missing list still means nothing was sent; the read
        // is then cancelled, and the list's own error is the one reported).
        // The file is read and split into records meanwhile too; typing and checking its rows
        // wait for the list's columns.
        let (listID, file) = (self.listID, self.file)
        async let existing = client.allRows(of: listID)
        async let fileSource = file == "-" ? nil : ILRowImport.Source(path: file)
        let (list, columns) = try await listColumns(client, listID)
        let source =
            if let read = try await fileSource {
                read
            } else {
                ILRowImport.Source(text: String(decoding: context.stdin.readAll(), as: UTF8.self), name: "stdin", path: "-")
            }
        var parsed = ILRowImport.check(source, columns: columns)
        let rowsBefore = try await existing
        let current = Dictionary(
            rowsBefore.compactMap { row in row["id"]?.stringValue.map { ($0, row["rowData"]?.objectValue ?? JSONObject()) } },
            uniquingKeysWith: { first, _ in first })
        for row in parsed.rows {
            if let id = row.id, current[id] == nil {
                parsed.problems.append(
                    ILRowImport.Problem(file: file, line: row.line, column: "id", message: "no row \(id) in list \(listID)"))
            } else if row.id == nil, updatesOnly {
                parsed.problems.append(
                    ILRowImport.Problem(
                        file: file, line: row.line, column: "id",
                        message: "no row id (il row edit --from updates rows; new rows go in with il row add --from)"))
            }
        }
        try Self.refuse(parsed.problems, file: file, listID: listID)
        guard !parsed.rows.isEmpty else {
            context.output.stderr.line("\(file) holds no rows; nothing was sent")
            return
        }
        let changed = parsed.rows.filter { row in row.id.map { !Self.same(current[$0] ?? JSONObject(), row.data) } ?? false }
        let unchanged = parsed.rows.filter { $0.id != nil }.count - changed.count
        let additions = parsed.rows.filter { $0.id == nil }
        var updated: [JSONValue] = []
        for row in changed {
            guard let id = row.id else { continue }
            do {
                let answer = try client.parse(
                    try await client.send(.updateRow(listID, id), body: ILJSONBody(["data": .object(row.data)])), .updateRow(listID, id))
                updated.append(answer["data"] ?? .object(["id": .string(id)]))
            } catch {
                services.invalidate("list-" + listID)
                guard !updated.isEmpty else { throw error }
                throw FieldOpsError(
                    "updated \(updated.count) of \(Noun.count(changed.count, "row")) of list \(listID); \(file):\(row.line) (row \(id)) and the rows after it were not sent",
                    details: [error.summaryText],
                    hint: "run it again once the cause is fixed: rows already updated are left as they are", exitCode: .partialFailure)
            }
        }
        let added = try await add(additions, before: Set(current.keys), expected: rowsBefore.count, client: client, services)
        // The mirror's copy of the list takes the rows as the server now has them (completion
        // and offline reads see them at once); an answer without ids drops the copy instead.
        let written = added + updated
        if written.allSatisfy({ $0["id"] != nil && $0["rowData"] != nil }) {
            if !written.isEmpty { services.record { $0.saved(rows: written, inList: listID) } }
        } else {
            services.invalidate("list-" + listID)
        }
        switch context.output.format {
        case .json: context.output.emit(json: JSONValue.array(written))
        case .plain:
            // One write, not 2,500.
            context.output.stdout.write(written.map { ($0["id"]?.stringValue ?? "") + "\n" }.joined())
        case .table:
            let ids = added.compactMap { $0["id"]?.stringValue }
            let idRange = ids.isEmpty ? "" : " (ids \(ids.first ?? "") … \(ids.last ?? ""))"
            if changed.isEmpty, unchanged == 0 {
                context.output.stdout.line("added \(Noun.count(additions.count, "row")) to list \(listID) “\(list.title)”" + idRange)
                return
            }
            var parts: [String] = []
            if !additions.isEmpty { parts.append("added \(Noun.count(additions.count, "row"))" + idRange) }
            if !changed.isEmpty { parts.append("updated \(Noun.count(changed.count, "row"))") }
            if unchanged > 0 { parts.append("\(Noun.count(unchanged, "row")) already as in the file") }
            context.output.stdout.line("list \(listID) “\(list.title)”: " + parts.joined(separator: ", "))
        }
    }

    /// The file's problems, if any, as one refusal: nothing is sent. The header's line is said
    /// as the header, not counted as a row.
    static func refuse(_ problems: [ILRowImport.Problem], file: String, listID: String) throws {
        guard !problems.isEmpty else { return }
        let shown = problems.prefix(20).map(\.description)
        let more = problems.count > 20 ? ["… and \(problems.count - 20) more"] : []
        let headerLine = problems.map(\.line).min() == 1 && problems.contains { $0.line == 1 && $0.column != nil }
        let badRows = Set(problems.map(\.line).filter { !(headerLine && $0 == 1) }).count
        var what: [String] = []
        if headerLine { what.append("the header") }
        if badRows > 0 { what.append(Noun.count(badRows, "row")) }
        let verb = what.count == 1 && badRows <= 1 ? "does" : "do"
        throw FieldOpsError(
            "\(what.joined(separator: " and ")) of \(file) \(verb) not pass the rules of list \(listID); nothing was sent",
            details: shown + more, hint: "fix those lines and run it again; see the columns: fieldops il list schema \(listID)",
            exitCode: .usage)
    }

    /// Whether a row already holds these cells (empty and null cells count as absent).
    static func same(_ current: JSONObject, _ new: JSONObject) -> Bool {
        func meaningful(_ object: JSONObject) -> [String: JSONValue] {
            var members: [String: JSONValue] = [:]
            for member in object {
                if case .null = member.value { continue }
                if member.value.stringValue == "" { continue }
                members[member.key] = member.value
            }
            return members
        }
        let (old, fresh) = (meaningful(current), meaningful(new))
        return old.count == fresh.count
            && old.allSatisfy { key, value in fresh[key].map { ILCell.text($0) == ILCell.text(value) } ?? false }
    }

    /// The new rows, sent in bulk requests of at most 1,000, then read back for their ids.
    func add(_ rows: [ILRowImport.Row], before: Set<String>, expected: Int, client: ILClient, _ services: ILServices) async throws
        -> [JSONValue]
    {
        guard !rows.isEmpty else { return [] }
        let (listID, file) = (self.listID, self.file)
        var sent = 0
        let chunks = stride(from: 0, to: rows.count, by: RowAddCommand.bulkLimit).map {
            rows[$0..<min($0 + RowAddCommand.bulkLimit, rows.count)]
        }
        var body = RowAddCommand.bulkBody(chunks[0])
        for (index, chunk) in chunks.enumerated() {
            // The next chunk's body is written while this one is in flight.
            async let nextBody = index + 1 < chunks.count ? RowAddCommand.bulkBody(chunks[index + 1]) : nil
            do {
                _ = try await client.send(.createRows(listID), body: body)
                if let next = await nextBody { body = next }
            } catch {
                services.invalidate("list-" + listID)
                guard sent > 0 else { throw error }
                let first = chunk.first?.line ?? 0
                throw FieldOpsError(
                    "added \(sent) of \(Noun.count(rows.count, "row")) to list \(listID); the rows from \(file):\(first) on were not added",
                    details: [error.summaryText],
                    hint: "the first \(sent) rows are in the list; remove them from the file (or the list) before running it again",
                    exitCode: .partialFailure)
            }
            sent += chunk.count
        }
        // The bulk answer is only a count: the new rows are the ones that were not there before.
        // How many there should be is known, so their pages are read at once.
        let after = try await client.allRows(of: listID, expecting: expected + sent)
        return after.filter { !before.contains($0["id"]?.stringValue ?? "") }.reversed()
    }
}

/// `il row edit LIST ROW --set KEY=VALUE… [--unset KEY…]`: the server's PUT replaces the whole
/// row, so the row is read, the changes merged into it, and the merged row written back.
public struct RowEditCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "edit", abstract: "Change cells of a row, keeping the others (read, merge, write); or many rows from a file (--from).",
        discussion: """
            With --from FILE (CSV with a header row, or JSON lines, as il list export writes them) every row names the row it \
            replaces in its id column; rows that already hold those cells are not sent, and nothing is sent while any row is invalid.
            """,
        examples: [
            "fieldops il row edit l001 r002 --set done=true", "fieldops il row edit l001 r002 --unset qty",
            "fieldops il row edit l001 --from groceries.csv",
        ],
        options: [
            ILCommandTree.cellOption, OptionSpec("unset", valueName: "KEY", help: "Remove a cell (repeatable).", repeatable: true),
            OptionSpec(
                "from", value: .file, valueName: "FILE",
                help: "Replace the rows a CSV or JSON-lines file names by id (as il list export writes it; - for stdin)."),
        ],
        arguments: [ILCommandTree.rowListArgument, ILCommandTree.optionalRowArgument])

    public var listID: String
    public var rowID: String
    public var sets: [String]
    public var unsets: [String]
    public var file: String?

    public init(_ invocation: Invocation) throws {
        guard let listID = invocation.value("LIST"), !listID.isEmpty else { throw FieldOpsError.usage("il row edit needs a LIST id") }
        self.listID = listID
        rowID = invocation.value("ROW") ?? ""
        sets = invocation.all("set")
        unsets = invocation.all("unset")
        file = invocation.value("from")
        if file != nil {
            guard rowID.isEmpty, sets.isEmpty, unsets.isEmpty else {
                throw FieldOpsError.usage("il row edit takes either --from FILE or a ROW with --set/--unset, not both")
            }
            return
        }
        guard !rowID.isEmpty else {
            throw FieldOpsError(usage: UsageError(.missingArgument("ROW"), commandWords: invocation.commandWords))
        }
        guard !sets.isEmpty || !unsets.isEmpty else {
            throw FieldOpsError.usage("il row edit needs --set KEY=VALUE or --unset KEY (or --from FILE)")
        }
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        if let file {
            return try await RowImportRun(listID: listID, file: file, updatesOnly: true).run(client: client, services, context)
        }
        let listID = listID
        let rowID = rowID
        async let columnsAnswer = listColumns(client, listID)
        // GET first: a PUT on a row that does not exist is a 500 on this server, not a 404.
        async let rowAnswer = client.send(.row(listID, rowID))
        let (_, columns) = try await columnsAnswer
        let current = try client.parse(try await rowAnswer, .row(listID, rowID))["data"]?["rowData"]?.objectValue ?? JSONObject()
        let merged = try ILRowInput.apply(sets: sets, unsets: unsets, to: current, columns: columns)
        try ILRowInput.check(merged, columns: columns, what: "il row edit \(listID) \(rowID)")
        let answer = try client.parse(
            try await client.send(.updateRow(listID, rowID), body: ILJSONBody(["data": .object(merged)])),
            .updateRow(listID, rowID))
        if let row = answer["data"], row["id"] != nil {
            services.record { $0.saved(rows: [row], inList: listID) }
        } else {
            services.invalidate("list-" + listID)
        }
        switch context.output.format {
        case .json: context.output.emit(json: (answer["data"] ?? .null))
        case .plain: context.output.stdout.line(rowID)
        case .table: context.output.stdout.line("updated row \(rowID) of list \(listID)")
        }
    }
}

/// `il row delete LIST ROW…`: each row is checked first (the server answers 200 for any id,
/// there or not), then soft-deleted; there is no undelete.
public struct RowDeleteCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "delete", abstract: "Delete rows (asks first; --yes off a terminal).",
        examples: ["fieldops --yes il row delete l001 r002 r003"],
        arguments: [
            ILCommandTree.rowListArgument, ArgumentSpec("ROW", help: "Row ids.", value: .dynamic(ILCommandTree.rowSource), variadic: true),
        ])

    public var listID: String
    public var rowIDs: [String]

    public init(_ invocation: Invocation) throws {
        guard let listID = invocation.value("LIST"), !listID.isEmpty else { throw FieldOpsError.usage("il row delete needs a LIST id") }
        let rows = invocation.all("ROW")
        guard !rows.isEmpty else { throw FieldOpsError.usage("il row delete needs at least one ROW id") }
        self.listID = listID
        rowIDs = rows
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        var missing: [String] = []
        for rowID in rowIDs {
            do {
                _ = try await client.send(.row(listID, rowID))
            } catch let error as ILError where error.isNotFound {
                missing.append(rowID)
            }
        }
        if missing.count == rowIDs.count {
            throw FieldOpsError(
                "no row \(missing.joined(separator: ", ")) in list \(listID)",
                hint: "see the rows and their ids: fieldops il list show \(listID)")
        }
        let present = rowIDs.filter { !missing.contains($0) }
        try context.prompter.confirm(
            "delete \(present.count) row\(present.count == 1 ? "" : "s") from list \(listID) (there is no undelete)")
        for rowID in present {
            _ = try await client.send(.deleteRow(listID, rowID))
        }
        services.record { $0.deleted(rows: present, inList: listID) }
        switch context.output.format {
        case .json: try context.output.emitJSON(["deleted": present, "missing": missing])
        case .plain: for id in present { context.output.stdout.line(id) }
        case .table: context.output.stdout.line("deleted \(present.count) row\(present.count == 1 ? "" : "s") from list \(listID)")
        }
        if !missing.isEmpty {
            throw FieldOpsError(
                "no row \(missing.joined(separator: ", ")) in list \(listID); the others were deleted", exitCode: .partialFailure)
        }
    }
}

/// `il row show LIST ROW`: one row, a line per column (label, key, value), then stray keys.
public struct RowShowCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "show", abstract: "Show one row, a line per column.",
        examples: ["fieldops il row show l001 r002"],
        arguments: [ILCommandTree.rowListArgument, ILCommandTree.rowArgument])

    public var listID: String
    public var rowID: String

    public init(_ invocation: Invocation) throws {
        guard let listID = invocation.value("LIST"), !listID.isEmpty, let rowID = invocation.value("ROW"), !rowID.isEmpty else {
            throw FieldOpsError.usage("il row show needs a LIST id and a ROW id")
        }
        self.listID = listID
        self.rowID = rowID
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let listID = listID
        let rowID = rowID
        let (row, columns) = try await MirrorQueries.live(
            services, context.output,
            {
                let client = try services.client()
                async let columnsAnswer = listColumns(client, listID)
                async let rowAnswer = client.send(.row(listID, rowID))
                let row = try client.parse(try await rowAnswer, .row(listID, rowID))["data"] ?? .null
                return (row, try await columnsAnswer.1)
            },
            offline: { mirror in
                guard let (detail, savedAt) = MirrorQueries.detail(mirror, listID),
                    let row = (detail.raw["rows"]?.arrayValue ?? []).first(where: { $0["id"]?.stringValue == rowID })
                else { return nil }
                return ((row, ILColumn.of(detail.list)), savedAt)
            })
        if context.output.format == .json {
            context.output.emit(json: row)
            return
        }
        let cells = row["rowData"]?.objectValue ?? JSONObject()
        var table = Table("column", "key", "value")
        for column in columns {
            table.append([column.label, column.key, cells[column.key].map(ILCell.text) ?? ""])
        }
        for key in cells.keys where !columns.contains(where: { $0.key == key }) {
            table.append([key, key, cells[key].map(ILCell.text) ?? ""])
        }
        context.output.emit(table)
    }
}
