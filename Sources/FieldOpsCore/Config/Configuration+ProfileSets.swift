/// A `profile_sets:` entry: its members (profile names or globs) and where it is written.
public struct ProfileSetDefinition: Sendable, Equatable {
    public var members: [String]
    /// `file:line:column` of the set's value, for errors about it.
    public var origin: String

    public init(members: [String], origin: String) {
        self.members = members
        self.origin = origin
    }
}

extension Configuration {
    /// The profiles of `backend`, in load order.
    public func profiles(ofBackend backend: String) -> [Profile] {
        let wanted = schema.backend(named: backend)?.name ?? backend
        return profiles.filter { $0.backend == wanted }
    }

    /// The profiles of `backend` that `patterns` name (`--profiles`), in load order and each once.
    ///
    /// A pattern is a profile name, a shell glob over the names (`site-*`, case ignored) or
    /// `@SET`, a set of `profile_sets:`; several may be given comma-separated or repeated. A glob
    /// keeps only the profiles of `backend` (a name of another backend is an error, as with
    /// `--profile`); a name, glob or set that names no profile is an error (exit 2) rather than a
    /// command that quietly asks fewer appliances than meant.
    public func profiles(matching patterns: [String], backend: String) throws -> [Profile] {
        let wanted = schema.backend(named: backend)?.name ?? backend
        var chosen = Set<String>()
        for pattern in patterns.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingSpaces() }) where !pattern.isEmpty {
            chosen.formUnion(try names(matching: pattern, backend: wanted, expanding: []))
        }
        if chosen.isEmpty {
            throw ConfigError(
                .noProfile, "--profiles names no profile", hint: "name profiles or globs: fieldops profile list")
        }
        return profiles.filter { chosen.contains($0.name) }
    }

    private func names(matching pattern: String, backend: String, expanding sets: [String]) throws -> [String] {
        if pattern.hasPrefix("@") {
            let name = String(pattern.dropFirst())
            guard let set = profileSets[name] else {
                let known = profileSets.keys.sorted()
                throw ConfigError(
                    .unknownProfile, "unknown profile set '\(pattern)'",
                    hint: known.isEmpty
                        ? "define it in \(paths.configFile): profile_sets: {\(name): [PROFILE, …]}"
                        : (Suggestions.closest(to: name, in: known).map { "did you mean '@\($0)'? " } ?? "")
                            + "profile sets: " + known.map { "@\($0)" }.joined(separator: ", "))
            }
            guard !sets.contains(name) else {
                throw ConfigError(
                    .invalidValue, "\(set.origin): profile set '@\(name)' contains itself",
                    details: ["through " + (sets + [name]).map { "@\($0)" }.joined(separator: " → ")],
                    hint: "list profile names or globs in profile_sets.\(name)")
            }
            var names: [String] = []
            for member in set.members {
                do {
                    names += try self.names(matching: member, backend: backend, expanding: sets + [name])
                } catch var error as ConfigError {
                    error.message = "in profile set '@\(name)' (\(set.origin)): \(error.message)"
                    throw error
                }
            }
            return names
        }
        let ofBackend = profiles.filter { $0.backend == backend }
        if Glob.isPattern(pattern) {
            let glob = Glob(pattern)
            let matched = ofBackend.filter { glob.matches($0.name) }.map(\.name)
            guard !matched.isEmpty else {
                throw ConfigError(
                    .unknownProfile, "no \(backend) profile matches '\(pattern)'",
                    details: ofBackend.isEmpty ? [] : ["\(backend) profiles: \(ofBackend.map(\.name).joined(separator: ", "))"],
                    hint: ofBackend.isEmpty
                        ? "create one: fieldops profile add NAME --backend \(backend) --base-url URL"
                        : "see every profile: fieldops profile list")
            }
            return matched
        }
        guard let profile = profile(named: pattern) else {
            throw ConfigError(
                .unknownProfile, "unknown profile '\(pattern)' (from --profiles)",
                hint: Suggestions.hint(for: pattern, in: ofBackend.map(\.name), noun: "\(backend) profiles"))
        }
        guard profile.backend == backend else {
            throw ConfigError(
                .wrongBackend, "profile '\(pattern)' is a \(profile.backend) profile, not \(backend)",
                hint: ofBackend.isEmpty
                    ? "create one: fieldops profile add NAME --backend \(backend) --base-url URL"
                    : "use \(backend) profiles: \(ofBackend.map(\.name).joined(separator: ", "))")
        }
        return [profile.name]
    }
}
