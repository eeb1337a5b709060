import FieldOpsCore

/// Who the profile is logged in as, from the keyring alone: what a command shows or filters
/// by when the server cannot be asked (the iPad's offline session restore).
public struct JQCIdentity: Sendable, Equatable {
    public var userID: Int
    public var username: String
    public var role: String
    public var displayName: String

    /// The stored identity, or nil when the profile never logged in (or logged out).
    public static func stored(in entry: KeyringEntry?) -> JQCIdentity? {
        guard let identity = entry?.identity, let id = identity[StoredCredentials.userID].flatMap(Int.init),
            let username = identity[StoredCredentials.username]
        else { return nil }
        return JQCIdentity(
            userID: id, username: username, role: identity[StoredCredentials.role] ?? "",
            displayName: identity[StoredCredentials.displayName] ?? username)
    }

    /// The stored identity of the command's profile.
    public static func stored(context: CommandContext, profile: Profile) throws -> JQCIdentity? {
        stored(in: try context.keyring().entry(for: profile.name))
    }
}
