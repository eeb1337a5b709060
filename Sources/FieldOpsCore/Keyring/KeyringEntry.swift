import FoundationEssentials

/// What the keyring keeps for one profile.
///
/// Printing an entry (`print`, string interpolation, `dump`, debugger summaries) shows which
/// secrets exist but never their values.
public struct KeyringEntry: Codable, Sendable, Equatable {
    /// `access_token`, `refresh_token`, session cookies (serialized by the HTTP core), and —
    /// only when the person opts in — `password`.
    public var secrets: [String: String]
    /// User id, role, display name: enough to launch offline without asking the server.
    public var identity: [String: String]?
    public var updatedAt: Date

    public init(secrets: [String: String] = [:], identity: [String: String]? = nil, updatedAt: Date = Date()) {
        self.secrets = secrets
        self.identity = identity
        self.updatedAt = updatedAt
    }
}

extension KeyringEntry: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        let names = secrets.keys.sorted().map { "\($0): <redacted>" }.joined(separator: ", ")
        let who = identity.map { identity in
            identity.keys.sorted().map { "\($0): \(identity[$0] ?? "")" }.joined(separator: ", ")
        }
        return "KeyringEntry(secrets: [\(names)], identity: [\(who ?? "")], updatedAt: \(updatedAt))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "secrets": secrets.keys.sorted().map { "\($0): <redacted>" },
                "identity": identity as Any,
                "updatedAt": updatedAt,
            ])
    }
}
