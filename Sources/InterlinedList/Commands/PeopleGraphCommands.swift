import FieldOpsCore
import Foundation

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
        try await list.run(InterlinedListBackend.runtime(context))
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
        try await list.run(InterlinedListBackend.runtime(context))
    }
}

/// One side of a user's follows: `followers` or `following`, as the route and its answer name it.
public struct FollowList: Sendable {
    public var user: String?
    public var side: String

    func run(_ runtime: ILRuntime) async throws {
        try runtime.requireLogin()
        let user = self.user
        let side = self.side
        // Mirrored under the word given (offline there is no username lookup).
        let people = try await runtime.reader(noCache: false, refresh: true).run(
            side + "-" + (user ?? "me"), decode: { try JSONValue(parsing: $0).arrayValue ?? [] },
            fetch: {
                let client = try runtime.client()
                let userID: String
                if let user {
                    userID = try await ILUserResolver(client: client).resolve(user).id
                } else if let me = runtime.credentials.user?.id {
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
        switch runtime.output.format {
        case .json: runtime.output.emit(json: JSONValue.array(people))
        case .table, .plain:
            if people.isEmpty {
                runtime.output.sayEmpty(side == "followers" ? "no followers" : "not following anyone")
                return
            }
            runtime.output.stdout.write(
                PeopleTable.make(people, now: runtime.now, status: true).render(
                    format: runtime.output.format, color: runtime.output.terminal.colorEnabled))
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
        let runtime = try InterlinedListBackend.runtime(context)
        try runtime.requireLogin()
        let requests: [JSONValue]
        if answer == nil {
            requests = try await runtime.reader(noCache: false, refresh: true).run(
                "follow-requests", decode: { try JSONValue(parsing: $0).arrayValue ?? [] },
                fetch: {
                    let client = try runtime.client()
                    let items = try client.parse(try await client.send(.followRequests), .followRequests)["requests"]?.arrayValue ?? []
                    return (JSONValue.array(items).jsonData(), items)
                }
            ).value
        } else {
            let client = try runtime.client()
            requests = try client.parse(try await client.send(.followRequests), .followRequests)["requests"]?.arrayValue ?? []
        }
        let client = try runtime.client()
        guard let answer else {
            switch runtime.output.format {
            case .json: runtime.output.emit(json: JSONValue.array(requests))
            case .table, .plain:
                if requests.isEmpty {
                    runtime.output.sayEmpty("no pending follow requests")
                    return
                }
                runtime.output.stdout.write(
                    PeopleTable.make(requests, now: runtime.now, status: false).render(
                        format: runtime.output.format, color: runtime.output.terminal.colorEnabled))
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
        runtime.invalidate("follow-requests", "followers-")
        switch runtime.output.format {
        case .json: try runtime.output.emitJSON([answer.approve ? "approved" : "rejected": requesterID])
        case .plain: runtime.output.stdout.line(requesterID)
        case .table: runtime.output.stdout.line("\(answer.approve ? "approved" : "rejected") the follow request of \(answer.user)")
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
        let runtime = try InterlinedListBackend.runtime(context)
        let username = self.username
        // Mirrored as printed by --json: {username, lists, documents}.
        let answer = try await runtime.reader(noCache: false, refresh: true).run(
            "user-" + username, decode: { try JSONValue(parsing: $0) },
            fetch: {
                let client = try runtime.client()
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
        if runtime.output.format == .json {
            runtime.output.emit(json: answer)
            return
        }
        var table = Table("kind", "id", "title")
        for list in answer["lists"]?.arrayValue ?? [] {
            table.append(["list", list["id"]?.stringValue ?? "", list["title"]?.stringValue ?? ""])
        }
        for document in answer["documents"]?.arrayValue ?? [] {
            table.append(["document", document["id"]?.stringValue ?? "", document["title"]?.stringValue ?? ""])
        }
        if runtime.output.format == .table {
            let id = answer["lists"]?[0]?["userId"]?.stringValue
            runtime.output.stdout.line("@\(username)" + (id.map { "  \($0)" } ?? ""))
        }
        if table.rows.isEmpty {
            runtime.output.stderr.line("@\(username) has no public lists or documents")
            return
        }
        runtime.output.stdout.write(table.render(format: runtime.output.format, color: runtime.output.terminal.colorEnabled))
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
