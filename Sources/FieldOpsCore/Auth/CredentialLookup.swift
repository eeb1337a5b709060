/// Finds the access token a profile's requests should carry.
///
/// `$FIELDOPS_TOKEN` wins over the keyring (as `GH_TOKEN` does for gh), so CI can run without a
/// keyring at all; otherwise the profile's `access_token` secret is used.
public enum CredentialLookup {
    /// A token and where it came from (for `fieldops auth status` and error hints).
    public struct Token: Sendable, Equatable, CustomStringConvertible {
        public var value: String
        /// `$FIELDOPS_TOKEN`, or `keyring <path>` (with `, encrypted` when it is).
        public var source: String

        public init(value: String, source: String) {
            self.value = value
            self.source = source
        }

        /// Never the token itself.
        public var description: String { "Token(<redacted>, from \(source))" }
    }

    public static let environmentVariable = "FIELDOPS_TOKEN"
    public static let accessTokenSecret = "access_token"

    /// `$FIELDOPS_TOKEN` when it is set and not empty: the one place that reads it.
    public static func environmentToken(in environment: [String: String]) -> String? {
        guard let value = environment[environmentVariable], !value.isEmpty else { return nil }
        return value
    }

    /// The token for `profile`, or nil when neither the environment nor the keyring has one.
    /// Throws only keyring errors (permissions, corruption, wrong passphrase).
    public static func token(for profile: String, environment: [String: String], keyring: Keyring?) throws -> Token? {
        if let value = environmentToken(in: environment) {
            return Token(value: value, source: "$" + environmentVariable)
        }
        guard let keyring, let value = try keyring.entry(for: profile)?.secrets[accessTokenSecret], !value.isEmpty else {
            return nil
        }
        let storage = try keyring.storage()
        return Token(value: value, source: "keyring \(storage.path)" + (storage.encrypted ? ", encrypted" : ""))
    }
}
