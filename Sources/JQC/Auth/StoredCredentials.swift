import FieldOpsCore
import FoundationEssentials

/// The names under which a JQC profile's credentials and identity live in the keyring entry.
enum StoredCredentials {
    static let accessToken = KeyringSecret.accessToken
    static let refreshToken = KeyringSecret.refreshToken

    static let userID = "user_id"
    static let username = "username"
    static let role = "role"
    static let displayName = "display_name"
    static let email = "email"
    static let deviceID = "device_id"
    /// When the stored refresh token was issued (login or the last refresh), for saying how long
    /// it stays valid on the server when a logout could not revoke it.
    static let refreshIssuedAt = "refresh_issued_at"
    /// The server's default refresh-token lifetime (30 days).
    static let refreshLifetime: TimeInterval = 30 * 86_400

    /// The identity kept for offline use: enough to say who is working without the server.
    static func identity(of user: APIUser, deviceID: String?) -> [String: String] {
        var identity = [
            userID: String(user.id), username: user.username, role: user.role, displayName: user.displayName,
        ]
        if let address = user.email, !address.isEmpty { identity[email] = address }
        if let deviceID { identity[Self.deviceID] = deviceID }
        return identity
    }

    /// Writes a freshly granted token pair (and the identity, on login) in one keyring update.
    /// `rotated`: the pair replaces one the server no longer takes (a refresh), so when it can
    /// be stored nowhere it is still kept for the rest of the command (`Keyring.update`).
    static func save(_ grant: TokenGrant, user: APIUser?, profile: String, keyring: Keyring, rotated: Bool = false) throws {
        try keyring.update(profile: profile, orElseInMemory: rotated) { entry in
            entry.secrets[accessToken] = grant.accessToken
            entry.secrets[refreshToken] = grant.refreshToken
            entry.identity = (entry.identity ?? [:]).merging([refreshIssuedAt: JQCDate.format(Date()) + "Z"]) { _, new in new }
            if let user {
                entry.identity = identity(of: user, deviceID: entry.identity?[deviceID])
                    .merging(entry.identity ?? [:]) { new, _ in new }
            }
        }
    }

    /// The `exp` claim of a JWT access token, read without checking the signature (the
    /// server checks that); nil when the token is not a readable JWT.
    static func expiry(ofJWT token: String) -> Date? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var payload = String(parts[1]).replacingEvery("-", with: "+").replacingEvery("_", with: "/")
        while payload.count % 4 != 0 { payload += "=" }
        guard let data = Data(base64Encoded: payload),
            let claims = try? JSONValue(parsing: data),
            let exp = claims["exp"]?.numberValue?.double
        else { return nil }
        return Date(timeIntervalSince1970: exp)
    }
}
