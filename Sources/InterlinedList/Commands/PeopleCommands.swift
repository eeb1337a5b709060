import FieldOpsCore
import FoundationEssentials

/// `il whoami`: the signed-in user, from the server (refreshing the stored identity), or from
/// the keyring with the offline notice when the server cannot be reached.
public struct WhoamiCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "whoami", abstract: "Show the signed-in user (the stored identity when offline).",
        examples: ["fieldops il whoami", "fieldops il whoami --json"])

    public init(_ invocation: Invocation) {}

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let user = try await fetchUser(services, context.output)
        switch context.output.format {
        case .json:
            try context.output.emitJSON(user)
        case .plain:
            context.output.stdout.line([user.id, user.username ?? "", user.displayName ?? "", user.email ?? ""].joined(separator: "\t"))
        case .table:
            var table = Table("field", "value")
            table.append(["id", user.id])
            if let username = user.username { table.append(["username", username]) }
            if let name = user.displayName { table.append(["name", name]) }
            if let email = user.email { table.append(["email", email + (user.emailVerified == false ? " (not verified)" : "")]) }
            if let status = user.customerStatus { table.append(["plan", status]) }
            if let limit = user.maxMessageLength { table.append(["max message length", String(limit)]) }
            table.append(["profile", services.profile])
            table.append(["session cookie", services.credentials.sessionCookie == nil ? "no (token only)" : "yes"])
            context.output.stdout.write(table.render(format: .table, color: context.output.terminal.colorEnabled))
        }
    }

    /// The live profile (saved as the new stored identity), or the stored one when offline.
    private func fetchUser(_ services: ILServices, _ output: Output) async throws -> ILUser {
        do {
            let user = try await services.client().call(.currentUser, as: ILUserEnvelope.self).user
            if ILStoredCredentials(user: user).identity != services.credentials.identity {
                try services.saveIdentity(user)
            }
            return user
        } catch let error as ILError where error.isOffline {
            guard let known = services.credentials.user else { throw error }
            output.stderr.line("showing the identity stored at login: " + (error.unreachableReason ?? error.summary))
            return known
        }
    }
}

/// `il follow USER`: a username (resolved to the id the routes take) or an id.
public struct FollowCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "follow", abstract: "Follow a user by username or id (a private account gets a request).",
        discussion:
            "The follow routes take ids only; a username is resolved through the user's public lists, public posts, or the user search of one of your lists.",
        examples: ["fieldops il follow carol", "fieldops il follow u_carol"],
        arguments: [ILCommandTree.followedArgument])

    public var user: String

    public init(_ invocation: Invocation) throws {
        user = try FollowTarget.user(invocation, verb: "follow")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices(context)
        let (userID, shown) = try await FollowTarget.resolve(user, services)
        defer { FollowTarget.invalidate(services) }
        let result = try await services.client().call(.follow(userID), as: ILFollowEnvelope.self).follow
        switch context.output.format {
        case .json: try context.output.emitJSON(result)
        case .plain: context.output.stdout.line(result.status ?? "")
        case .table:
            context.output.stdout.line(
                result.status == "pending"
                    ? "follow request sent to \(shown) (private account: pending approval)"
                    : "following \(shown)")
        }
    }
}

/// `il unfollow USER`: stops following, or cancels a pending request.
public struct UnfollowCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "unfollow", abstract: "Stop following a user, or cancel a pending request.",
        examples: ["fieldops il unfollow carol"],
        arguments: [ILCommandTree.followedArgument])

    public var user: String

    public init(_ invocation: Invocation) throws {
        user = try FollowTarget.user(invocation, verb: "unfollow")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices(context)
        let (userID, shown) = try await FollowTarget.resolve(user, services)
        defer { FollowTarget.invalidate(services) }
        _ = try await services.client().send(.unfollow(userID))
        switch context.output.format {
        case .json: try context.output.emitJSON(["unfollowed": userID])
        case .plain: context.output.stdout.line(userID)
        case .table: context.output.stdout.line("no longer following \(shown)")
        }
    }
}

/// Whom `il follow` and `il unfollow` act on.
enum FollowTarget {
    static func user(_ invocation: Invocation, verb: String) throws -> String {
        guard let user = invocation.value("USER"), !user.isEmpty else {
            throw FieldOpsError.usage("il \(verb) needs a USER (username or id)")
        }
        return user
    }

    /// The user's id, and how to name them in the answer.
    static func resolve(_ user: String, _ services: ILServices) async throws -> (id: String, shown: String) {
        try services.requireLogin()
        let resolved = try await ILUserResolver(client: services.client()).resolve(user)
        return (resolved.id, resolved.username.map { "@\($0) (\(resolved.id))" } ?? resolved.id)
    }

    /// Following changes which private messages the feed shows.
    static func invalidate(_ services: ILServices) {
        services.invalidate("feed", "followers-", "following-", "follow-requests")
    }
}

/// `il orgs`: the user's organizations with their role (a cookie-only route).
public struct OrgsCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "orgs", abstract: "Show your organizations and your role in each.",
        discussion:
            "Organizations accept only the session cookie: a profile signed in with --with-token must log in with a password first.",
        examples: ["fieldops il orgs"])

    public init(_ invocation: Invocation) {}

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let organizations = try await services.reader(noCache: false, refresh: true, warnings: context.output.stderr).run("orgs") {
            try await services.client().call(.userOrganizations, as: ILOrganizationsPage.self)
        }.value.organizations
        switch context.output.format {
        case .json: try context.output.emitJSON(organizations)
        case .table, .plain:
            if organizations.isEmpty, context.output.format == .table {
                context.output.stderr.line("not a member of any organization")
                return
            }
            context.output.emit(ILTables.organizations(organizations))
        }
    }
}

/// `il notifications [--read ID…] [--read-all]`: the unread tray; marks items read with PATCH.
public struct NotificationsCommand: FieldOpsCommand {
    public static let definition = CommandSpec(
        "notifications", abstract: "Show unread notifications; mark them read; delete them.",
        examples: ["fieldops il notifications", "fieldops il notifications --read n002", "fieldops il notifications --read-all"],
        options: [
            OptionSpec("read", valueName: "ID", help: "Mark a notification read (repeatable).", repeatable: true),
            .flag("read-all", help: "Mark every notification read."),
        ],
        subcommands: [NotificationsDeleteCommand.spec])

    public var markRead: [String]
    public var markAll: Bool

    public init(_ invocation: Invocation) {
        markRead = invocation.all("read")
        markAll = invocation.flag("read-all")
    }

    public func run(_ context: CommandContext) async throws {
        let services = try ILServices.signedIn(context)
        let client = try services.client()
        for id in markRead {
            _ = try await client.send(.markNotificationRead(id))
        }
        if markAll {
            _ = try await client.send(.markAllNotificationsRead)
        }
        if !markRead.isEmpty || markAll { services.invalidate("notifications") }
        let tray = try await services.reader(noCache: false, refresh: true, warnings: context.output.stderr).run("notifications") {
            try await client.call(.notificationTray, as: ILNotificationTray.self)
        }.value
        switch context.output.format {
        case .json:
            try context.output.emitJSON(tray)
        case .table, .plain:
            if !markRead.isEmpty || markAll, context.output.format == .table {
                context.output.stderr.line(markAll ? "marked every notification read" : "marked \(markRead.count) read")
            }
            if tray.items.isEmpty {
                context.output.sayEmpty("no unread notifications")
                return
            }
            context.output.stdout.write(
                ILTables.notifications(tray.items, now: services.now).render(
                    format: context.output.format, color: context.output.terminal.colorEnabled))
            if context.output.format == .table { context.output.stderr.line("\(tray.unreadCount) unread") }
        }
    }
}
