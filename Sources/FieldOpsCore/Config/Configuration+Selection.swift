extension Configuration {
    /// The profile a command runs against.
    ///
    /// Order: `--profile` (`explicit`), then `$FIELDOPS_PROFILE`, then — for a command that belongs
    /// to `backend` — that backend's default (`profile use`), then its only profile; a backend
    /// command refuses a profile of another backend. A core command (no `backend`: `api`, `auth`)
    /// takes the single `default_profile` older versions wrote; else, when every profile is of one
    /// backend, that backend's default or its only profile; else it cannot tell which service is
    /// meant, and refuses, naming the profiles (a default of one backend is not a guess for all).
    public func selectProfile(explicit: String?, environment: [String: String], backend: String?) throws -> Profile {
        let wanted = backend.map { schema.backend(named: $0)?.name ?? $0 }
        if let name = explicit, !name.isEmpty {
            return try named(name, from: "--profile", backend: wanted)
        }
        if let name = environment["FIELDOPS_PROFILE"], !name.isEmpty {
            return try named(name, from: "$FIELDOPS_PROFILE", backend: wanted)
        }
        if profiles.isEmpty {
            throw ConfigError(
                .noProfile, "no profile is configured (looked in \(paths.configFile) and \(paths.profilesDirectory)/)",
                hint: "create one: fieldops profile add NAME --backend \(wanted ?? "BACKEND") --base-url URL")
        }
        if let wanted {
            let matching = profiles.filter { $0.backend == wanted }
            if matching.isEmpty {
                throw ConfigError(
                    .noProfile, "no profile uses backend \(wanted) (profiles: \(profileNames.joined(separator: ", ")))",
                    hint: "create one: fieldops profile add NAME --backend \(wanted) --base-url URL")
            }
            if let chosen = defaultProfile(forBackend: wanted) {
                return try named(chosen.name, from: "default_profile", origin: chosen.origin, backend: wanted)
            }
            if matching.count == 1 { return matching[0] }
            throw ConfigError(
                .noProfile,
                "\(matching.count) profiles use backend \(wanted) (\(matching.map(\.name).joined(separator: ", "))) and none is its default",
                hint:
                    "pass --profile NAME, set FIELDOPS_PROFILE, or make one the default: fieldops profile use \(matching[0].name)")
        }
        if let name = defaultProfile {
            return try named(name, from: "default_profile", origin: defaultProfileOrigin, backend: nil)
        }
        let backends = Set(profiles.map(\.backend))
        if backends.count == 1, let only = backends.first {
            if let name = backendDefaults[only] {
                return try named(name, from: "default_profile", origin: backendDefaultOrigins[only], backend: nil)
            }
            if profiles.count == 1 { return profiles[0] }
        }
        let choices = profiles.map { profile in
            "\(profile.name): \(profile.backend), \(profile.baseURL)"
                + (backendDefaults[profile.backend] == profile.name ? " (its default)" : "")
        }
        throw ConfigError(
            .noProfile,
            backends.count > 1
                ? "which profile? this command is not of one backend, and profiles of \(backends.count) backends are configured"
                : "which profile? \(profiles.count) profiles are configured and none is the default",
            details: choices,
            hint: backends.count > 1
                ? "name one with --profile NAME (or set FIELDOPS_PROFILE)"
                : "pass --profile NAME, set FIELDOPS_PROFILE, or choose a default: fieldops profile use NAME")
    }

    private func named(_ name: String, from origin: String, origin location: String? = nil, backend: String?) throws -> Profile {
        guard let profile = profile(named: name) else {
            let place = location.map { "\($0): " } ?? ""
            let skipped = skippedFileSummaries.map { "skipped, so its profiles are unknown: \($0)" }
            throw ConfigError(
                .unknownProfile, "\(place)unknown profile '\(name)' (from \(origin))", details: skipped,
                hint: skipped.isEmpty
                    ? Suggestions.hint(for: name, in: profileNames, noun: "profiles")
                    : "fix the skipped file; see what is wrong with it: fieldops doctor")
        }
        if let backend, profile.backend != backend {
            let others = profiles.filter { $0.backend == backend }.map(\.name)
            let hint =
                others.isEmpty
                ? "create one: fieldops profile add NAME --backend \(backend) --base-url URL"
                : "use a \(backend) profile: \(others.joined(separator: ", "))"
            throw ConfigError(
                .wrongBackend,
                "profile '\(name)' (from \(origin)) uses backend \(profile.backend), but this command needs a \(backend) profile",
                hint: hint)
        }
        return profile
    }
}
