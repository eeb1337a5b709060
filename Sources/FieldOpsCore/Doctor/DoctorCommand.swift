import FoundationEssentials

/// `fieldops doctor`: every check at once, each a line with ✓, ! or ✗ and, for a problem, the fix.
struct DoctorCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "doctor", abstract: "Check the configuration, keyring, stores, servers and installation in one go.",
        discussion: """
            Each check prints a line with ✓ (fine), ! (a warning) or ✗ (a problem) and, for each problem, the fix. \
            Per profile it checks the local store and cache and, unless --offline, the server layer by layer: DNS, \
            TCP, TLS (against http.ca_file and the system store, with the certificate's days left), the HTTP version \
            negotiated, the server's clock against this machine's (from its Date header; over 60 s is a warning) \
            and whether the stored credentials are still accepted (one cheap authenticated request). \
            --profile limits the per-profile checks to that profile. Exits 0 when nothing failed (warnings alone \
            exit 0) and 1 when any check failed.
            """,
        examples: ["fieldops doctor", "fieldops doctor --offline", "fieldops -p site-a doctor --json"],
        options: [.flag("offline", help: "Only local checks: no DNS, connection or request.")])

    let offline: Bool
    /// The global `--profile`: only that profile's checks (an unknown name is itself a failed check).
    let profileName: String?

    init(_ invocation: Invocation) {
        offline = invocation.flag("offline")
        profileName = invocation.value("profile")
    }

    func run(_ context: CommandContext) async throws {
        let report = await DoctorRun(context: context, offline: offline, profileName: profileName).report()
        if context.output.format == .json {
            try context.output.emitJSON(report)
        } else {
            context.output.stdout.write(report.render(color: context.output.terminal.colorEnabled))
        }
        if report.worst == .failure {
            let failures = report.checks.filter { $0.status == .failure }.count
            throw FieldOpsError("doctor found \(failures) problem\(failures == 1 ? "" : "s")", hint: "each ✗ line says how to fix it")
        }
    }
}

/// One doctor run: the local checks in order, then every profile's server checks at once.
struct DoctorRun {
    let context: CommandContext
    let offline: Bool
    let profileName: String?

    func report() async -> DoctorReport {
        var checks: [DoctorCheck] = []
        let loaded = Result { try context.loadConfiguration() }
        checks += LocalChecks.configuration(loaded, paths: context.paths, environment: context.environment)

        let keyring: Keyring
        if case .success = loaded, let opened = try? context.keyring() {
            keyring = opened
        } else {
            keyring = Keyring(settings: KeyringSettings(path: context.paths.defaultKeyringFile), environment: context.environment)
        }
        checks += LocalChecks.keyring(keyring)

        if case .success(let configuration) = loaded {
            var profiles = configuration.profiles
            if let wanted = profileName, !wanted.isEmpty {
                profiles = profiles.filter { $0.name == wanted }
                if profiles.isEmpty {
                    checks.append(
                        .failure(
                            "configuration", "--profile", "no profile named \(wanted)",
                            fix: "choose one of: \(configuration.profileNames.joined(separator: ", "))"))
                }
            }
            checks += await profileChecks(profiles)
        }
        checks += InstallChecks(environment: context.environment, paths: context.paths).run()
        return DoctorReport(checks: checks)
    }

    /// Local checks of each profile, then its server checks; servers are probed concurrently so
    /// one unreachable server costs one timeout, not one per profile.
    private func profileChecks(_ profiles: [Profile]) async -> [DoctorCheck] {
        let context = self.context
        let backends = context.backends
        let offline = self.offline
        return await withTaskGroup(of: (Int, [DoctorCheck]).self) { group in
            for (index, profile) in profiles.enumerated() {
                group.addTask {
                    var profile = profile
                    if let timeout = context.timeoutOverride { profile.http.timeout = timeout }
                    let section = "profile \(profile.name)"
                    let backend = backends.first { $0.name == profile.backend }
                    var checks = backend?.doctorChecks(profile: profile, paths: context.paths) ?? []
                    checks.append(LocalChecks.cache(profile: profile, paths: context.paths, now: Date()))
                    guard !offline else { return (index, checks) }
                    let (network, reachable) = await NetworkProbe(section: section, profile: profile).run()
                    checks += network
                    if reachable, let backend {
                        checks.append(await backend.checkCredentials(context, profile: profile))
                    }
                    return (index, checks)
                }
            }
            var results: [(Int, [DoctorCheck])] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }
}
