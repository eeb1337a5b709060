/// Decodes one `NAME: { backend: …, base_url: … }` entry against the schema.
struct ProfileDecoder {
    let decoder: ConfigDecoder
    let schema: ConfigSchema
    let paths: ConfigPaths

    static let commonKeys = ["backend", "base_url", "username", "http"]

    /// The profile (with `http` still at the defaults) and its own `http:` overrides.
    func decode(_ pair: YAMLPair) throws -> (profile: Profile, http: HTTPOverrides) {
        let source = decoder.source
        let name = pair.key.scalar?.text ?? ""
        try ProfileDecoder.validateName(name, at: pair.key.start, in: source)
        let what = "profile '\(name)'"
        let pairs = try decoder.mapping(pair.value, what)

        // The backend decides which extra keys are allowed, so read it before anything else.
        guard let backendPair = pairs.first(where: { $0.key.scalar?.text == "backend" }),
            let backendWord = try decoder.string(backendPair.value, key: "backend")
        else {
            throw ConfigError(
                .missingKey, "\(what) has no 'backend'", at: pair.key.start, in: source,
                hint: "add `backend: \(schema.backends.first?.name ?? "NAME")` (known backends: \(known))")
        }
        guard let backend = schema.backend(named: backendWord) else {
            throw ConfigError(
                .unknownBackend, "unknown backend '\(backendWord)' in \(what)", at: backendPair.value.start, in: source,
                hint: Suggestions.hint(for: backendWord, in: schema.backendNames, noun: "backends"))
        }

        var baseURL: String?
        var username: String?
        var http = HTTPOverrides()
        var settings: [String: ProfileValue] = [:]
        for entry in pairs {
            let key = entry.key.scalar?.text ?? ""
            switch key {
            case "backend":
                continue
            case "base_url":
                baseURL = try decoder.url(entry.value, key: key)
            case "username":
                username = try decoder.string(entry.value, key: key)
            case "http":
                http = try HTTPOverrides(entry.value, decoder: decoder, paths: paths, what: "the http block of \(what)")
            default:
                guard let spec = backend.profileKeys.first(where: { $0.name == key }) else {
                    throw decoder.unknownKey(
                        entry, in: "\(what) (backend \(backend.name))",
                        allowed: ProfileDecoder.commonKeys + backend.profileKeys.map(\.name))
                }
                if let value = try value(entry.value, spec: spec) { settings[key] = value }
            }
        }
        guard let baseURL else {
            throw ConfigError(
                .missingKey, "\(what) has no 'base_url'", at: pair.key.start, in: source,
                hint: "add `base_url: https://…` with the service's address")
        }
        let profile = Profile(
            name: name, backend: backend.name, baseURL: baseURL, username: username,
            settings: settings, origin: decoder.location(pair.key), file: source.path)
        return (profile, http)
    }

    private var known: String { schema.backendNames.joined(separator: ", ") }

    private func value(_ node: YAMLNode, spec: ProfileKey) throws -> ProfileValue? {
        switch spec.kind {
        case .string: return try decoder.string(node, key: spec.name).map(ProfileValue.string)
        case .bool: return try decoder.bool(node, key: spec.name).map(ProfileValue.bool)
        case .int: return try decoder.int(node, key: spec.name).map(ProfileValue.int)
        case .duration: return try decoder.duration(node, key: spec.name).map(ProfileValue.duration)
        }
    }

    /// Profile names become directory and file names, so they stay within a safe alphabet.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-"), name.utf8.count <= 64 else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    static func validateName(_ name: String, at mark: YAMLMark, in source: ConfigSource) throws {
        guard !isValidName(name) else { return }
        throw ConfigError(
            .invalidValue, "profile name '\(name)' is not allowed", at: mark, in: source,
            hint: "use letters, digits, '.', '_' and '-' (not first), at most 64 characters")
    }
}
