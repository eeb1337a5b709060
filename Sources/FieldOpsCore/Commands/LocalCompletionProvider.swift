import FoundationEssentials

/// Answers dynamic completion from local data only: profile names from the configuration,
/// everything else from the backend that owns the command being completed.
struct LocalCompletionProvider: CompletionProvider {
    let backends: [any Backend]
    let environment: [String: String]

    func candidates(for source: CompletionSource, partial: Invocation, prefix: String) -> [CompletionCandidate] {
        var environment = environment
        if let config = partial.value("config") { environment["FIELDOPS_CONFIG"] = config }
        let paths = ConfigPaths(environment: environment)
        let schema = ConfigSchema(backends: backends.map(\.schema))
        guard let configuration = try? Configuration.load(paths: paths, schema: schema) else { return [] }
        switch source {
        case .profile:
            let backendName = partial.path.first.flatMap { backends.named($0)?.name }
            return configuration.profiles
                .filter { backendName == nil || $0.backend == backendName }
                .map { CompletionCandidate($0.name, description: "\($0.backend) \($0.baseURL)") }
        case .backend:
            return backends.map { CompletionCandidate($0.name, description: $0.summary) }
        case .apiPath:
            // `fieldops api`: the paths of the backend whose profile the request would use.
            guard
                let profile = try? configuration.selectProfile(
                    explicit: partial.value("profile"), environment: environment, backend: partial.value("backend")),
                let backend = backends.first(where: { $0.name == profile.backend })
            else { return [] }
            return backend.completions(for: source, profile: profile, paths: paths, partial: partial, prefix: prefix)
        default:
            guard let word = partial.path.first,
                let backend = backends.named(word),
                let profile = try? configuration.selectProfile(
                    explicit: partial.value("profile"), environment: environment, backend: backend.name)
            else { return [] }
            return backend.completions(for: source, profile: profile, paths: paths, partial: partial, prefix: prefix)
        }
    }
}
