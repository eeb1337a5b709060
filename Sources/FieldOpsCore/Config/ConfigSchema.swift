/// What the configuration loader accepts: the backends registered with this build of fieldops.
///
/// The core knows no backend; `main.swift` builds this from the registered backends, and tests
/// build one by hand.
public struct ConfigSchema: Sendable {
    public var backends: [BackendSchema]

    public init(backends: [BackendSchema]) {
        self.backends = backends
    }

    /// The backend called `word` by its name or one of its aliases.
    public func backend(named word: String) -> BackendSchema? {
        backends.first { $0.name == word || $0.aliases.contains(word) }
    }

    /// Every accepted spelling, for hints and completion.
    public var backendNames: [String] {
        backends.flatMap { [$0.name] + $0.aliases }
    }
}

/// One backend as the configuration sees it: its names and the extra keys its profiles may carry.
public struct BackendSchema: Sendable, Equatable {
    /// The canonical name stored in `Profile.backend` (`interlinedlist`).
    public var name: String
    /// Other accepted spellings (`il`).
    public var aliases: [String]
    public var profileKeys: [ProfileKey]

    /// `profileKeys` are the backend's own; every backend's profiles take the core's
    /// `ProfileKey.common` too.
    public init(name: String, aliases: [String] = [], profileKeys: [ProfileKey] = []) {
        self.name = name
        self.aliases = aliases
        self.profileKeys = profileKeys + ProfileKey.common.filter { common in !profileKeys.contains { $0.name == common.name } }
    }
}

/// A backend-specific profile key such as MCMS's `remember_password`.
public struct ProfileKey: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case string, bool, int, duration
    }

    public var name: String
    public var kind: Kind
    /// One line for `fieldops profile add --help` and the example configuration.
    public var help: String

    public init(_ name: String, kind: Kind, help: String) {
        self.name = name
        self.kind = kind
        self.help = help
    }
}

extension ProfileKey {
    /// The name of the one key that lets a login send a password over plain http to a host
    /// that is not loopback (`LoginTransport`).
    public static let allowInsecureHTTP = "allow_insecure_http"

    /// Keys every backend's profiles take.
    public static let common = [
        ProfileKey(
            allowInsecureHTTP, kind: .bool,
            help:
                "Let `auth login` send the password over a plain http:// base_url to a host that is not loopback (readable by anyone on the network; default false)"
        )
    ]
}

/// The value of a backend-specific key, typed by its `ProfileKey.Kind`.
public enum ProfileValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    /// Seconds.
    case duration(Double)
}
