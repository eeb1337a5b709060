import FieldOpsCore
import FoundationEssentials

/// `il followers [USER]` (default: you), both statuses, newest first.
public struct FollowersCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "followers", abstract: "Who follows a user (pending requests included).",
        examples: ["fieldops il followers", "fieldops il followers carol"],
        arguments: [ILCommandTree.personArgument])

    public var list: FollowList

    public init(_ invocation: Invocation) {
        list = FollowList(user: invocation.value("USER"), side: "followers")
    }

    public func run(_ context: CommandContext) async throws {
        try await list.run(context)
    }
}

/// `il following [USER]` (default: you), both statuses, newest first.
public struct FollowingCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "following", abstract: "Whom a user follows.",
        examples: ["fieldops il following", "fieldops il following dave"],
        arguments: [ILCommandTree.personArgument])

    public var list: FollowList

    public init(_ invocation: Invocation) {
        list = FollowList(user: invocation.value("USER"), side: "following")
    }

    public func run(_ context: CommandContext) async throws {
        try await list.run(context)
    }
}

/// One side of a user's follows: `followers` or `following`, as the route and its answer name it.
public struct FollowList: Sendable {
    public var user: String?
    public var side: String

    func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let user = self.user
        let side = self.side
        // Mirrored under the word given (offline there is no username lookup).
        let people = try await services.reader(noCache: false, refresh: true, warnings: context.output.stderr).run(
            side + "-" + (user ?? "me"), decode: { try JSONValue(parsing: $0).arrayValue ?? [] },
            fetch: {
                let client = try services.client()
                let userID: String
                if let user {
                    userID = try await ILUserResolver(client: client).resolve(user).id
                } else if let me = services.credentials.user?.id {
                    userID = me
                } else {
                    userID = try await client.call(.currentUser, as: ILUserEnvelope.self).user.id
                }
                var people: [JSONValue] = []
                var offset = 0
                while true {
                    let endpoint = ILEndpoint.followPeople(userID, side: side, limit: 100, offset: offset)
                    let page = try client.parse(try await client.send(endpoint), endpoint)
                    let items = page[side]?.arrayValue ?? []
                    people += items
                    guard page["pagination"]?["hasMore"]?.boolValue == true, !items.isEmpty else { break }
                    offset += items.count
                }
                return (JSONValue.array(people).jsonData(), people)
            }
        ).value
        switch context.output.format {
        case .json: context.output.emit(json: JSONValue.array(people))
        case .table, .plain:
            if people.isEmpty {
                context.output.sayEmpty(side == "followers" ? "no followers" : "not following anyone")
                return
            }
            context.output.stdout.write(
                PeopleTable.make(people, now: services.now, status: true).render(
                    format: context.output.format, color: context.output.terminal.colorEnabled))
        }
    }
}

/// `il requests`, `il requests approve USER`, `il requests reject USER`: follow requests to you.
public struct FollowRequestsCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "requests", abstract: "Follow requests to you; approve or reject them.",
        examples: ["fieldops il requests", "fieldops il requests approve bob"],
        subcommands: [FollowRequestApproveCommand.spec, FollowRequestRejectCommand.spec])

    /// Which request to answer and how; nil lists them.
    public var answer: (approve: Bool, user: String)?

    public init(_ invocation: Invocation) {}

    init(_ invocation: Invocation, approve: Bool) throws {
        guard let user = invocation.value("USER"), !user.isEmpty else {
            throw FieldOpsError.usage("il requests \(approve ? "approve" : "reject") needs the USER who asked")
        }
        answer = (approve, user)
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let requests: [JSONValue]
        if answer == nil {
            requests = try await services.reader(noCache: false, refresh: true, warnings: context.output.stderr).run(
                "follow-requests", decode: { try JSONValue(parsing: $0).arrayValue ?? [] },
                fetch: {
                    let client = try services.client()
                    let items = try client.parse(try await client.send(.followRequests), .followRequests)["requests"]?.arrayValue ?? []
                    return (JSONValue.array(items).jsonData(), items)
                }
            ).value
        } else {
            let client = try services.client()
            requests = try client.parse(try await client.send(.followRequests), .followRequests)["requests"]?.arrayValue ?? []
        }
        let client = try services.client()
        guard let answer else {
            switch context.output.format {
            case .json: context.output.emit(json: JSONValue.array(requests))
            case .table, .plain:
                if requests.isEmpty {
                    context.output.sayEmpty("no pending follow requests")
                    return
                }
                context.output.stdout.write(
                    PeopleTable.make(requests, now: services.now, status: false).render(
                        format: context.output.format, color: context.output.terminal.colorEnabled))
            }
            return
        }
        // The requesters are right here: match the username without any other lookup.
        let name = answer.user.hasPrefix("@") ? String(answer.user.dropFirst()) : answer.user
        let requesterID = requests.first { $0["username"]?.stringValue == name || $0["id"]?.stringValue == name }?["id"]?.stringValue
        guard let requesterID else {
            throw FieldOpsError(
                "no pending follow request from \(answer.user)",
                hint: "fieldops il requests lists who asked")
        }
        _ = try await client.send(.answerFollowRequest(requesterID, approve: answer.approve))
        services.invalidate("follow-requests", "followers-")
        switch context.output.format {
        case .json: try context.output.emitJSON([answer.approve ? "approved" : "rejected": requesterID])
        case .plain: context.output.stdout.line(requesterID)
        case .table: context.output.stdout.line("\(answer.approve ? "approved" : "rejected") the follow request of \(answer.user)")
        }
    }
}

/// `il requests approve USER`.
public struct FollowRequestApproveCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "approve", abstract: "Approve a follow request.", examples: ["fieldops il requests approve bob"],
        arguments: [ILCommandTree.requesterArgument])

    public var requests: FollowRequestsCommand

    public init(_ invocation: Invocation) throws {
        requests = try FollowRequestsCommand(invocation, approve: true)
    }

    public func run(_ context: CommandContext) async throws { try await requests.run(context) }
}

/// `il requests reject USER`.
public struct FollowRequestRejectCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "reject", abstract: "Reject a follow request.", examples: ["fieldops il requests reject bob"],
        arguments: [ILCommandTree.requesterArgument])

    public var requests: FollowRequestsCommand

    public init(_ invocation: Invocation) throws {
        requests = try FollowRequestsCommand(invocation, approve: false)
    }

    public func run(_ context: CommandContext) async throws { try await requests.run(context) }
}

/// `il user show USERNAME`: the person's public lists and documents (mirrored per username).
public struct UserShowCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "show", abstract: "A user's public lists and documents.", examples: ["fieldops il user show carol"],
        arguments: [ArgumentSpec("USERNAME", help: "The username.")])

    public var username: String

    public init(_ invocation: Invocation) throws {
        guard let name = invocation.value("USERNAME"), !name.isEmpty else { throw FieldOpsError.usage("il user show needs a USERNAME") }
        username = name.hasPrefix("@") ? String(name.dropFirst()) : name
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices(context)
        let username = self.username
        // Mirrored as printed by --json: {username, lists, documents}.
        let answer = try await services.reader(noCache: false, refresh: true, warnings: context.output.stderr).run(
            "user-" + username, decode: { try JSONValue(parsing: $0) },
            fetch: {
                let client = try services.client()
                async let listsAnswer = client.send(.publicLists(username))
                async let documentsAnswer = client.send(.publicDocuments(username))
                let lists: JSONValue
                do {
                    lists = try client.parse(try await listsAnswer, .publicLists(username))
                } catch let error as ILError where error.isNotFound {
                    throw FieldOpsError("no user @\(username)", hint: "usernames are case-sensitive")
                }
                let documents = try client.parse(try await documentsAnswer, .publicDocuments(username))
                let answer = JSONValue.object(
                    JSONObject([
                        ("username", .string(username)), ("lists", lists["lists"] ?? []),
                        ("documents", documents["documents"] ?? []),
                    ]))
                return (answer.jsonData(), answer)
            }
        ).value
        if context.output.format == .json {
            context.output.emit(json: answer)
            return
        }
        var table = Table("kind", "id", "title")
        for list in answer["lists"]?.arrayValue ?? [] {
            table.append(["list", list["id"]?.stringValue ?? "", list["title"]?.stringValue ?? ""])
        }
        for document in answer["documents"]?.arrayValue ?? [] {
            table.append(["document", document["id"]?.stringValue ?? "", document["title"]?.stringValue ?? ""])
        }
        if context.output.format == .table {
            let id = answer["lists"]?[0]?["userId"]?.stringValue
            context.output.stdout.line("@\(username)" + (id.map { "  \($0)" } ?? ""))
        }
        if table.rows.isEmpty {
            context.output.stderr.line("@\(username) has no public lists or documents")
            return
        }
        context.output.emit(table)
    }
}

enum PeopleTable {
    static func make(_ people: [JSONValue], now: Int64, status: Bool) -> Table {
        var table = status ? Table("id", "username", "name", "status", "since") : Table("id", "username", "name", "since")
        for person in people {
            var row = [
                person["id"]?.stringValue ?? "", person["username"]?.stringValue.map { "@" + $0 } ?? "",
                person["displayName"]?.stringValue ?? "",
            ]
            if status { row.append(person["status"]?.stringValue ?? "") }
            row.append(person["createdAt"]?.stringValue.map { RelativeTime.describe(iso: $0, now: now) } ?? "")
            table.append(row)
        }
        return table
    }
}
