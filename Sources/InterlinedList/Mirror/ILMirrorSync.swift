import FieldOpsCore
import FoundationEssentials

/// `il sync` (and the end of `auth login`): pulls everything the reads show into the offline
/// mirror, under the names the reads use, in one transaction at the end — a sync that fails
/// half-way leaves the previous mirror whole.
///
/// Requests: every list page; each list and its rows (the only way to a list's columns and
/// rows), several at a time; the list folders; `GET /api/documents/sync` without a cursor (the
/// full state, content included, in one answer); and the first feed pages.
public struct ILMirrorSync: Sendable {
    public let services: ILServices

    /// How many feed pages of `feedPageSize` are kept for offline `il feed` (filtered locally).
    public static let feedPages = 5
    public static let feedPageSize = 100
    /// The snapshot offline `il feed` filters when its exact query was never fetched.
    public static let feedMirrorName = "feed-mirror"
    /// How many lists are fetched at once (the HTTP session bounds it too).
    static let listConcurrency = 8

    public init(services: ILServices) { self.services = services }

    public struct Report: Sendable, Equatable {
        public var lists = 0
        public var folders = 0
        public var rows = 0
        public var documents = 0
        public var documentFolders = 0
        public var messages = 0
    }

    public func pull() async throws -> Report {
        guard let mirror = services.cache else { throw ILError.notLoggedIn(profile: services.profile) }
        let client = try services.client()
        var report = Report()
        async let listsAnswer = client.allLists()
        async let foldersAnswer = client.call(.listFolders, as: ILFoldersEnvelope.self)
        async let documentsAnswer = client.send(ILEndpoint.documentSync)
        async let feedAnswer = feedPages(client)
        let lists = try await listsAnswer.lists
        let folders = try await foldersAnswer.folders
        var snapshots: [(name: String, payload: Data)] = [
            ("lists", ListRecordCodec.encode(lists)),
            ("folders", try ILJSON.encode(ILFoldersEnvelope(folders: folders))),
        ]
        report.lists = lists.count
        report.folders = folders.count

        let details = try await listDetails(lists: lists, folders: folders, client: client)
        for (id, raw, rows) in details {
            snapshots.append(("list-" + id, raw))
            report.rows += rows
        }

        let documentState = try client.parse(try await documentsAnswer, .documentSync)
        let documentFolders = try (documentState["folders"]?.arrayValue ?? []).map { try $0.decode(ILFolder.self) }
        let documents = try (documentState["documents"]?.arrayValue ?? []).map { try $0.decode(ILDocument.self) }
            .sorted { ($0.relativePath ?? "", $0.id) < ($1.relativePath ?? "", $1.id) }
        snapshots.append(("document-folders", try ILJSON.encode(ILFoldersEnvelope(folders: documentFolders))))
        var byFolder: [String: [ILDocument]] = ["root": []]
        for folder in documentFolders { byFolder[folder.id] = [] }
        for document in documents {
            byFolder[document.folderID ?? "root", default: []].append(document)
            snapshots.append(("document-" + document.id, try ILJSON.encode(document)))
        }
        for (folder, inside) in byFolder {
            snapshots.append(("documents-" + folder, try ILJSON.encode(ILDocumentsEnvelope(documents: inside))))
        }
        report.documents = documents.count
        report.documentFolders = documentFolders.count

        let feed = try await feedAnswer
        snapshots.append((Self.feedMirrorName, feed.raw))
        if let first = feed.firstPage { snapshots.append((FeedQuery().cacheName, first)) }
        report.messages = feed.count

        try mirror.store(snapshots, savedAt: Int64((Date().timeIntervalSince1970 * 1000).rounded()))
        return report
    }

    /// Each list's detail (as `il list show` keeps it), `listConcurrency` lists at a time.
    func listDetails(lists: [ILList], folders: [ILFolder], client: ILClient) async throws -> [(String, Data, Int)] {
        var children: [String: [ILList]] = [:]
        for list in lists {
            if let parent = list.parentListID, parent != list.id { children[parent, default: []].append(list) }
        }
        let folderByID = Dictionary(folders.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var results: [(String, Data, Int)] = []
        results.reserveCapacity(lists.count)
        try await withThrowingTaskGroup(of: (String, Data, Int).self) { group in
            var next = 0
            func add() {
                guard next < lists.count else { return }
                let list = lists[next]
                next += 1
                let kids = children[list.id] ?? []
                let folder = list.folderID.flatMap { folderByID[$0] }
                group.addTask {
                    async let answer = client.send(.list(list.id))
                    async let rows = client.allRows(of: list.id)
                    let envelope = try client.parse(try await answer, .list(list.id))
                    let fetched = try await rows
                    let raw = JSONValue.object(
                        JSONObject([
                            ("list", envelope["data"] ?? .null), ("rows", .array(fetched)),
                            ("folder", try folder.map { try JSONValue(encoding: $0) } ?? .null),
                            ("children", .array(kids.map { .object(JSONObject([("id", .string($0.id)), ("title", .string($0.title))])) })),
                        ]))
                    return (list.id, raw.jsonData(), fetched.count)
                }
            }
            for _ in 0..<Self.listConcurrency { add() }
            while let result = try await group.next() {
                results.append(result)
                add()
            }
        }
        return results
    }

    struct FeedPull: Sendable {
        var raw: Data
        var firstPage: Data?
        var count: Int
    }

    /// The first `feedPages` pages of the plain feed, joined, and the default first page.
    func feedPages(_ client: ILClient) async throws -> FeedPull {
        async let first = client.send(FeedQuery().endpoint(offset: 0))
        var messages: [JSONValue] = []
        var offset = 0
        var last = JSONValue.null
        for _ in 0..<Self.feedPages {
            let endpoint = ILEndpoint.feed(limit: Self.feedPageSize, offset: offset)
            last = try client.parse(try await client.send(endpoint), endpoint)
            let items = last["messages"]?.arrayValue ?? []
            messages += items
            guard last["pagination"]?["hasMore"]?.boolValue == true, !items.isEmpty else { break }
            offset += items.count
        }
        let joined = JSONValue.object(JSONObject([("messages", .array(messages)), ("pagination", last["pagination"] ?? .null)]))
        return FeedPull(raw: joined.jsonData(), firstPage: try await first.body, count: messages.count)
    }
}

extension ILEndpoint {
    /// `GET /api/documents/sync` without `lastSyncAt`: every folder and document, with content.
    public static let documentSync = ILEndpoint(.get, ["api", "documents", "sync"], credential: .syncToken)
}
