/// Reading one page of an answer the way each paging convention writes it.
extension APIPaging {
    /// The query of the first page: a `limitSkip` collection without a `limit` gets the page size
    /// (an MCMS collection without one is the whole fleet in one answer).
    func firstPage(_ query: [HTTPRequest.QueryItem]) -> [HTTPRequest.QueryItem] {
        guard case .limitSkip(let size) = self, !query.contains(where: { $0.name == "limit" }) else { return query }
        return query + [HTTPRequest.QueryItem("limit", String(size))]
    }

    /// The items of one page; nil when the page is not of this convention's shape.
    func items(of page: JSONValue) -> [JSONValue]? {
        switch self {
        case .offsetHasMore:
            if let array = page.arrayValue { return array }
            return page.objectValue?.first { $0.key != "pagination" && $0.value.arrayValue != nil }?.value.arrayValue
        case .offsetTotal:
            return page["data"]?["items"]?.arrayValue ?? page["items"]?.arrayValue
        case .limitSkip:
            return page["data"]?.arrayValue ?? page.arrayValue
        }
    }

    /// The query of the page after `page`, or nil when `page` was the last. A page that would not
    /// move forward ends the walk too, so a server answering nonsense cannot loop it forever.
    func nextPage(after page: JSONValue, query: [HTTPRequest.QueryItem]) -> [HTTPRequest.QueryItem]? {
        guard let items = items(of: page), !items.isEmpty else { return nil }
        let asked = { (name: String) in query.last { $0.name == name }.flatMap { Int($0.value) } }
        switch self {
        case .offsetHasMore:
            let pagination = page["pagination"]
            guard pagination?["hasMore"]?.boolValue == true else { return nil }
            let offset = pagination?["offset"]?.int64Value.map(Int.init) ?? asked("offset") ?? 0
            let limit = pagination?["limit"]?.int64Value.map(Int.init) ?? items.count
            return Self.replacing("offset", with: offset + max(limit, 1), in: query, dropping: "page")
        case .offsetTotal:
            let data = page["data"] ?? page
            let offset = data["offset"]?.int64Value.map(Int.init) ?? asked("offset") ?? 0
            guard let total = data["total"]?.int64Value, offset + items.count < total else { return nil }
            return Self.replacing("offset", with: offset + items.count, in: query)
        case .limitSkip:
            guard let limit = asked("limit"), items.count >= limit else { return nil }
            return Self.replacing("skip", with: (asked("skip") ?? 0) + items.count, in: query)
        }
    }

    private static func replacing(
        _ name: String, with value: Int, in query: [HTTPRequest.QueryItem],
        dropping other: String? = nil
    ) -> [HTTPRequest.QueryItem] {
        query.filter { $0.name != name && $0.name != other } + [HTTPRequest.QueryItem(name, String(value))]
    }
}
