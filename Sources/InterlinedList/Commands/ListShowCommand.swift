import FieldOpsCore
import FoundationEssentials

/// `il list show ID [--where KEY=VALUE…] [--sort KEY [--desc]] [--limit N]`: the list's facts
/// (parent and folder by name), its columns, its sublists, and its rows as a table with one
/// column per schema field in display order.
///
/// Filtering and sorting happen here: the server's row filter is a case-sensitive substring
/// match on string values only, and it ignores `sort` altogether (server notes §1.8).
public struct ListShowCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "show", abstract: "Show a list: its facts, columns, sublists and rows.",
        discussion:
            "--where, --sort and --limit are applied here: the server's row filter is a substring match on text only and it ignores sort.",
        examples: [
            "fieldops il list show l001", "fieldops il list show l001 --where done=false --sort qty --desc --limit 5",
        ],
        options: [
            OptionSpec(
                "where", valueName: "KEY=VALUE", help: "Only rows whose KEY equals VALUE (repeatable; all must match).",
                repeatable: true),
            OptionSpec("sort", valueName: "KEY", help: "Sort the rows by a column (numbers by value, dates by time)."),
            .flag("desc", help: "Sort in descending order."),
            OptionSpec("limit", value: .integer(0...), valueName: "N", help: "Show at most N rows."),
        ] + ILCommandTree.cacheOptions,
        arguments: [ILCommandTree.listArgument])

    public var id: String
    public var filters: [(key: String, value: String)]
    public var sortKey: String?
    public var descending: Bool
    public var limit: Int?
    public var noCache: Bool
    public var refresh: Bool

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il list show needs a list ID") }
        self.id = id
        filters = try invocation.all("where").map { clause in
            guard let equals = clause.firstIndex(of: "="), equals != clause.startIndex else {
                throw FieldOpsError.usage("--where \(clause): expected KEY=VALUE", hint: "for example --where done=false")
            }
            return (String(clause[..<equals]), String(clause[clause.index(after: equals)...]))
        }
        sortKey = invocation.value("sort")
        descending = invocation.flag("desc")
        limit = invocation.integer("limit")
        noCache = invocation.flag("no-cache")
        refresh = invocation.flag("refresh")
    }

    /// A list with its rows, folder and sublists: `{"list", "rows", "folder", "children"}` as the
    /// server sent them (cached and printed by `--json`), and the typed views the tables need.
    public struct Detail: Sendable {
        public var raw: JSONValue
        public var list: ILList
        public var rows: [ILListRow]
        public var folder: ILFolder?
        public var children: [ILList.Reference]

        public init(raw: JSONValue) throws {
            guard let list = raw["list"] else {
                throw ILError.unexpectedResponse(route: "the offline mirror of the list", detail: "no list")
            }
            self.raw = raw
            self.list = try list.decode(ILList.self)
            rows = (raw["rows"]?.arrayValue ?? []).compactMap(ILListRow.init(json:))
            folder = raw["folder"].flatMap { $0.isNull ? nil : try? $0.decode(ILFolder.self) }
            children = (raw["children"]?.arrayValue ?? []).compactMap { try? $0.decode(ILList.Reference.self) }
        }

        /// Fetches it all at once: the list, its rows, the folders (for the folder's name) and
        /// every list (the only route that tells a list's sublists).
        static func fetch(_ listID: String, _ services: ILServices) async throws -> (Data, Detail) {
            let client = try services.client()
            async let listAnswer = client.send(.list(listID))
            async let rows = client.allRows(of: listID)
            async let folders = client.call(.listFolders, as: ILFoldersEnvelope.self)
            async let lists = client.allLists()
            let envelope = try client.parse(try await listAnswer, .list(listID))
            let list = envelope["data"] ?? .null
            let folderID = ParentReference.normalized(list["folderId"]?.stringValue)
            let folder = try await folders.folders.first { $0.id == folderID }
            let children = try await lists.lists.filter { $0.parentListID == listID && $0.id != listID }
            let raw = JSONValue.object(
                JSONObject([
                    ("list", list), ("rows", .array(try await rows)),
                    ("folder", try folder.map { try JSONValue(encoding: $0) } ?? .null),
                    ("children", .array(children.map { .object(JSONObject([("id", .string($0.id)), ("title", .string($0.title))])) })),
                ]))
            return (raw.jsonData(), try Detail(raw: raw))
        }
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let listID = id
        let detail = try await services.reader(noCache: noCache, refresh: refresh, warnings: context.output.stderr).run(
            "list-" + listID,
            decode: { data in try Detail(raw: try JSONValue(parsing: data)) },
            fetch: { try await Detail.fetch(listID, services) }
        ).value
        let columns = ILColumn.of(detail.list)
        let rows = try select(detail.rows, columns: columns)
        if context.output.structured.transformsJSON, context.output.structured.kind != .json {
            // -o csv|ndjson: the records are the rows (as --json holds them), one per line.
            var byID: [String: JSONValue] = [:]
            for row in detail.raw["rows"]?.arrayValue ?? [] { byID[row["id"]?.stringValue ?? ""] = row }
            context.output.emit(json: .array(rows.compactMap { byID[$0.id] }))
            return
        }
        if context.output.format == .json {
            guard filters.isEmpty, sortKey == nil, limit == nil else {
                var raw = detail.raw.objectValue ?? JSONObject()
                var byID: [String: JSONValue] = [:]
                for row in detail.raw["rows"]?.arrayValue ?? [] { byID[row["id"]?.stringValue ?? ""] = row }
                raw["rows"] = .array(rows.compactMap { byID[$0.id] })
                context.output.emit(json: JSONValue.object(raw))
                return
            }
            context.output.emit(json: detail.raw)
            return
        }
        let color = context.output.terminal.colorEnabled
        let list = detail.list
        if context.output.format == .table {
            context.output.stdout.line(Style.bold.apply(list.title, enabled: color) + "  " + Style.dim.apply(list.id, enabled: color))
            if let description = list.description, !description.isEmpty { context.output.stdout.line(description) }
            var facts: [String] = [list.isPublic == true ? "public" : "private"]
            if let parent = list.parentListID {
                facts.append("parent " + (list.parent?.title.map { "\($0) (\(parent))" } ?? parent))
            }
            if let folder = list.folderID {
                facts.append("folder " + (detail.folder.map { "\($0.name) (\(folder))" } ?? folder))
            }
            let count = detail.rows.count
            let shown = rows.count == count ? "\(count) row" + (count == 1 ? "" : "s") : "\(rows.count) of \(count) rows"
            facts.append(shown)
            context.output.stdout.line(facts.joined(separator: " · "))
            if !detail.children.isEmpty {
                context.output.stdout.line("sublists: " + detail.children.map { "\($0.title ?? $0.id) (\($0.id))" }.joined(separator: ", "))
            }
            let properties = list.properties ?? []
            if !properties.isEmpty {
                context.output.stdout.line()
                context.output.stdout.write(ILTables.properties(properties).render(format: .table, color: color))
            }
            context.output.stdout.line()
        }
        context.output.emit(ILTables.rows(rows, properties: list.properties ?? []))
    }

    /// The rows after `--where`, `--sort`/`--desc` and `--limit`, in that order.
    public func select(_ rows: [ILListRow], columns: [ILColumn]) throws -> [ILListRow] {
        let known = Set(columns.map(\.key)).union(rows.flatMap(\.cells.keys))
        for key in filters.map(\.key) + (sortKey.map { [$0] } ?? []) where !known.contains(key) && !columns.isEmpty {
            throw FieldOpsError.usage(
                "\(key): not a column of list \(id)" + ILRowInput.suggestion(key, columns),
                hint: "columns: " + columns.map(\.key).joined(separator: ", "))
        }
        var selected = rows.filter { row in filters.allSatisfy { ILCell.matches(row.cells[$0.key], $0.value) } }
        if let sortKey {
            let column = columns.first { $0.key == sortKey }
            selected = ILRowOrder.sorted(selected, by: sortKey, type: column?.type ?? "text", descending: descending)
        }
        if let limit { selected = Array(selected.prefix(limit)) }
        return selected
    }
}

/// Sorting rows by one cell, typed by the column: numbers by value, dates by instant, booleans
/// false before true, text case-insensitively. Rows without a value come last either way.
public enum ILRowOrder {
    enum Key: Comparable {
        case number(Double)
        case text(String)
    }

    public static func sorted(_ rows: [ILListRow], by key: String, type: String, descending: Bool) -> [ILListRow] {
        let keyed = rows.enumerated().map { (offset: $0.offset, row: $0.element, key: sortKey($0.element.cells[key], type)) }
        return keyed.sorted { left, right in
            switch (left.key, right.key) {
            case (nil, nil): return left.offset < right.offset
            case (nil, _): return false
            case (_, nil): return true
            case (let a?, let b?):
                if a == b { return left.offset < right.offset }
                return descending ? a > b : a < b
            }
        }.map(\.row)
    }

    static func sortKey(_ value: JSONValue?, _ type: String) -> Key? {
        guard let value, !ILRowValidator.isEmpty(value) else { return nil }
        switch type {
        case "number":
            if let number = ILRowValidator.numeric(value) { return .number(number) }
        case "date", "datetime":
            if let seconds = ILDateValue.seconds(value) { return .number(seconds) }
        case "boolean":
            if let flag = value.boolValue { return .number(flag ? 1 : 0) }
        default:
            if case .number(let number) = value, let double = number.double { return .number(double) }
        }
        return .text(ILCell.text(value).lowercased())
    }
}
