/// Where fieldops reads configuration and keeps data and caches, following the XDG base directories.
///
/// Computed from an environment dictionary rather than the process environment, so tests (and
/// `--config`-style overrides) never touch the real home directory.
public struct ConfigPaths: Sendable, Equatable {
    /// The main configuration file (it need not exist).
    public var configFile: String
    /// `profiles.d/` beside the main file: every `*.yaml` in it is loaded, sorted by name.
    public var profilesDirectory: String
    /// `$XDG_DATA_HOME/fieldops`: per-profile stores and, by default, the keyring.
    public var dataDirectory: String
    /// `$XDG_CACHE_HOME/fieldops`.
    public var cacheDirectory: String
    /// The home directory used to expand `~/` in configured paths.
    public var home: String

    public init(configFile: String, dataDirectory: String, cacheDirectory: String, home: String) {
        self.configFile = configFile
        self.profilesDirectory = ConfigPaths.directory(of: configFile) + "/profiles.d"
        self.dataDirectory = dataDirectory
        self.cacheDirectory = cacheDirectory
        self.home = home
    }

    /// Paths from `FIELDOPS_CONFIG`, `XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `XDG_CACHE_HOME` and `HOME`.
    ///
    /// Empty or relative XDG values are ignored, as the XDG specification requires.
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        func base(_ variable: String, default fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return ConfigPaths.trimmingSlash(value) }
            return ConfigPaths.trimmingSlash(home) + "/" + fallback
        }
        let configFile: String
        if let explicit = environment["FIELDOPS_CONFIG"], !explicit.isEmpty {
            configFile = explicit
        } else {
            configFile = base("XDG_CONFIG_HOME", default: ".config") + "/fieldops/config.yaml"
        }
        self.init(
            configFile: configFile,
            dataDirectory: base("XDG_DATA_HOME", default: ".local/share") + "/fieldops",
            cacheDirectory: base("XDG_CACHE_HOME", default: ".cache") + "/fieldops",
            home: home
        )
    }

    /// The default keyring file, used unless `keyring.path` says otherwise.
    public var defaultKeyringFile: String { dataDirectory + "/keyring" }

    /// Per-profile data (SQLite stores, photos); profiles never share data.
    public func dataDirectory(for profile: String) -> String { dataDirectory + "/" + profile }

    /// Per-profile caches.
    public func cacheDirectory(for profile: String) -> String { cacheDirectory + "/" + profile }

    /// Expands `~/` and makes a relative path relative to the directory of `file`.
    public func resolve(_ path: String, relativeTo file: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return ConfigPaths.trimmingSlash(home) + "/" + path.dropFirst(2) }
        if path.hasPrefix("/") { return path }
        return ConfigPaths.directory(of: file) + "/" + path
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    private static func trimmingSlash(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : path
    }
}
