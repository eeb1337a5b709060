import FieldOpsCore
import FoundationEssentials

/// `il message show ID`: the post, then its replies as a thread (oldest first, nested).
///
/// Replies come from a cookie-only route; without a session cookie only the post is shown.
public struct MessageShowCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "show", abstract: "Show a post and its replies as a thread (replies need the session cookie).",
        examples: ["fieldops il message show m080", "fieldops il message show m080 --json"],
        arguments: [ILCommandTree.messageArgument])

    public var id: String
    /// How deep nested replies are followed.
    static let depth = 6

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il message show needs a message ID") }
        self.id = id
    }

    /// A reply with the replies under it.
    struct Node {
        var message: ILMessage
        var raw: JSONValue
        var replies: [Node]
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let id = self.id
        let hasCookie = services.credentials.sessionCookie != nil
        // The post with its replies nested under `replies`, as `--json` prints it and the mirror keeps it.
        let thread = try await services.reader(noCache: false, refresh: true, warnings: context.output.stderr).run(
            "message-" + id, decode: { try JSONValue(parsing: $0) },
            fetch: {
                let client = try services.client()
                var object = try client.parse(try await client.send(.message(id)), .message(id)).objectValue ?? JSONObject()
                let replies = hasCookie ? try await Self.thread(of: id, client: client, depth: Self.depth) : []
                object["replies"] = .array(replies.map(Self.json))
                let value = JSONValue.object(object)
                return (value.jsonData(), value)
            }
        ).value
        let message = try thread.decode(ILMessage.self)
        let replies = Self.nodes(thread["replies"])
        switch context.output.format {
        case .json:
            context.output.emit(json: thread)
        case .table, .plain:
            let width = context.output.terminal.width
            context.output.stdout.write(
                FeedCard.render(message, width: width, now: services.now, color: context.output.terminal.colorEnabled))
            Self.write(replies, indent: "    ", width: width, now: services.now, context.output)
        }
        if !hasCookie {
            context.output.stderr.line(
                "replies need the session cookie (this profile has only a token): fieldops auth login -p \(services.profile)")
        }
    }

    static func thread(of id: String, client: ILClient, depth: Int) async throws -> [Node] {
        guard depth > 0 else { return [] }
        let page = try client.parse(try await client.send(.replies(id)), .replies(id))
        var nodes: [Node] = []
        for raw in page["replies"]?.arrayValue ?? [] {
            guard let message = try? raw.decode(ILMessage.self) else { continue }
            let nested = (raw["replyCount"]?.int64Value ?? 0) > 0 ? try await thread(of: message.id, client: client, depth: depth - 1) : []
            nodes.append(Node(message: message, raw: raw, replies: nested))
        }
        return nodes
    }

    /// The nested `replies` of a thread document back as nodes.
    static func nodes(_ value: JSONValue?) -> [Node] {
        (value?.arrayValue ?? []).compactMap { raw in
            guard let message = try? raw.decode(ILMessage.self) else { return nil }
            return Node(message: message, raw: raw, replies: nodes(raw["replies"]))
        }
    }

    static func json(_ node: Node) -> JSONValue {
        var object = node.raw.objectValue ?? JSONObject()
        object["replies"] = .array(node.replies.map(json))
        return .object(object)
    }

    static func write(_ nodes: [Node], indent: String, width: Int, now: Int64, _ output: Output) {
        for node in nodes {
            output.stdout.line()
            let card = FeedCard.render(
                node.message, width: max(width - indent.count, 20), now: now, color: output.terminal.colorEnabled)
            for line in card.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                output.stdout.line(indent + line)
            }
            write(node.replies, indent: indent + "    ", width: width, now: now, output)
        }
    }
}

/// `il reply ID TEXT`: a reply is a post with `parentId` (TEXT `-` reads stdin).
public struct ReplyCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "reply", abstract: "Reply to a post (TEXT - reads stdin).",
        examples: ["fieldops il reply m080 'On my way'"],
        arguments: [ILCommandTree.messageArgument, ArgumentSpec("TEXT", help: "The reply, or - for stdin.")])

    public var parentID: String
    /// The TEXT argument: the reply, or `-` for stdin (read when the command runs).
    public var argument: String

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else {
            throw FieldOpsError.usage("il reply needs the ID of the message to answer")
        }
        guard let argument = invocation.value("TEXT") else {
            throw FieldOpsError.usage("il reply needs the reply TEXT (or - to read stdin)")
        }
        parentID = id
        self.argument = argument
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices(context)
        let text = try MessageText.read(argument, stdin: context.stdin, empty: "the reply is empty")
        try services.requireLogin()
        let client = try services.client()
        let user = try await client.call(.currentUser, as: ILUserEnvelope.self).user
        try MessageLength.check(text, limit: user.maxMessageLength)
        let created = try await client.call(
            .postMessage, body: ILNewMessage(content: text, parentId: parentID), as: ILCreated<ILMessage>.self
        ).data
        services.invalidate("feed", "message-")
        switch context.output.format {
        case .json: try context.output.emitJSON(created)
        case .plain: context.output.stdout.line(created.id)
        case .table: context.output.stdout.line("replied to \(parentID) with \(created.id)")
        }
    }
}

/// `il message delete ID`: the server deletes the post and every reply under it, whoever wrote
/// them, so the question counts them first.
public struct MessageDeleteCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "delete", abstract: "Delete a post for good, with every reply under it (asks first; --yes off a terminal).",
        examples: ["fieldops --yes il message delete m077"],
        arguments: [ILCommandTree.messageArgument])

    public var id: String

    public init(_ invocation: Invocation) throws {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il message delete needs a message ID") }
        self.id = id
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        _ = try await client.send(.message(id))
        var replies = "its replies"
        if services.credentials.sessionCookie != nil {
            let count = Self.count(try await MessageShowCommand.thread(of: id, client: client, depth: MessageShowCommand.depth))
            replies = "its \(count) repl\(count == 1 ? "y" : "ies")"
        }
        try context.prompter.confirm("delete message \(id) for good, with \(replies) (replies by others go too)")
        _ = try await client.send(.deleteMessage(id))
        services.invalidate("feed", "message-", "scheduled-")
        switch context.output.format {
        case .json: try context.output.emitJSON(["deleted": id])
        case .plain: context.output.stdout.line(id)
        case .table: context.output.stdout.line("deleted message \(id) and \(replies)")
        }
    }

    static func count(_ nodes: [MessageShowCommand.Node]) -> Int {
        nodes.reduce(0) { $0 + 1 + count($1.replies) }
    }
}

/// `il dig ID` (a cookie-only route).
public struct DigCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "dig", abstract: "Dig a post (cookie-only route).",
        examples: ["fieldops il dig m079"],
        arguments: [ILCommandTree.messageArgument])

    public var id: String

    public init(_ invocation: Invocation) throws {
        id = try MessageDig.id(invocation, verb: "dig")
    }

    public func run(_ context: CommandContext) async throws {
        try await MessageDig.send(id, undo: false, context)
    }
}

/// `il undig ID` (a cookie-only route).
public struct UndigCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "undig", abstract: "Take back a dig.",
        examples: ["fieldops il undig m080"],
        arguments: [ILCommandTree.messageArgument])

    public var id: String

    public init(_ invocation: Invocation) throws {
        id = try MessageDig.id(invocation, verb: "undig")
    }

    public func run(_ context: CommandContext) async throws {
        try await MessageDig.send(id, undo: true, context)
    }
}

/// What `il dig` and `il undig` share: one route, told apart by its method.
enum MessageDig {
    static func id(_ invocation: Invocation, verb: String) throws -> String {
        guard let id = invocation.value("ID"), !id.isEmpty else { throw FieldOpsError.usage("il \(verb) needs a message ID") }
        return id
    }

    static func send(_ id: String, undo: Bool, _ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        let endpoint = ILEndpoint.dig(id, undo: undo)
        let answer: JSONValue
        do {
            answer = try client.parse(try await client.send(endpoint), endpoint)
        } catch let error as ILError where error.isNotFound && error.notFoundMessage == "Dig not found" {
            throw FieldOpsError("you have not dug message \(id)", exitCode: .failure)
        }
        services.invalidate("feed", "message-")
        let count = answer["digCount"].map(ILCell.text) ?? "?"
        switch context.output.format {
        case .json: context.output.emit(json: answer)
        case .plain: context.output.stdout.line(count)
        case .table: context.output.stdout.line((undo ? "undug \(id)" : "dug \(id)") + " · \(count) dig\(count == "1" ? "" : "s")")
        }
    }
}

/// `il scheduled [--range today|week|month]`: your posts waiting for their time, soonest first.
///
/// Mirrored per range. Offline, the snapshot of the range asked for, or of a wider one, is
/// filtered here the way the server filters (`now ≤ scheduledAt ≤ now + range`), so a post whose
/// time has come since the read is no longer shown as waiting.
public struct ScheduledCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "scheduled", abstract: "Your scheduled posts, soonest first.",
        examples: ["fieldops il scheduled", "fieldops il scheduled --range week"],
        options: [
            OptionSpec(
                "range", value: .choice(["today", "week", "month"]), valueName: "RANGE", help: "How far ahead (default month).")
        ])

    /// The range as the server reads it: anything but `today` or `week` is `month`.
    public var range: String

    /// The ranges from narrowest to widest, with the span the server gives the two narrow ones.
    static let ranges: [(name: String, days: Int64?)] = [("today", 1), ("week", 7), ("month", nil)]

    public init(_ invocation: Invocation) {
        let asked = invocation.value("range") ?? "month"
        range = Self.ranges.contains { $0.name == asked } ? asked : "month"
    }

    static func mirrorName(_ range: String) -> String { "scheduled-" + range }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let range = self.range
        // The reader only keeps the answer; offline, `offline` filters the mirrored one.
        let items = try await MirrorQueries.live(
            services, context.output,
            {
                try await services.reader(noCache: true, refresh: false, warnings: context.output.stderr).run(
                    Self.mirrorName(range), decode: { try JSONValue(parsing: $0).arrayValue ?? [] },
                    fetch: {
                        let client = try services.client()
                        let endpoint = ILEndpoint.scheduledMessages(range: range)
                        let items = try client.parse(try await client.send(endpoint), endpoint)["messages"]?.arrayValue ?? []
                        return (JSONValue.array(items).jsonData(), items)
                    }
                ).value
            }, offline: { mirror in Self.offline(range, mirror, now: services.now) })
        if context.output.format == .json {
            context.output.emit(json: JSONValue.array(items))
            return
        }
        if items.isEmpty {
            context.output.sayEmpty("nothing scheduled in the coming \(range == "today" ? "day" : range)")
            return
        }
        var table = Table(columns: [.init("id"), .timestamp("at"), .init("text")])
        for item in items {
            table.append([
                item["id"]?.stringValue ?? "", item["scheduledAt"]?.stringValue ?? "",
                String((item["content"]?.stringValue ?? "").prefix(60)),
            ])
        }
        context.output.emit(table)
    }

    /// The posts still waiting within `range`, from the narrowest mirrored range that covers it.
    static func offline(_ range: String, _ mirror: ILMirror, now: Int64) -> ([JSONValue], savedAt: Int64)? {
        guard let asked = ranges.firstIndex(where: { $0.name == range }) else { return nil }
        for covering in ranges[asked...] {
            guard case .hit(let data, let savedAt) = mirror.load(mirrorName(covering.name)),
                let items = try? JSONValue(parsing: data).arrayValue
            else { continue }
            let end = ranges[asked].days.map { now + $0 * 86_400_000 }
            let waiting = items.filter { item in
                guard let text = item["scheduledAt"]?.stringValue, let at = Timestamp.milliseconds(text) else { return false }
                return at >= now && end.map { at <= $0 } ?? true
            }
            return (waiting, savedAt)
        }
        return nil
    }
}

/// `--at TIME` of `il post`: an ISO 8601 instant, `YYYY-MM-DD HH:MM` (UTC), or `+30m`/`+2h`/`+1d`.
public enum ScheduleTime {
    public static func parse(_ text: String, now: Int64) throws -> Int64 {
        let trimmed = text.trimmingSpaces()
        var millis: Int64?
        if trimmed.hasPrefix("+"), let unit = trimmed.last, let amount = Int64(trimmed.dropFirst().dropLast()), amount > 0, amount < 100_000
        {
            let scale: Int64? = ["m": 60_000, "h": 3_600_000, "d": 86_400_000][unit]
            millis = scale.map { now + amount * $0 }
        } else {
            millis =
                Timestamp.milliseconds(trimmed)
                ?? Timestamp.milliseconds(trimmed.replacingEvery(" ", with: "T") + ":00Z")
        }
        guard let millis else {
            throw FieldOpsError.usage(
                "--at \(text): not a time", hint: "give 2026-12-24T09:00:00Z, '2026-12-24 09:00' (UTC), or +30m, +2h, +1d")
        }
        guard millis > now else { throw FieldOpsError.usage("--at \(text) is in the past; a scheduled post needs a future time") }
        return millis
    }

    /// Unix milliseconds as the server writes instants: `2026-12-24T09:00:00.000Z`.
    public static func iso(_ millis: Int64) -> String {
        let (days, second) = CivilDate.split(epochSeconds: millis / 1_000)
        let date = CivilDate.fromDays(days)
        func pad(_ value: Int, _ width: Int = 2) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return
            "\(pad(date.year, 4))-\(pad(date.month))-\(pad(date.day))T\(pad(second / 3600)):\(pad(second / 60 % 60)):\(pad(second % 60)).\(pad(Int(millis % 1000), 3))Z"
    }
}
