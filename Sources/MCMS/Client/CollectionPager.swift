import FieldOpsCore

/// Reads one MCMS collection page by page, in `_id` order, each document exactly once.
///
/// Pages are `limit`/`skip` windows sorted by `_id`: the first alone, then, when it was full, a
/// few at once (`pagesInFlight`), each next one asked for as one arrives. Skip counts
/// positions, and positions move when a device is added or removed between two page requests:
/// an addition before the window repeats a document at the boundary, a removal skips one. So
/// every page after the first starts one document early, on the last document of the page
/// before it. When the two agree, nothing moved; when the page starts earlier (additions), the
/// documents already read are dropped; when it starts later (removals), the gap between them is
/// read with `_id` range queries (`{"_id": {"$gt": last, "$lt": first}}`) before going on.
///
/// The promise that buys, for a fleet that changes during the listing: every device that exists
/// from the first page request to the last is read exactly once; none is read twice; a device
/// added or removed meanwhile may or may not be in the listing.
///
/// Each page is decoded into `Item`s as it arrives (the few fields a caller keeps of each
/// document) and released; only those items outlive the page.
struct CollectionPager<Item: Sendable>: Sendable {
    let client: MCMSClient
    let endpoint: MCMSEndpoint
    /// The `projection` sent with every page, when the caller needs only some fields.
    let projection: String?
    /// The caller's own `query` (an OLT's ONUs, a list of ids), combined with the `_id` ranges.
    let filter: JSONObject?
    let paging: MCMSPaging
    /// The document's string `_id` and what it becomes, read straight from the page's text
    /// (`JSONReader`); nil reads every page as a tree with `decode`. Must agree with `decode`.
    var read: (@Sendable (inout JSONReader) throws(JSONReader.Declined) -> (id: String?, item: Item?))? = nil
    /// What a document becomes; nil leaves it out (it still counts for the paging).
    let decode: @Sendable (JSONValue) -> Item?

    /// One page as it came: how many documents it held, the first and last string `_id`, and
    /// the items with their ids, in the page's order. Items are gathered as they are read, so a
    /// page is never a list of (id, item) pairs: releasing 500 of those went through the
    /// runtime's generic tuple code, member by member (4% of a 100,000-ONU listing).
    private struct Page: Sendable {
        var count = 0
        var firstID: String?
        var lastID: String?
        /// Two documents out of `_id` order, the first pair seen; the page is refused for it.
        var disorder: (previous: String, id: String)?
        var ids: [String] = []
        var items: [Item] = []

        init(capacity: Int) {
            ids.reserveCapacity(capacity)
            items.reserveCapacity(capacity)
        }

        /// A document without a string `_id` cannot be placed in the order: it is counted (for
        /// the paging) and left out.
        mutating func add(id: String?, item: consuming Item?) {
            count += 1
            guard let id else { return }
            if let previous = lastID, disorder == nil, !MCMSOrder.precedes(previous, id) { disorder = (previous, id) }
            if firstID == nil { firstID = id }
            lastID = id
            guard let item else { return }
            ids.append(id)
            items.append(item)
        }
    }

    /// Every decoded item, in `_id` order.
    func collect() async throws -> [Item] {
        // One array grown page by page: its old buffers are large enough to go back to the
        // system when it grows, where pages kept aside and joined at the end would stay in the
        // allocator's heap beside the joined copy (measured: 117 MB against 144 MB peak RSS for
        // 100,000 ONUs).
        var all: [Item] = []
        try await forEachPage { all += $0 }
        return all
    }

    /// Hands `consume` the new items of each page, in `_id` order, as the pages come in. While
    /// `consume` is busy (writing a page out) no more than `pagesInFlight` more pages are asked
    /// for.
    func forEachPage(_ consume: (consuming [Item]) async throws -> Void) async throws {
        let size = paging.pageSize
        try await withThrowingTaskGroup(of: (Int, Page).self) { group in
            var started = 0
            func start() {
                let index = started
                // Page k covers positions k·(size−1) … k·(size−1)+size−1: its first is the last of page k−1.
                group.addTask { (index, try await fetch(skip: index * (size - 1), after: nil, before: nil)) }
                started += 1
            }
            // The first page alone: most collections (OLTs, a lab's ONUs) fit in it.
            start()
            var arrived: [Int: Page] = [:]
            var nextIndex = 0
            var last: String?
            while let (index, page) = try await group.next() {
                arrived[index] = page
                while var page = arrived.removeValue(forKey: nextIndex) {
                    let first = nextIndex == 0
                    nextIndex += 1
                    // A full page: the next ones are asked for before this one is consumed, so
                    // the appliance is not idle meanwhile (the first state page waited for the
                    // OLTs and the join before the second was asked for).
                    if page.count == paging.pageSize {
                        while started - nextIndex < paging.pagesInFlight { start() }
                    }
                    if try await take(&page, first: first, last: &last, consume) {
                        // The end: pages still in flight lie past it.
                        group.cancelAll()
                        return
                    }
                    while started - nextIndex < paging.pagesInFlight { start() }
                }
            }
        }
    }

    /// Consumes one skip page; true when it was the last.
    private func take(_ page: inout Page, first: Bool, last: inout String?, _ consume: (consuming [Item]) async throws -> Void) async throws
        -> Bool
    {
        if !first, let known = last {
            if page.count == 0 {
                // The collection shrank below this page's start: read on from the last id.
                try await fill(after: known, before: nil, last: &last, consume)
                return true
            }
            if let head = page.firstID, MCMSOrder.precedes(known, head) {
                // Devices before the boundary went away: read the gap so none is skipped.
                try await fill(after: known, before: head, last: &last, consume)
            }
        }
        let before = last
        try await emit(&page, after: &last, consume)
        // Shorter than `limit` is the end; longer means the appliance ignored `limit` and sent all.
        guard page.count == paging.pageSize else { return true }
        if !first, last == before, let known = last {
            // A full page of nothing new: a flood of additions before it, or an appliance that
            // ignores `skip` (which would send this page forever). Either way the rest is read
            // by `_id` range, which needs no positions.
            try await fill(after: known, before: nil, last: &last, consume)
            return true
        }
        return false
    }

    /// Reads every document between `after` and `before` (both exclusive; nil: to the end) by
    /// `_id` range, page by page.
    private func fill(after: String, before: String?, last: inout String?, _ consume: (consuming [Item]) async throws -> Void) async throws
    {
        var cursor = after
        while true {
            var page = try await fetch(skip: nil, after: cursor, before: before)
            try await emit(&page, after: &last, consume)
            guard page.count == paging.pageSize, let end = page.lastID else { return }
            guard MCMSOrder.precedes(cursor, end) else {
                // The range was not applied: asking again would get the same page forever.
                throw MCMSError.malformed(
                    path: endpoint.displayPath,
                    reason:
                        "the answer to a query for ids after \(cursor) held none after it; fieldops cannot page this server without repeating or dropping devices"
                )
            }
            cursor = end
        }
    }

    /// Hands on the items of `page` after `last` (skipping what an earlier page gave) and moves
    /// `last` to the page's end. The items are moved out of the page, not copied.
    private func emit(_ page: inout Page, after last: inout String?, _ consume: (consuming [Item]) async throws -> Void) async throws {
        // The page is in `_id` order: what an earlier page gave is a prefix (one document, the
        // boundary, unless the fleet changed).
        var given = 0
        if let last {
            while given < page.ids.count, !MCMSOrder.precedes(last, page.ids[given]) { given += 1 }
        }
        var items = page.items
        page.items = []
        if given > 0 { items.removeSubrange(..<given) }
        if let newest = page.lastID, last.map({ MCMSOrder.precedes($0, newest) }) ?? true { last = newest }
        paging.progress?.page(documents: items.count)
        if !items.isEmpty { try await consume(consume items) }
    }

    // MARK: Requests

    /// One page: `limit`, `sort` by `_id`, and either `skip` or an `_id` range.
    private func fetch(skip: Int?, after: String?, before: String?) async throws -> Page {
        var items: [HTTPRequest.QueryItem] = []
        if let projection { items.append(.init("projection", projection)) }
        if let query = query(after: after, before: before) { items.append(.init("query", query.jsonString())) }
        items.append(.init("sort", MCMSOrder.sortByID))
        items.append(.init("limit", String(paging.pageSize)))
        if let skip, skip > 0 { items.append(.init("skip", String(skip))) }
        let decode = self.decode
        let size = paging.pageSize
        var gather: ((inout Page, inout JSONReader) throws(JSONReader.Declined) -> Void)?
        if let read {
            gather = { (page: inout Page, reader: inout JSONReader) throws(JSONReader.Declined) -> Void in
                let (id, item) = try read(&reader)
                page.add(id: id, item: item)
            }
        }
        let page = try await client.getList(
            endpoint, query: items, start: { Page(capacity: size) }, read: gather,
            decode: { page, document in
                let id = document[MCMSField.id]?.stringValue
                page.add(id: id, item: id == nil ? nil : decode(document))
            })
        if let (previous, id) = page.disorder {
            throw MCMSError.malformed(
                path: endpoint.displayPath,
                reason:
                    "the page is not in _id order (\(id) after \(previous)) although fieldops asked for sort \(MCMSOrder.sortByID); paging such a server could drop or repeat devices"
            )
        }
        return page
    }

    /// The caller's filter with `_id` bounds added (`$gt`/`$lt`, merged into an `_id` condition
    /// the filter already has, such as `$in`).
    private func query(after: String?, before: String?) -> JSONValue? {
        var range: [(String, JSONValue)] = []
        if let after { range.append(("$gt", .string(after))) }
        if let before { range.append(("$lt", .string(before))) }
        guard !range.isEmpty else { return filter.map(JSONValue.object) }
        var object = filter ?? JSONObject()
        if var condition = object[MCMSField.id]?.objectValue {
            for (op, value) in range { condition[op] = value }
            object[MCMSField.id] = .object(condition)
        } else if object[MCMSField.id] == nil {
            object[MCMSField.id] = .object(JSONObject(range))
        }
        return .object(object)
    }
}

/// The order MCMS (MongoDB) sorts string ids in: by code point, which is UTF-8 byte order.
enum MCMSOrder {
    static let sortByID = #"{"_id":1}"#

    /// Compared over the two strings' UTF-8 storage: the generic `lexicographicallyPrecedes`
    /// on their UTF-8 views was 3% of listing 100,000 ONUs (ids are compared per document), and
    /// copies of the strings to call `withUTF8` on (a retain and a release each) 2% more.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                for index in 0..<min(left.count, right.count) where left[index] != right[index] {
                    return left[index] < right[index]
                }
                return left.count < right.count
            }
        }
        return (compared ?? nil) ?? lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
