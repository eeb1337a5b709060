import FieldOpsCore
import Foundation

/// `il feed [--limit N] [--offset N] [--mine] [--tag T] [--all]`: the feed as cards, or raw JSON.
public struct FeedCommand: Sendable {
    public var query: FeedQuery
    public var noCache: Bool
    public var refresh: Bool
    /// The command line as given with `--offset` moved on: the hint keeps every filter.
    public var nextPage: @Sendable (Int) -> String

    public init(_ invocation: Invocation) throws {
        let limit = invocation.integer("limit") ?? FeedQuery.defaultLimit
        let offset = invocation.integer("offset") ?? 0
        query = FeedQuery(
            limit: limit, offset: offset, onlyMine: invocation.flag("mine"), tag: invocation.value("tag"),
            all: invocation.flag("all"), search: invocation.value("search"))
        if query.search != nil, query.tag != nil {
            throw FieldOpsError.usage("il feed takes --search or --tag, not both (the search route has no tag filter)")
        }
        if let search = query.search, search.count > 200 {
            throw FieldOpsError.usage("--search is \(search.count) characters; the server allows 200")
        }
        noCache = invocation.flag("no-cache")
        refresh = invocation.flag("refresh")
        nextPage = { invocation.followUp(setting: "offset", to: String($0)) }
    }

    public func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        let snapshot: FeedSnapshot
        do {
            snapshot = try await runtime.reader(noCache: noCache, refresh: refresh).run(
                query.cacheName,
                decode: { data in FeedSnapshot(raw: data, page: try ILJSON.decode(ILFeedPage.self, from: data)) },
                fetch: {
                    let snapshot = try await runtime.client().feed(query)
                    return (snapshot.raw, snapshot)
                }
            ).value
        } catch let error as ILError where error.isOffline && !noCache {
            // This query was never fetched: answer it from the synced feed pages, filtered here.
            guard let local = FeedOffline.answer(query, runtime) else { throw error }
            snapshot = local
        }
        switch runtime.output.format {
        case .json:
            // Re-indented losslessly: key order and number lexemes stay as the server wrote them.
            if let value = try? JSONValue(parsing: snapshot.raw) {
                runtime.output.emit(json: value)
            } else {
                try runtime.output.emit(jsonBytes: snapshot.raw)
            }
        case .table, .plain:
            if snapshot.page.messages.isEmpty {
                runtime.output.sayEmpty("no messages" + (query.tag.map { " tagged #\($0)" } ?? ""))
                return
            }
            runtime.output.stdout.write(
                FeedCard.render(
                    snapshot.page.messages, width: runtime.output.terminal.width, now: runtime.now,
                    color: runtime.output.terminal.colorEnabled))
            if let pagination = snapshot.page.pagination, pagination.hasMore, !query.all, runtime.output.format == .table {
                let next = query.offset + snapshot.page.messages.count
                runtime.output.stderr.line("\(pagination.total - next) more: \(nextPage(next)), or --all")
            }
        }
    }
}

/// `il post TEXT [--tag T…] [--private]`: posts a message (TEXT `-` reads stdin).
public struct PostCommand: Sendable {
    public var text: String
    public var tags: [String]
    public var isPrivate: Bool
    /// `--at TIME`, as given (parsed against the clock when the command runs).
    public var at: String?

    public init(_ invocation: Invocation, stdin: any InputSource) throws {
        guard let argument = invocation.value("TEXT") else {
            throw FieldOpsError.usage("il post needs the message TEXT (or - to read stdin)")
        }
        var text = argument == "-" ? String(decoding: stdin.readAll(), as: UTF8.self) : argument
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw FieldOpsError.usage("the message is empty")
        }
        self.text = text
        tags = invocation.all("tag").map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
        isPrivate = invocation.flag("private")
        at = invocation.value("at")
    }

    public func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        // The limit is the user's own setting: ask the server, so a changed limit is honoured.
        let user = try await runtime.client().call(.currentUser, as: ILUserEnvelope.self).user
        try MessageLength.check(text, limit: user.maxMessageLength)
        let scheduled = try at.map { ScheduleTime.iso(try ScheduleTime.parse($0, now: runtime.now)) }
        let body = ILNewMessage(
            content: text, publiclyVisible: isPrivate ? false : nil, tags: tags.isEmpty ? nil : tags, scheduledAt: scheduled)
        let created = try await runtime.client().call(.postMessage, body: body, as: ILCreated<ILMessage>.self).data
        runtime.invalidate("feed", "scheduled-")
        switch runtime.output.format {
        case .json: try runtime.output.emitJSON(created)
        case .plain: runtime.output.stdout.line(created.id)
        case .table:
            runtime.output.stdout.line(
                (scheduled.map { "scheduled \(created.id) for \($0)" } ?? "posted \(created.id)")
                    + (created.publiclyVisible ? "" : " (private)"))
        }
    }
}
