import FieldOpsCore
import FoundationEssentials

/// `il feed` offline for a query the mirror has no answer to: the synced feed pages
/// (`ILMirrorSync.feedMirrorName`) with `--mine`, `--tag`, `--search`, `--offset` and `--limit`
/// applied here, the way the server applies them.
enum FeedOffline {
    /// Whether the synced feed pages are in the mirror (so a feed query has a local answer).
    static func isAvailable(_ services: ILServices) -> Bool {
        services.cache?.contains(ILMirrorSync.feedMirrorName) == true
    }

    /// The answer to `query` from the synced pages, after `error` (the server unreachable), with
    /// the local-copy notice; nil when the mirror holds no synced pages.
    static func answer(_ query: FeedQuery, _ services: ILServices, _ output: Output, after error: ILError) -> FeedSnapshot? {
        guard let mirror = services.cache, case .hit(let data, let savedAt) = mirror.load(ILMirrorSync.feedMirrorName),
            let raw = try? JSONValue(parsing: data)
        else { return nil }
        let me = services.credentials.user?.id
        let tag = query.tag.map { ($0.hasPrefix("#") ? String($0.dropFirst()) : $0).lowercased() }
        let search = query.search?.trimmingSpaces().lowercased()
        let kept = (raw["messages"]?.arrayValue ?? []).filter { message in
            if query.onlyMine, message["userId"]?.stringValue != me { return false }
            if let tag, !(message["tags"]?.arrayValue ?? []).contains(where: { $0.stringValue?.lowercased() == tag }) { return false }
            if let search, !(message["content"]?.stringValue ?? "").lowercased().contains(search) { return false }
            return true
        }
        let window = query.all ? Array(kept.dropFirst(query.offset)) : Array(kept.dropFirst(query.offset).prefix(query.limit))
        let pagination = JSONValue.object(
            JSONObject([
                ("total", .number(JSONNumber(kept.count))), ("limit", .number(JSONNumber(query.limit))),
                ("offset", .number(JSONNumber(query.offset))), ("hasMore", .bool(query.offset + window.count < kept.count)),
            ]))
        let answer = JSONValue.object(JSONObject([("messages", .array(window)), ("pagination", pagination)]))
        guard let page = try? ILJSON.decode(ILFeedPage.self, from: answer.jsonData()) else { return nil }
        output.stderr.line(
            LocalCopyNotice.line(
                savedAt: savedAt, now: services.now, reason: error.unreachableReason ?? error.summary,
                detail: "\(kept.count) of the synced messages " + (kept.count == 1 ? "matches" : "match")))
        return FeedSnapshot(raw: answer.jsonData(), page: page)
    }
}
