import FieldOpsCore
import Foundation

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

    /// Every list of the user, page by page (the server caps a page at 1000).
    public func allLists() async throws -> ILListsEnvelope {
        var lists: [ILList] = []
        var offset = 0
        while true {
            let endpoint = ILEndpoint.lists(limit: Self.listPageSize, offset: offset)
            let page = try await call(endpoint, as: ILListsPage.self)
            lists += page.lists
            guard let more = page.pagination, more.hasMore, !page.lists.isEmpty else { break }
            offset += page.lists.count
        }
        return ILListsEnvelope(lists: lists)
    }

    static let listPageSize = 1_000

    /// Every row of one list, each kept as the server's JSON object.
    public func allRows(of listID: String) async throws -> [JSONValue] {
        var rows: [JSONValue] = []
        var offset = 0
        while true {
            let endpoint = ILEndpoint.listRows(listID, limit: Self.listPageSize, offset: offset)
            let page = try parse(try await send(endpoint), endpoint)
            let items = page["rows"]?.arrayValue ?? []
            rows += items
            guard page["pagination"]?["hasMore"]?.boolValue == true, !items.isEmpty else { break }
            offset += items.count
        }
        return rows
    }

    /// The answer as a lossless JSON document.
    func parse(_ response: HTTPResponse, _ endpoint: ILEndpoint) throws -> JSONValue {
        do {
            return try JSONValue(parsing: response.body)
        } catch {
            throw ILError.unexpectedResponse(route: endpoint.description, detail: error.summary)
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
