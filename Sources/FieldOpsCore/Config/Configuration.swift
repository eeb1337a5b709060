/// The loaded configuration: profiles from `config.yaml` and `profiles.d/*.yaml`, the shared
/// `http:` defaults and the `keyring:` block.
///
/// A missing `config.yaml` is not an error: it loads as an empty configuration, so a fresh
/// install can run `fieldops profile add` straight away.
public struct Configuration: Sendable {
    public var paths: ConfigPaths
    public var schema: ConfigSchema
    /// Every file that was read, main file first, in load order.
    public var files: [String]
    /// `default_profile: NAME`, the single value of older files: the default of NAME's backend,
    /// and of the core commands that belong to no backend.
    public var defaultProfile: String?
    /// `file:line:column` of the `default_profile` value, for errors about it.
    public var defaultProfileOrigin: String?
    /// `default_profile: {backend: NAME, …}`: each backend's default, keyed by canonical name.
    public var backendDefaults: [String: String] = [:]
    /// `file:line:column` of each `backendDefaults` value.
    public var backendDefaultOrigins: [String: String] = [:]
    /// Profiles in load order (main file, then `profiles.d/` by file name).
    public private(set) var profiles: [Profile]
    /// `profile_sets:`: named groups of profiles (`--profiles @north`).
    public var profileSets: [String: ProfileSetDefinition] = [:]
    /// The top-level `http:` block applied over `HTTPSettings.defaults`.
    public var http: HTTPSettings
    public var keyring: KeyringSettings
    /// `profiles.d` files that could not be loaded, each with its error: one broken file costs
    /// its own profiles, never every profile's commands (the main file still must be valid).
    public var skippedFiles: [(path: String, error: ConfigError)] = []

    private var indexByName: [String: Int]

    init(paths: ConfigPaths, schema: ConfigSchema) {
        self.paths = paths
        self.schema = schema
        self.files = []
        self.profiles = []
        self.http = .defaults
        self.keyring = KeyringSettings(path: paths.defaultKeyringFile)
        self.indexByName = [:]
    }

    /// Loads and validates the configuration at `paths` against the registered backends.
    public static func load(paths: ConfigPaths, schema: ConfigSchema) throws -> Configuration {
        try ConfigLoader(paths: paths, schema: schema).load()
    }

    public func profile(named name: String) -> Profile? {
        indexByName[name].map { profiles[$0] }
    }

    public var profileNames: [String] { profiles.map(\.name) }

    /// The profile named as `backend`'s default, and where that is written: the backend's entry
    /// of the `default_profile` mapping, else a single `default_profile` of that backend.
    public func defaultProfile(forBackend backend: String) -> (name: String, origin: String)? {
        if let name = backendDefaults[backend] {
            return (name, backendDefaultOrigins[backend] ?? "default_profile.\(backend)")
        }
        if let name = defaultProfile, profile(named: name)?.backend == backend {
            return (name, defaultProfileOrigin ?? "default_profile")
        }
        return nil
    }

    /// True when `profile` is its backend's default.
    public func isDefault(_ profile: Profile) -> Bool {
        defaultProfile(forBackend: profile.backend)?.name == profile.name
    }

    /// One line for each skipped `profiles.d` file: where, and what is wrong.
    public var skippedFileSummaries: [String] {
        skippedFiles.map { $0.error.location == nil ? "\($0.path): \($0.error.summary)" : $0.error.summary }
    }

    mutating func append(_ profile: Profile) {
        indexByName[profile.name] = profiles.count
        profiles.append(profile)
    }

    /// Forgets the profiles after the first `count` (those of a file that turned out broken).
    mutating func keepProfiles(_ count: Int) {
        for profile in profiles[count...] { indexByName[profile.name] = nil }
        profiles.removeSubrange(count...)
    }
}

extension Configuration {
    mutating func replace(at index: Int, with profile: Profile) {
        profiles[index] = profile
    }
}
