/// What `il feed` asks for; each distinct query has its own cache file.
public struct FeedQuery: Sendable, Equatable {
    public var limit: Int
    public var offset: Int
    public var onlyMine: Bool
    public var tag: String?
    /// Follow `pagination.hasMore` until the end.
    public var all: Bool
    /// `--search`: top-level messages containing this text (`GET /api/messages/search`).
    public var search: String?

    public static let defaultLimit = 20
    /// Page size used by `--all` (the server does not cap the feed, but large pages are slow).
    public static let pageSizeForAll = 100

    public init(
        limit: Int = FeedQuery.defaultLimit, offset: Int = 0, onlyMine: Bool = false, tag: String? = nil, all: Bool = false,
        search: String? = nil
    ) {
        self.search = search.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }
        self.limit = limit
        self.offset = offset
        self.onlyMine = onlyMine
        self.tag = tag.flatMap { $0.isEmpty ? nil : $0 }
        self.all = all
    }

    /// The cache file name: `feed` for the plain first page, else one readable name per query.
    public var cacheName: String {
        if self == FeedQuery() { return "feed" }
        var name = "feed"
        if all { name += "-all" } else { name += "-l\(limit)-o\(offset)" }
        if onlyMine { name += "-mine" }
        if let tag { name += "-tag-" + tag.lowercased() }
        if let search { name += "-q-" + search }
        return name
    }

    /// The request for the page starting at `offset`.
    public func endpoint(offset: Int) -> ILEndpoint {
        if let search {
            // The search route takes at most 100 per page and has no tag filter.
            return .searchMessages(search, limit: min(all ? Self.pageSizeForAll : limit, 100), offset: offset, onlyMine: onlyMine)
        }
        return .feed(limit: all ? Self.pageSizeForAll : limit, offset: offset, onlyMine: onlyMine, tag: tag)
    }
}
