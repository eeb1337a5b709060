import FieldOpsCore

/// A username (or `@username`) or a user id, turned into the user id every follow route needs.
///
/// The server has no route for this (server notes §4). In order: the public lists of the
/// username (`lists[].userId`, when they have a public list), their public wall
/// (`messages[].user.id`), then the watcher search of one of your own lists (exact username
/// match). A word that is no username is tried as an id with `GET /api/follow/{id}/status`.
public struct ILUserResolver: Sendable {
    public let client: ILClient

    public init(client: ILClient) { self.client = client }

    public struct Resolved: Sendable, Equatable {
        public var id: String
        public var username: String?
    }

    public func resolve(_ word: String) async throws -> Resolved {
        let name = word.hasPrefix("@") ? String(word.dropFirst()) : word
        guard !name.isEmpty else { throw FieldOpsError.usage("a username or user id is needed") }
        var usernameExists = false
        do {
            let lists = try client.parse(try await client.send(.publicLists(name)), .publicLists(name))
            usernameExists = true
            if let id = lists["lists"]?[0]?["userId"]?.stringValue { return Resolved(id: id, username: name) }
        } catch let error as ILError where error.isNotFound {}
        if usernameExists {
            let wall = try client.parse(try await client.send(.userWall(name, limit: 1)), .userWall(name, limit: 1))
            if let id = wall["messages"]?[0]?["user"]?["id"]?.stringValue { return Resolved(id: id, username: name) }
            if let id = try await searchOwnLists(name) { return Resolved(id: id, username: name) }
            throw FieldOpsError(
                "user @\(name) exists but their id cannot be found: they have no public list or post, and the user search of your lists does not show them",
                hint: "ask them for their user id (fieldops il whoami shows it) and use that")
        }
        do {
            _ = try await client.send(.followStatus(name))
            return Resolved(id: name, username: nil)
        } catch let error as ILError where error.isNotFound {
            throw FieldOpsError("no user with the username or id \(word)", hint: "check the spelling; usernames are case-sensitive")
        }
    }

    /// The watcher-candidate search of the first list you own, matched on the exact username.
    func searchOwnLists(_ name: String) async throws -> String? {
        let first = try await client.call(.lists(limit: 1, offset: 0), as: ILListsPage.self).lists.first
        guard let list = first else { return nil }
        let endpoint = ILEndpoint.watcherCandidates(list.id, search: name)
        let found = try client.parse(try await client.send(endpoint), endpoint)
        return found["users"]?.arrayValue?.first { $0["username"]?.stringValue == name }?["id"]?.stringValue
    }
}
