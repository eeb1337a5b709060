import FieldOpsCore
import FoundationEssentials

/// Organizations are cookie-only routes; every `il org` command names one by id (or slug, for show).
enum OrganizationID {
    static func read(_ invocation: Invocation) throws -> String {
        guard let id = invocation.value("ID"), !id.isEmpty else {
            throw FieldOpsError.usage("il org needs an organization ID (or slug for show)")
        }
        return id
    }
}

/// `il org show ID|SLUG`: an organization's facts and your role.
public struct OrgShowCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "show", abstract: "An organization's facts and your role.", examples: ["fieldops il org show lovelace-labs"],
        arguments: [ILCommandTree.organizationArgument])

    public var id: String

    public init(_ invocation: Invocation) throws { id = try OrganizationID.read(invocation) }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        let id = self.id
        let org = try await services.reader(noCache: false, refresh: true, warnings: context.output.stderr).run(
            "org-" + id, decode: { try JSONValue(parsing: $0) },
            fetch: {
                let value = try client.parse(try await client.send(.organization(id)), .organization(id))["organization"] ?? .null
                return (value.jsonData(), value)
            }
        ).value
        if context.output.format == .json { return context.output.emit(json: org) }
        var table = Table("field", "value")
        for key in ["id", "name", "slug", "description", "isPublic", "memberCount", "userRole"] {
            if let value = org[key], !value.isNull { table.append([key, ILCell.text(value)]) }
        }
        context.output.emit(table)
    }
}

/// `il org join ID`.
public struct OrgJoinCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "join", abstract: "Join a public organization.", examples: ["fieldops il org join org3"],
        arguments: [ILCommandTree.organizationArgument])

    public var id: String

    public init(_ invocation: Invocation) throws { id = try OrganizationID.read(invocation) }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        _ = try await client.send(.joinOrganization, body: ILJSONBody(["organizationId": .string(id)]))
        services.invalidate("orgs", "org-")
        context.output.stdout.line(context.output.format == .plain ? id : "joined organization \(id)")
    }
}

/// `il org leave ID` (asks first).
public struct OrgLeaveCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "leave", abstract: "Leave an organization (asks first; --yes off a terminal).", examples: ["fieldops --yes il org leave org3"],
        arguments: [ILCommandTree.organizationArgument])

    public var id: String

    public init(_ invocation: Invocation) throws { id = try OrganizationID.read(invocation) }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        guard let me = services.credentials.user?.id else { throw ILError.notLoggedIn(profile: services.profile) }
        try context.prompter.confirm("leave organization \(id)")
        _ = try await client.send(.leaveOrganization(id, userID: me))
        services.invalidate("orgs", "org-")
        context.output.stdout.line(context.output.format == .plain ? id : "left organization \(id)")
    }
}

/// `il org members ID`: every page of members, with their roles.
public struct OrgMembersCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "members", abstract: "The members and their roles (members only).", examples: ["fieldops il org members org1"],
        arguments: [ILCommandTree.organizationArgument])

    public var id: String

    public init(_ invocation: Invocation) throws { id = try OrganizationID.read(invocation) }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        let id = self.id
        let members = try await services.reader(noCache: false, refresh: true, warnings: context.output.stderr).run(
            "org-members-" + id, decode: { try JSONValue(parsing: $0).arrayValue ?? [] },
            fetch: {
                var members: [JSONValue] = []
                var offset = 0
                while true {
                    let endpoint = ILEndpoint.organizationMembers(id, limit: 100, offset: offset)
                    let page = try client.parse(try await client.send(endpoint), endpoint)
                    let items = page["members"]?.arrayValue ?? []
                    members += items
                    guard page["pagination"]?["hasMore"]?.boolValue == true, !items.isEmpty else { break }
                    offset += items.count
                }
                return (JSONValue.array(members).jsonData(), members)
            }
        ).value
        if context.output.format == .json { return context.output.emit(json: JSONValue.array(members)) }
        var table = Table("id", "username", "name", "role")
        for member in members {
            table.append([
                member["id"]?.stringValue ?? "", member["username"]?.stringValue.map { "@" + $0 } ?? "",
                member["displayName"]?.stringValue ?? "", member["role"]?.stringValue ?? "",
            ])
        }
        context.output.emit(table)
    }
}

/// `il notifications delete ID…` (the server answers 204 with no body).
public struct NotificationsDeleteCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "delete", abstract: "Delete notifications.",
        examples: ["fieldops il notifications delete n002 n003"],
        arguments: [ArgumentSpec("ID", help: "Notification ids.", variadic: true)])

    public var ids: [String]

    public init(_ invocation: Invocation) throws {
        ids = invocation.all("ID")
        guard !ids.isEmpty else { throw FieldOpsError.usage("il notifications delete needs at least one notification ID") }
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        for id in ids {
            _ = try await client.send(.deleteNotification(id))
        }
        services.invalidate("notifications")
        switch context.output.format {
        case .json: try context.output.emitJSON(["deleted": ids])
        case .plain: for id in ids { context.output.stdout.line(id) }
        case .table: context.output.stdout.line("deleted \(ids.count) notification\(ids.count == 1 ? "" : "s")")
        }
    }
}
