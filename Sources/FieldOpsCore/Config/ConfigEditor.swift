#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Changes configuration files without destroying a person's comments or layout.
///
/// New profiles go to their own file under `profiles.d/`, marked as written by fieldops on the
/// first line. Changes to a person's own file splice exactly the bytes that change, located by
/// libyaml marks, and the result is parsed again before it replaces the file; when that check
/// fails, or the layout is flow style, the edit is refused with a hint instead.
public struct ConfigEditor: Sendable {
    public let paths: ConfigPaths
    public let schema: ConfigSchema

    /// The first line of every file fieldops writes; `profile remove` deletes only such files.
    public static let managedMarker = "# Managed by fieldops"

    public init(paths: ConfigPaths, schema: ConfigSchema) {
        self.paths = paths
        self.schema = schema
    }

    /// The outcome of `removeProfile`, for the command's message.
    public enum Removal: Sendable, Equatable {
        /// The profile had a fieldops-written file to itself, which was deleted.
        case deletedFile(String)
        /// The profile's lines were cut out of this file; everything else is unchanged.
        case editedFile(String)
    }

    // MARK: profile add

    /// Writes `profiles.d/NAME.yaml`; refuses when the name is already a profile anywhere.
    /// Returns the path written.
    @discardableResult
    public func addProfile(_ draft: ProfileDraft) throws -> String {
        let lock = try editLock()
        defer { withExtendedLifetime(lock) {} }
        guard ProfileDecoder.isValidName(draft.name) else {
            throw ConfigError(
                .invalidValue, "profile name '\(draft.name)' is not allowed",
                hint: "use letters, digits, '.', '_' and '-' (not first), at most 64 characters")
        }
        guard let backend = schema.backend(named: draft.backend) else {
            throw ConfigError(
                .unknownBackend, "unknown backend '\(draft.backend)'",
                hint: Suggestions.hint(for: draft.backend, in: schema.backendNames, noun: "backends"))
        }
        for key in draft.http.keys where !HTTPOverrides.keys.contains(key) {
            throw ConfigError(
                .unknownKey, "unknown http setting '\(key)'", hint: Suggestions.hint(for: key, in: HTTPOverrides.keys, noun: "keys"))
        }
        let allowed = backend.profileKeys.map(\.name)
        for key in draft.settings.keys where !allowed.contains(key) {
            throw ConfigError(
                .unknownKey, "backend \(backend.name) has no profile setting '\(key)'",
                hint: Suggestions.hint(for: key, in: allowed, noun: "settings"))
        }

        let configuration = try Configuration.load(paths: paths, schema: schema)
        if let existing = configuration.profile(named: draft.name) {
            throw ConfigError(
                .profileExists, "profile '\(draft.name)' already exists at \(existing.origin)",
                hint: "choose another name, or remove it first: fieldops profile remove \(draft.name)")
        }
        let path = paths.profilesDirectory + "/" + draft.name + ".yaml"
        if FileSystem.exists(path) {
            throw ConfigError(
                .profileExists, "\(path) already exists", hint: "move that file away or choose another profile name")
        }
        let bytes = Array(render(draft, backend: backend.name).utf8)
        // Validate with the loader's own decoder; a value error must not name the unwritten file.
        do {
            let source = ConfigSource(path: path, bytes: bytes)
            if let root = try YAMLParser.parse(source), let profiles = root.pairs?.first?.value.pairs?.first {
                _ = try ProfileDecoder(decoder: ConfigDecoder(source: source), schema: schema, paths: paths).decode(profiles)
            }
        } catch var error as ConfigError {
            error.location = nil
            error.details = []
            throw error
        }
        try write(bytes, to: path, exclusive: true)
        return path
    }

    func render(_ draft: ProfileDraft, backend: String) -> String {
        var lines = [
            ConfigEditor.managedMarker + ": written by `fieldops profile add`; `fieldops profile remove \(draft.name)` deletes it.",
            "# Edit freely. Delete the line above to make the file yours (fieldops will then only edit it in place).",
            "profiles:",
            "  \(draft.name):",
            "    backend: \(backend)",
            "    base_url: \(YAMLText.quoted(draft.baseURL))",
        ]
        if let username = draft.username { lines.append("    username: \(YAMLText.quoted(username))") }
        if !draft.http.isEmpty {
            lines.append("    http:")
            for key in HTTPOverrides.keys {
                if let value = draft.http[key] { lines.append("      \(key): \(YAMLText.scalar(value))") }
            }
        }
        for key in draft.settings.keys.sorted() {
            if let value = draft.settings[key] { lines.append("    \(key): \(YAMLText.scalar(value))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: writing

    /// The configuration's edit lock, held until the value goes away: every edit (`profile
    /// add`, `use`, `remove`) is a read-modify-write of the files, and two at once lost one of
    /// them (both exited 0). An `flock` on `.config.yaml.lock` beside the main file, which the
    /// kernel drops when the process ends, however it ends.
    func editLock() throws -> FileLock {
        let directory = ConfigPaths.directory(of: paths.configFile)
        let path = directory + "/." + PathText.lastComponent(of: paths.configFile) + ".lock"
        do {
            try FileSystem.makeDirectories(directory, mode: 0o700)
            return try FileLock(path: path)
        } catch let error as SystemCallError {
            throw ConfigError(.fileSystem, error.message, hint: "check the permissions of \(directory)")
        }
    }

    /// Atomic replace that keeps an existing file's permission bits; new files are 0600 in 0700 directories.
    func write(_ bytes: [UInt8], to path: String, exclusive: Bool = false) throws {
        var mode: mode_t = 0o600
        var info = stat()
        if stat(path, &info) == 0 { mode = info.st_mode & 0o7777 }
        do {
            try FileSystem.makeDirectories(ConfigPaths.directory(of: path), mode: 0o700)
            try AtomicFile.write(bytes, to: path, mode: mode, exclusive: exclusive)
        } catch let error as SystemCallError {
            throw ConfigError(.fileSystem, error.message, hint: "check the permissions of \(ConfigPaths.directory(of: path))")
        }
    }

    func readSource(_ path: String) throws -> ConfigSource? {
        do {
            return try FileSystem.readFileIfExists(path).map { ConfigSource(path: path, bytes: $0) }
        } catch let error as SystemCallError {
            throw ConfigError(.fileSystem, error.message)
        }
    }
}
