import FieldOpsCore
import FoundationEssentials

/// The local copy of `jqc history`: each page as the server last sent it, so history answers
/// when the server cannot be reached (with the age of the copy on stderr).
extension JQCStore {
    /// Completed inspections as the server listed them, newest first, and how many it has.
    public struct HistoryPage: Sendable, Equatable {
        public var items: [JSONValue]
        public var total: Int

        public init(items: [JSONValue], total: Int) {
            self.items = items
            self.total = total
        }
    }

    /// Which pages a history read asked for: the copy answers only the same question.
    public enum HistoryQuery: Sendable, Equatable {
        /// `limit` inspections from `offset`.
        case page(limit: Int, offset: Int)
        /// Every page from `offset` (`--all`).
        case all(offset: Int)

        var key: String {
            switch self {
            case .page(let limit, let offset): return "limit=\(limit) offset=\(offset)"
            case .all(let offset): return "all offset=\(offset)"
            }
        }
    }

    /// Keeps `page` as the answer to `query`, replacing the copy before it.
    public func saveHistory(_ page: HistoryPage, for query: HistoryQuery, savedAt: Int64) throws {
        try write { database in
            try database.execute(
                "INSERT OR REPLACE INTO history_pages (query, items, total, saved_at) VALUES (?, ?, ?, ?)",
                [query.key, JSONValue.array(page.items).jsonString(), Int64(page.total), savedAt])
        }
    }

    /// The copy kept for `query` and when it was saved (Unix ms), or nil when there is none.
    public func history(for query: HistoryQuery) throws -> (page: HistoryPage, savedAt: Int64)? {
        guard let row = try read({ try $0.queryOne("SELECT items, total, saved_at FROM history_pages WHERE query = ?", [query.key]) })
        else { return nil }
        let text: String = try row.decode("items")
        guard let items = (try? JSONValue(parsing: text))?.arrayValue else {
            throw StoreError(kind: .conversion, message: "the history copy for \(query.key) is not a JSON array", path: row.storePath)
        }
        return (HistoryPage(items: items, total: Int(try row.decode("total", as: Int64.self))), try row.decode("saved_at"))
    }

    /// Whether a copy is kept for `query`, without reading it.
    public func hasHistory(for query: HistoryQuery) -> Bool {
        (try? read { try $0.scalar("SELECT 1 FROM history_pages WHERE query = ?", [query.key], as: Int.self) }) != nil
    }
}
