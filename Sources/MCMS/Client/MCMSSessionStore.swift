import FieldOpsCore
import FoundationEssentials

/// Where an MCMS session lives between runs: the profile's keyring entry.
///
/// Session cookies are secrets (seed), so they are kept only in the keyring, as the HTTP core's
/// cookie-jar export. The password is stored only when the person opted in with
/// `auth login --remember-password`, so an expired session can log in again by itself.
public struct MCMSSessionStore: Sendable {
    static let cookiesSecret = KeyringSecret.cookies
    static let passwordSecret = KeyringSecret.password
    /// The login name, kept as identity (not a secret) for `auth status` and re-login.
    static let userIdentity = "user"

    public let keyring: Keyring
    public let profile: String

    public init(keyring: Keyring, profile: String) {
        self.keyring = keyring
        self.profile = profile
    }

    /// True when the profile has stored session cookies (it logged in and did not log out).
    public func hasSession() throws -> Bool {
        guard let text = try keyring.entry(for: profile)?.secrets[Self.cookiesSecret] else { return false }
        return !text.isEmpty
    }

    /// Saves the jar after a login (and after a re-login); keeps the other secrets.
    public func save(cookies: CookieJar, user: String, password: String?, remember: Bool) throws {
        try keyring.update(profile: profile) { entry in
            entry.secrets[Self.cookiesSecret] = cookies.export()
            if remember, let password {
                entry.secrets[Self.passwordSecret] = password
            } else if !remember, password != nil {
                // A fresh login without the opt-in forgets a password stored earlier.
                entry.secrets[Self.passwordSecret] = nil
            }
            var identity = entry.identity ?? [:]
            identity[Self.userIdentity] = user
            entry.identity = identity
            entry.updatedAt = Date()
        }
    }

    /// The remembered username and password, when the profile opted in.
    public func rememberedCredentials() throws -> (username: String, password: String)? {
        guard let entry = try keyring.entry(for: profile),
            let username = entry.identity?[Self.userIdentity], let password = entry.secrets[Self.passwordSecret]
        else { return nil }
        return (username, password)
    }

    public func user() throws -> String? {
        try keyring.entry(for: profile)?.identity?[Self.userIdentity]
    }
}
