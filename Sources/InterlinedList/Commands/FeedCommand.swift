import FieldOpsCore
import FoundationEssentials

/// `il feed [--limit N] [--offset N] [--mine] [--tag T] [--all]`: the feed as cards, or raw JSON.
public struct FeedCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "feed", abstract: "Show the feed, newest first, as cards (--json: the server's JSON).",
        examples: [
            "fieldops il feed", "fieldops il feed --mine --tag ops", "fieldops il feed --all --json | jq '.messages | length'",
        ],
        options: [
            OptionSpec("limit", value: .integer(1..., default: FeedQuery.defaultLimit), valueName: "N", help: "Messages per page."),
            OptionSpec("offset", value: .integer(0..., default: 0), valueName: "N", help: "Skip the first N messages."),
            .flag("mine", help: "Only your own messages."),
            OptionSpec("tag", valueName: "TAG", help: "Only messages with this tag."),
            OptionSpec("search", valueName: "TEXT", help: "Only messages whose text contains TEXT (the server's search)."),
            .flag("all", help: "Follow the pages to the end."),
        ] + ILCommandTree.cacheOptions)

    public var query: FeedQuery
    public var noCache: Bool
    public var refresh: Bool
    /// The command line as given with `--offset` moved on: the hint keeps every filter.
    public var nextPage: @Sendable (Int) -> String

    public init(_ invocation: Invocation) throws {
        query = FeedQuery(
            limit: try invocation.required(integer: "limit"), offset: try invocation.required(integer: "offset"),
            onlyMine: invocation.flag("mine"), tag: invocation.value("tag"),
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

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let snapshot: FeedSnapshot
        do {
            // The synced pages answer any feed query offline, so they too spare the retries.
            snapshot = try await LocalAnswer.offered(if: !noCache && FeedOffline.isAvailable(services)) {
                try await services.reader(noCache: noCache, refresh: refresh, warnings: context.output.stderr).run(
                    query.cacheName,
                    decode: { data in FeedSnapshot(raw: data, page: try ILJSON.decode(ILFeedPage.self, from: data)) },
                    fetch: {
                        let snapshot = try await services.client().feed(query)
                        return (snapshot.raw, snapshot)
                    }
                ).value
            }
        } catch let error as ILError where error.isOffline && !noCache {
            // This query was never fetched: answer it from the synced feed pages, filtered here.
            guard let local = FeedOffline.answer(query, services, context.output, after: error) else { throw error }
            snapshot = local
        }
        switch context.output.format {
        case .json, .plain:
            // Re-indented losslessly: key order and number lexemes stay as the server wrote them.
            // Piped (plain), one tab-separated line per message with the fields of --json.
            if let value = try? JSONValue(parsing: snapshot.raw) {
                context.output.emit(records: value)
            } else {
                try context.output.emit(jsonBytes: snapshot.raw)
            }
        case .table:
            if snapshot.page.messages.isEmpty {
                context.output.sayEmpty("no messages" + (query.tag.map { " tagged #\($0)" } ?? ""))
                return
            }
            context.output.stdout.write(
                FeedCard.render(
                    snapshot.page.messages, width: context.output.terminal.width, now: services.now,
                    color: context.output.terminal.colorEnabled))
            if let pagination = snapshot.page.pagination, pagination.hasMore, !query.all, context.output.format == .table {
                let next = query.offset + snapshot.page.messages.count
                context.output.stderr.line("\(pagination.total - next) more: \(nextPage(next)), or --all")
            }
        }
    }
}

/// `il post TEXT [--tag T…] [--private]`: posts a message (TEXT `-` reads stdin).
public struct PostCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "post", abstract: "Post a message (TEXT - reads it from stdin).",
        discussion: "The length is checked against your profile's maxMessageLength before anything is sent.",
        examples: [
            "fieldops il post 'Crew B done at site 4' --tag ops", "fieldops il post - --private < note.txt",
            "fieldops il post 'Site 5 opens' --at '2026-12-24 09:00'",
        ],
        options: [
            OptionSpec("tag", valueName: "TAG", help: "Add a tag (repeatable).", repeatable: true),
            .flag("private", help: "Visible only to you and your followers."),
            OptionSpec("at", valueName: "TIME", help: "Schedule it: ISO 8601, 'YYYY-MM-DD HH:MM' (UTC), or +30m/+2h/+1d."),
        ],
        arguments: [ArgumentSpec("TEXT", help: "The message, or - for stdin.")])

    /// The TEXT argument: the message, or `-` for stdin (read when the command runs).
    public var argument: String
    public var tags: [String]
    public var isPrivate: Bool
    /// `--at TIME`, as given (parsed against the clock when the command runs).
    public var at: String?

    public init(_ invocation: Invocation) throws {
        guard let argument = invocation.value("TEXT") else {
            throw FieldOpsError.usage("il post needs the message TEXT (or - to read stdin)")
        }
        self.argument = argument
        tags = invocation.all("tag").map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
        isPrivate = invocation.flag("private")
        at = invocation.value("at")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices(context)
        let text = try MessageText.read(argument, stdin: context.stdin, empty: "the message is empty")
        try services.requireLogin()
        // The limit is the user's own setting: ask the server, so a changed limit is honoured.
        let user = try await services.client().call(.currentUser, as: ILUserEnvelope.self).user
        try MessageLength.check(text, limit: user.maxMessageLength)
        let scheduled = try at.map { ScheduleTime.iso(try ScheduleTime.parse($0, now: services.now)) }
        let body = ILNewMessage(
            content: text, publiclyVisible: isPrivate ? false : nil, tags: tags.isEmpty ? nil : tags, scheduledAt: scheduled)
        let created = try await services.client().call(.postMessage, body: body, as: ILCreated<ILMessage>.self).data
        services.invalidate("feed", "scheduled-")
        switch context.output.format {
        case .json: try context.output.emitJSON(created)
        case .plain: context.output.stdout.line(created.id)
        case .table:
            context.output.stdout.line(
                (scheduled.map { "scheduled \(created.id) for \($0)" } ?? "posted \(created.id)")
                    + (created.publiclyVisible ? "" : " (private)"))
        }
    }
}
