/// One named connection to a service: which backend, where, as whom, and how to talk HTTP to it.
public struct Profile: Sendable, Equatable {
    public var name: String
    /// The backend's canonical name, even when the file used an alias (`il` → `interlinedlist`).
    public var backend: String
    /// An http or https URL, as written (backends normalise it, e.g. MCMS appends `/api`).
    public var baseURL: String
    public var username: String?
    /// Defaults, overridden by the top-level `http:`, overridden by the profile's `http:`, key by key.
    public var http: HTTPSettings
    /// Backend-specific keys that were set, by name.
    public var settings: [String: ProfileValue]
    /// Where the profile is defined, `file:line:column` of its name.
    public var origin: String
    /// The file the profile is defined in.
    public var file: String

    public init(
        name: String, backend: String, baseURL: String, username: String? = nil,
        http: HTTPSettings = .defaults, settings: [String: ProfileValue] = [:], origin: String = "", file: String = ""
    ) {
        self.name = name
        self.backend = backend
        self.baseURL = baseURL
        self.username = username
        self.http = http
        self.settings = settings
        self.origin = origin
        self.file = file
    }

    public func string(_ key: String) -> String? {
        if case .string(let value)? = settings[key] { return value }
        return nil
    }

    public func bool(_ key: String) -> Bool? {
        if case .bool(let value)? = settings[key] { return value }
        return nil
    }

    public func int(_ key: String) -> Int? {
        if case .int(let value)? = settings[key] { return value }
        return nil
    }

    /// A duration key, in seconds.
    public func duration(_ key: String) -> Double? {
        if case .duration(let value)? = settings[key] { return value }
        return nil
    }
}
