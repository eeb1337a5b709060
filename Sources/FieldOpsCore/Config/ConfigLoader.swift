/// Reads `config.yaml` and `profiles.d/*.yaml` into a `Configuration`.
///
/// Files in `profiles.d/` have the same shape as `config.yaml` but may only contain a
/// `profiles:` mapping: settings that apply to everything (`default_profile`, `http`, `keyring`)
/// live in one place, the main file.
struct ConfigLoader {
    let paths: ConfigPaths
    let schema: ConfigSchema

    static let mainKeys = ["default_profile", "profiles", "profile_sets", "http", "keyring"]
    static let fragmentKeys = ["profiles"]
    static let keyringKeys = ["path", "encryption", "passphrase_command"]

    func load() throws -> Configuration {
        var configuration = Configuration(paths: paths, schema: schema)
        var profileHTTP: [HTTPOverrides] = []
        var topHTTP = HTTPOverrides()

        if let source = try read(paths.configFile) {
            configuration.files.append(source.path)
            try decodeFile(source, isMain: true, into: &configuration, profileHTTP: &profileHTTP, topHTTP: &topHTTP)
        }
        let names: [String]
        do {
            names = try FileSystem.fileNames(in: paths.profilesDirectory, suffix: ".yaml")
        } catch let error as SystemCallError {
            throw ConfigError(.fileSystem, error.message, hint: "check the permissions of \(paths.profilesDirectory)")
        }
        for name in names {
            let path = paths.profilesDirectory + "/" + name
            let loaded = configuration.profiles.count
            do {
                guard let source = try read(path) else { continue }
                try decodeFile(source, isMain: false, into: &configuration, profileHTTP: &profileHTTP, topHTTP: &topHTTP)
                configuration.files.append(source.path)
            } catch let error as ConfigError {
                // The file's profiles are left out whole, the others work (and say it: see
                // `CommandContext.loadConfiguration`).
                configuration.keepProfiles(loaded)
                profileHTTP.removeSubrange(loaded...)
                configuration.skippedFiles.append((path, error))
            }
        }

        // Merge last: the top-level `http:` may come after the profiles in the file.
        configuration.http = topHTTP.applied(to: .defaults)
        for (index, profile) in configuration.profiles.enumerated() {
            var merged = profile
            merged.http = profileHTTP[index].applied(to: configuration.http)
            configuration.replace(at: index, with: merged)
        }
        return configuration
    }

    /// `default_profile:` as a mapping of backend (canonical name or alias) to profile name.
    private func decodeBackendDefaults(_ node: YAMLNode, decoder: ConfigDecoder, into configuration: inout Configuration) throws {
        for pair in try decoder.mapping(node, "default_profile") {
            let word = pair.key.scalar?.text ?? ""
            guard let backend = schema.backend(named: word) else {
                throw ConfigError(
                    .unknownBackend, "unknown backend '\(word)' in default_profile", at: pair.key.start, in: decoder.source,
                    hint: Suggestions.hint(for: word, in: schema.backendNames, noun: "backends"))
            }
            guard let name = try decoder.string(pair.value, key: "default_profile.\(word)") else { continue }
            configuration.backendDefaults[backend.name] = name
            configuration.backendDefaultOrigins[backend.name] = decoder.location(pair.value)
        }
    }

    /// `profile_sets: {north: [site-a, site-b], all-sites: ['site-*']}`: names for groups of
    /// profiles, used as `--profiles @north`. Members are profile names or globs, checked when a
    /// command uses the set (a profile may be added after the set).
    private func decodeProfileSets(_ node: YAMLNode, decoder: ConfigDecoder, into configuration: inout Configuration) throws {
        for pair in try decoder.mapping(node, "profile_sets") {
            let name = pair.key.scalar?.text ?? ""
            let key = "profile_sets.\(name)"
            let members: [String]
            switch pair.value.content {
            case .sequence(let items):
                members = try items.compactMap { try decoder.string($0, key: key) }
            case .scalar:
                // `north: site-*` or `north: site-a, site-b`, as on the command line.
                members = (try decoder.string(pair.value, key: key) ?? "").split(separator: ",").map { $0.trimmingSpaces() }
            case .mapping:
                throw ConfigError(
                    .wrongType, "'\(key)' must be a list of profile names or globs, found a mapping", at: pair.value.start,
                    in: decoder.source, hint: "write \(name): [site-a, site-b]")
            }
            configuration.profileSets[name] = ProfileSetDefinition(
                members: members.filter { !$0.isEmpty }, origin: decoder.location(pair.value))
        }
    }

    private func read(_ path: String) throws -> ConfigSource? {
        do {
            return try FileSystem.readFileIfExists(path).map { ConfigSource(path: path, bytes: $0) }
        } catch let error as SystemCallError {
            throw ConfigError(.fileSystem, error.message, hint: "check that \(path) is a readable file")
        }
    }

    private func decodeFile(
        _ source: ConfigSource, isMain: Bool, into configuration: inout Configuration,
        profileHTTP: inout [HTTPOverrides], topHTTP: inout HTTPOverrides
    ) throws {
        guard let root = try YAMLParser.parse(source) else { return }
        let decoder = ConfigDecoder(source: source)
        let what = isMain ? "the configuration file" : "a profiles.d file"
        for pair in try decoder.mapping(root, what) {
            let key = pair.key.scalar?.text ?? ""
            switch (key, isMain) {
            case ("profiles", _):
                try decodeProfiles(pair.value, decoder: decoder, into: &configuration, profileHTTP: &profileHTTP)
            case ("default_profile", true) where pair.value.pairs != nil:
                try decodeBackendDefaults(pair.value, decoder: decoder, into: &configuration)
            case ("default_profile", true):
                configuration.defaultProfile = try decoder.string(pair.value, key: key)
                configuration.defaultProfileOrigin = decoder.location(pair.value)
            case ("profile_sets", true):
                try decodeProfileSets(pair.value, decoder: decoder, into: &configuration)
            case ("http", true):
                topHTTP = try HTTPOverrides(pair.value, decoder: decoder, paths: paths, what: "the top-level http block")
            case ("keyring", true):
                configuration.keyring = try decodeKeyring(pair.value, decoder: decoder)
            default:
                if !isMain, ConfigLoader.mainKeys.contains(key) {
                    throw ConfigError(
                        .unknownKey, "'\(key)' is not allowed in profiles.d files", at: pair.key.start, in: source,
                        hint: "files in profiles.d hold only `profiles:`; put '\(key)' in \(paths.configFile)")
                }
                throw decoder.unknownKey(pair, in: what, allowed: isMain ? ConfigLoader.mainKeys : ConfigLoader.fragmentKeys)
            }
        }
    }

    private func decodeProfiles(
        _ node: YAMLNode, decoder: ConfigDecoder, into configuration: inout Configuration, profileHTTP: inout [HTTPOverrides]
    ) throws {
        let profileDecoder = ProfileDecoder(decoder: decoder, schema: schema, paths: paths)
        for pair in try decoder.mapping(node, "'profiles'") {
            let (profile, http) = try profileDecoder.decode(pair)
            if let existing = configuration.profile(named: profile.name) {
                throw ConfigError(
                    .duplicateProfile, "profile '\(profile.name)' is defined twice: here and at \(existing.origin)",
                    at: pair.key.start, in: decoder.source, hint: "rename or remove one of the two definitions")
            }
            configuration.append(profile)
            profileHTTP.append(http)
        }
    }

    private func decodeKeyring(_ node: YAMLNode, decoder: ConfigDecoder) throws -> KeyringSettings {
        var settings = KeyringSettings(path: paths.defaultKeyringFile)
        for pair in try decoder.mapping(node, "the keyring block") {
            let key = pair.key.scalar?.text ?? ""
            switch key {
            case "path":
                if let path = try decoder.string(pair.value, key: key) {
                    settings.path = paths.resolve(path, relativeTo: decoder.source.path)
                }
            case "encryption":
                guard let word = try decoder.string(pair.value, key: key) else { continue }
                guard let encryption = KeyringSettings.Encryption(rawValue: word) else {
                    throw ConfigError(
                        .invalidValue, "'encryption' must be none or passphrase, found '\(word)'",
                        at: pair.value.start, in: decoder.source)
                }
                settings.encryption = encryption
            case "passphrase_command":
                settings.passphraseCommand = try decoder.string(pair.value, key: key)
            default:
                throw decoder.unknownKey(pair, in: "the keyring block", allowed: ConfigLoader.keyringKeys)
            }
        }
        return settings
    }
}
