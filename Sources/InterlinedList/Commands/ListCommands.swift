import FieldOpsCore
import Foundation

/// `il lists [--tree]`: every list, flat or as a tree with the folders.
public struct ListsCommand: Sendable {
    public var tree: Bool
    public var noCache: Bool
    public var refresh: Bool

    public init(_ invocation: Invocation) {
        tree = invocation.flag("tree")
        noCache = invocation.flag("no-cache")
        refresh = invocation.flag("refresh")
    }

    public func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        let reader = runtime.reader(noCache: noCache, refresh: refresh)
        // The folders are read beside the lists (both from the cache, or both over the network at once).
        async let folderRead = tree ? Self.folders(reader, runtime) : []
        let lists = try await reader.run(
            "lists", decode: ListRecordCodec.decode,
            fetch: {
                let lists = try await runtime.client().allLists().lists
                return (ListRecordCodec.encode(lists), lists)
            }).value
        guard tree else {
            switch runtime.format {
            case .json: try runtime.printJSON(lists)
            case .table, .plain: runtime.stdout.write(ILTables.lists(lists).render(format: runtime.format, color: runtime.terminal.colorEnabled))
            }
            return
        }
        let built = ListTree(lists: lists, folders: try await folderRead)
        for warning in built.warnings { runtime.warn(warning) }
        switch runtime.format {
        case .json: try runtime.printJSON(built.jsonRoots)
        case .table, .plain: runtime.stdout.write(built.render(color: runtime.terminal.colorEnabled))
        }
    }

    static func folders(_ reader: CachedRead, _ runtime: ILRuntime) async throws -> [ILFolder] {
        try await reader.run("folders") { try await runtime.client().call(.listFolders, as: ILFoldersEnvelope.self) }.value.folders
    }
}

/// `il folders`: the list folders, flat.
public struct FoldersCommand: Sendable {
    public var noCache: Bool
    public var refresh: Bool

    public init(_ invocation: Invocation) {
        noCache = invocation.flag("no-cache")
        refresh = invocation.flag("refresh")
    }

    public func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        let folders = try await runtime.reader(noCache: noCache, refresh: refresh)
            .run("folders") { try await runtime.client().call(.listFolders, as: ILFoldersEnvelope.self) }.value.folders
        switch runtime.format {
        case .json: try runtime.printJSON(folders)
        case .table, .plain: runtime.stdout.write(ILTables.folders(folders).render(format: runtime.format, color: runtime.terminal.colorEnabled))
        }
    }
}

/// `il list show ID`: a list's properties and rows as tables.
public struct ListShowCommand: Sendable {
    public var id: String
    public var noCache: Bool
    public var refresh: Bool

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il list show needs a list ID") }
        self.id = id
        noCache = invocation.flag("no-cache")
        refresh = invocation.flag("refresh")
    }

    /// A list with its rows: `{"list": …, "rows": […]}` as the server sent them (cached and
    /// printed by `--json`), and the typed views the tables need.
    public struct Detail: Sendable {
        public var raw: JSONValue
        public var list: ILList
        public var rows: [ILListRow]

        public init(raw: JSONValue) throws {
            guard let list = raw["list"] else { throw ILError.unexpectedResponse(route: "list cache", detail: "no list") }
            self.raw = raw
            self.list = try list.decode(ILList.self)
            rows = (raw["rows"]?.arrayValue ?? []).compactMap(ILListRow.init(json:))
        }
    }

    public func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        let listID = id
        let detail = try await runtime.reader(noCache: noCache, refresh: refresh).run(
            "list-" + listID,
            decode: { data in try Detail(raw: try JSONValue(parsing: data)) },
            fetch: {
                let client = try runtime.client()
                async let listAnswer = client.send(.list(listID))
                async let rows = client.allRows(of: listID)
                let envelope = try client.parse(try await listAnswer, .list(listID))
                let raw = JSONValue.object(JSONObject([("list", envelope["data"] ?? .null), ("rows", .array(try await rows))]))
                return (raw.jsonData(), try Detail(raw: raw))
            }).value
        if runtime.format == .json {
            runtime.printRawJSON(detail.raw.jsonData(.pretty))
            return
        }
        let color = runtime.terminal.colorEnabled
        let list = detail.list
        if runtime.format == .table {
            runtime.stdout.line(Style.bold.apply(list.title, enabled: color) + "  " + Style.dim.apply(list.id, enabled: color))
            if let description = list.description, !description.isEmpty { runtime.stdout.line(description) }
            var facts: [String] = [list.isPublic == true ? "public" : "private"]
            if let parent = list.parentListID { facts.append("parent \(parent)") }
            if let folder = list.folderID { facts.append("folder \(folder)") }
            facts.append("\(detail.rows.count) row" + (detail.rows.count == 1 ? "" : "s"))
            runtime.stdout.line(facts.joined(separator: " · "))
            let properties = list.properties ?? []
            if !properties.isEmpty {
                runtime.stdout.line()
                runtime.stdout.write(ILTables.properties(properties).render(format: .table, color: color))
            }
            runtime.stdout.line()
        }
        runtime.stdout.write(ILTables.rows(detail.rows, properties: list.properties ?? []).render(format: runtime.format, color: color))
    }
}

/// `il list create TITLE [--parent ID] [--description TEXT]`.
public struct ListCreateCommand: Sendable {
    public var body: ILNewList

    public init(_ invocation: Invocation) throws {
        guard let title = invocation.value("TITLE"), !title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw FieldOpsError.usage("il list create needs a TITLE")
        }
        let parent = invocation.value("parent").flatMap { $0.isEmpty || $0 == "root" ? nil : $0 }
        body = ILNewList(title: title, description: invocation.value("description"), parentId: parent)
    }

    public func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        let created = try await runtime.client().call(.createList, body: body, as: ILCreated<ILList>.self).data
        runtime.invalidate("lists")
        switch runtime.format {
        case .json: try runtime.printJSON(created)
        case .plain: runtime.stdout.line(created.id)
        case .table: runtime.stdout.line("created list \(created.id) “\(created.title)”" + (created.parentListID.map { " under \($0)" } ?? ""))
        }
    }
}
