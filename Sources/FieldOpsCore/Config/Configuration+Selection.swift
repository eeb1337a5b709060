extension Configuration {
    /// The profile a command runs against.
    ///
    /// Order: `--profile` (`explicit`), then `$FIELDOPS_PROFILE`, then — for a command that belongs
    /// to `backend` — the only profile of that backend if there is exactly one, then
    /// `default_profile`. A backend command refuses a profile of another backend.
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
                hint: "create one with `fieldops profile add NAME --backend \(wanted ?? "BACKEND") --base-url URL`")
        }
        if let wanted {
            let matching = profiles.filter { $0.backend == wanted }
            if matching.count == 1 { return matching[0] }
            if matching.isEmpty {
                throw ConfigError(
                    .noProfile, "no profile uses backend \(wanted) (profiles: \(profileNames.joined(separator: ", ")))",
                    hint: "create one with `fieldops profile add NAME --backend \(wanted) --base-url URL`")
            }
            if let name = defaultProfile, let profile = profile(named: name), profile.backend == wanted {
                return profile
            }
            throw ConfigError(
                .noProfile,
                "\(matching.count) profiles use backend \(wanted) (\(matching.map(\.name).joined(separator: ", "))); which one?",
                hint: "pass --profile NAME, set FIELDOPS_PROFILE, or make one the default with `fieldops profile use NAME`")
        }
        guard let name = defaultProfile else {
            throw ConfigError(
                .noProfile, "no profile selected (profiles: \(profileNames.joined(separator: ", ")))",
                hint: "pass --profile NAME, set FIELDOPS_PROFILE, or choose a default with `fieldops profile use NAME`")
        }
        return try named(name, from: "default_profile", backend: nil)
    }

    private func named(_ name: String, from origin: String, backend: String?) throws -> Profile {
        guard let profile = profile(named: name) else {
            let place = origin == "default_profile" ? defaultProfileOrigin.map { "\($0): " } ?? "" : ""
            throw ConfigError(
                .unknownProfile, "\(place)unknown profile '\(name)' (from \(origin))",
                hint: Suggestions.hint(for: name, in: profileNames, noun: "profiles"))
        }
        if let backend, profile.backend != backend {
            let others = profiles.filter { $0.backend == backend }.map(\.name)
            let hint = others.isEmpty
                ? "create one with `fieldops profile add NAME --backend \(backend) --base-url URL`"
                : "use a \(backend) profile: \(others.joined(separator: ", "))"
            throw ConfigError(
                .wrongBackend,
                "profile '\(name)' (from \(origin)) uses backend \(profile.backend), but this command needs a \(backend) profile",
                hint: hint)
        }
        return profile
    }
}
