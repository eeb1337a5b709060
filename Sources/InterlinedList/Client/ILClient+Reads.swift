import FieldOpsCore
import FoundationEssentials

/// The reads behind the listing commands, each returning what the cache stores.
extension ILClient {
    /// The feed for `query`: one page, or every page when `query.all` (following `hasMore`).
    /// The payload is the server's JSON, kept losslessly for `--json`; for `--all` the pages'
    /// `messages` arrays are joined and the last page's `pagination` kept.
    public func feed(_ query: FeedQuery) async throws -> FeedSnapshot {
        if !query.all {
            let endpoint = query.endpoint(offset: query.offset)
            let response = try await send(endpoint)
            return FeedSnapshot(raw: response.body, page: try decode(ILFeedPage.self, response, endpoint))
        }
        var rawMessages: [JSONValue] = []
        var messages: [ILMessage] = []
        var last = JSONValue.null
        var pagination: ILPagination?
        var offset = query.offset
        while true {
            let endpoint = query.endpoint(offset: offset)
            let response = try await send(endpoint)
            let page = try decode(ILFeedPage.self, response, endpoint)
            last = try parse(response, endpoint)
            rawMessages += last["messages"]?.arrayValue ?? []
            messages += page.messages
            pagination = page.pagination
            guard let more = page.pagination, more.hasMore, !page.messages.isEmpty else { break }
            offset += page.messages.count
        }
        let merged = JSONValue.object(JSONObject([("messages", .array(rawMessages)), ("pagination", last["pagination"] ?? .null)]))
        return FeedSnapshot(raw: merged.jsonData(), page: ILFeedPage(messages: messages, pagination: pagination))
    }

    /// Every list of the user. The first page tells the total; the rest are fetched at once
    /// (the session bounds how many run together) and joined in offset order.
    public func allLists() async throws -> ILListsEnvelope {
        let first = try await call(.lists(limit: Self.listPageSize, offset: 0), as: ILListsPage.self)
        guard let pagination = first.pagination, pagination.hasMore, !first.lists.isEmpty else {
            return ILListsEnvelope(lists: first.lists)
        }
        let pageSize = first.lists.count
        let offsets = Array(stride(from: pageSize, to: pagination.total, by: pageSize))
        var pages: [Int: [ILList]] = [:]
        try await withThrowingTaskGroup(of: (Int, ILListsPage).self) { group in
            for offset in offsets {
                group.addTask {
                    (offset, try await call(.lists(limit: pageSize, offset: offset), as: ILListsPage.self))
                }
            }
            for try await (offset, page) in group {
                pages[offset] = page.lists
            }
        }
        var lists = first.lists
        lists.reserveCapacity(pagination.total)
        for offset in offsets { lists += pages[offset] ?? [] }
        return ILListsEnvelope(lists: lists)
    }

    static let listPageSize = 1_000

    /// Every row of one list, each kept as the server's JSON object.
    public func allRows(of listID: String) async throws -> [JSONValue] {
        try await allPages("rows", size: Self.listPageSize) { ILEndpoint.listRows(listID, limit: $0, offset: $1) }
    }

    /// Every row of one list when about `expected` rows are known to be there (an import
    /// reading back what it wrote): the pages that many rows fill are fetched at once (the
    /// session bounds how many run together), each parsed as it arrives while the server still
    /// works on the others, and joined in offset order; rows that appeared meanwhile are
    /// then read page by page from where those pages ended.
    public func allRows(of listID: String, expecting expected: Int) async throws -> [JSONValue] {
        let size = Self.listPageSize
        let offsets = Array(stride(from: 0, to: max(expected, 1), by: size))
        var pages: [Int: (rows: [JSONValue], hasMore: Bool)] = [:]
        try await withThrowingTaskGroup(of: (Int, JSONValue).self) { group in
            for offset in offsets {
                group.addTask {
                    let route = ILEndpoint.listRows(listID, limit: size, offset: offset)
                    return (offset, try parse(try await send(route), route))
                }
            }
            for try await (offset, page) in group {
                pages[offset] = (page["rows"]?.arrayValue ?? [], page["pagination"]?["hasMore"]?.boolValue == true)
            }
        }
        var rows: [JSONValue] = []
        rows.reserveCapacity(expected)
        for offset in offsets { rows += pages[offset]?.rows ?? [] }
        guard let last = offsets.last, let page = pages[last], page.hasMore, !page.rows.isEmpty else { return rows }
        return rows
            + (try await allPages("rows", size: size, from: last + page.rows.count) { ILEndpoint.listRows(listID, limit: $0, offset: $1) })
    }

    /// The answer as a lossless JSON document.
    func parse(_ response: HTTPResponse, _ endpoint: ILEndpoint) throws -> JSONValue {
        do {
            return try JSONValue(parsing: response.body)
        } catch {
            throw NotTheServiceError(
                route: endpoint.description, service: "InterlinedList", profile: profile,
                body: response.body, contentType: response.headers["Content-Type"])
        }
    }

    /// The documents of a folder (path-scoped), or of the root when `folderID` is nil.
    public func documents(in folderID: String?) async throws -> ILDocumentsEnvelope {
        if let folderID {
            return try await call(.folderDocuments(folderID), as: ILDocumentsEnvelope.self)
        }
        return try await call(.rootDocuments, as: ILDocumentsEnvelope.self)
    }
}

/// The feed as fetched: the JSON for `--json` and the cache, and the decoded page for cards.
public struct FeedSnapshot: Sendable {
    public var raw: Data
    public var page: ILFeedPage

    public init(raw: Data, page: ILFeedPage) {
        self.raw = raw
        self.page = page
    }
}

extension ILClient {
    /// Every page of a paged route (a list's rows, `/api/lists/search`, `/api/documents/search`),
    /// `size` at a time from offset `start`, until `pagination.hasMore` is false: the items
    /// under `key`, in order.
    func allPages(
        _ key: String, size: Int = 100, from start: Int = 0,
        _ endpoint: (_ limit: Int, _ offset: Int) -> ILEndpoint
    ) async throws -> [JSONValue] {
        var found: [JSONValue] = []
        var offset = start
        while true {
            let route = endpoint(size, offset)
            let page = try parse(try await send(route), route)
            let items = page[key]?.arrayValue ?? []
            found += items
            guard page["pagination"]?["hasMore"]?.boolValue == true, !items.isEmpty else { return found }
            offset += items.count
        }
    }

    /// The QUERY of a search command: not empty, at most the 200 characters the server allows.
    static func searchQuery(_ invocation: Invocation, command: String) throws -> String {
        let query = (invocation.value("QUERY") ?? "").trimmingSpaces()
        guard !query.isEmpty else { throw FieldOpsError.usage("\(command) needs a QUERY") }
        guard query.count <= 200 else { throw FieldOpsError.usage("the search query is \(query.count) characters; the server allows 200") }
        return query
    }
}
