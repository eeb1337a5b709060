import FoundationEssentials

/// `fieldops auth login|logout|status|token`: credentials in the keyring file.
///
/// The flows are the backends' (`Backend.login`), and so is reading what the person types
/// (`Backend.readCredentials`, by default `LoginPrompt.read`: never from argv). This file adds
/// each backend's own login options to `auth login` and refuses them for other backends' profiles.
enum AuthCommands {
    static func spec(backends: [any Backend]) -> CommandSpec {
        CommandSpec(
            "auth", abstract: "Log in and out, and see where credentials are stored.",
            discussion:
                "Credentials live only in the keyring file ($XDG_DATA_HOME/fieldops/keyring, mode 0600), keyed by profile. $FIELDOPS_TOKEN overrides a stored token, for CI.",
            subcommands: [
                AuthLoginCommand.spec(backends: backends), AuthLogoutCommand.spec, AuthStatusCommand.spec, AuthTokenCommand.spec,
            ])
    }
}

/// `fieldops auth login`: the profile's backend reads the credentials and logs in.
struct AuthLoginCommand: FieldOpsCommand {
    static var definition: CommandSpec { definition(backends: []) }

    /// The core's options, then each backend's own login options.
    static func definition(backends: [any Backend]) -> CommandSpec {
        CommandSpec(
            "login", abstract: "Log in to the selected profile's service and store the credentials.",
            examples: [
                "fieldops -p site-a auth login",
                "printf '%s\\n' \"$PASSWORD\" | fieldops -p site-a auth login --username alice --password-stdin",
                "fieldops -p lists auth login --with-token < token.txt",
            ],
            options: [
                OptionSpec(
                    "username", short: "u", valueName: "USER", help: "The account (default: the profile's username, else a prompt)."
                ),
                .flag("password-stdin", help: "Read the password from the first line of stdin."),
                .flag("with-token", help: "Read an access token from stdin instead of logging in with a password."),
            ] + loginOptions(of: backends))
    }

    /// The backends' own login options, each once (the first backend declaring a name wins).
    static func loginOptions(of backends: [any Backend]) -> [OptionSpec] {
        var seen: Set<String> = []
        return backends.flatMap(\.loginOptions).filter { seen.insert($0.long).inserted }
    }

    /// The long names of the options given. Which of them belong to another backend's logins
    /// is known only once the profile is chosen; the credentials themselves are read by the
    /// backend (`Backend.readCredentials`), from the invocation, as its hook's contract says.
    let givenOptions: Set<String>

    init(_ invocation: Invocation) {
        givenOptions = invocation.flags.union(invocation.values.filter { !$0.value.isEmpty }.keys)
    }

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile()
        guard let backend = context.backend(named: profile.backend) else {
            throw FieldOpsError("profile \(profile.name) uses backend \(profile.backend), which this build does not include")
        }
        try refuseForeignOptions(profile: profile, backend: backend, backends: context.backends)
        try LoginTransport.check(profile, output: context.output)
        let credentials = try backend.readCredentials(context, profile: profile)
        let result = try await backend.login(context, profile: profile, credentials: credentials)
        context.output.note("logged in to \(profile.name) (\(profile.backend)) as \(result.user)")
        for line in result.details { context.output.note("  " + line) }
    }

    /// A login option another backend declares, given for this profile: refused, not ignored.
    func refuseForeignOptions(profile: Profile, backend: any Backend, backends: [any Backend]) throws {
        let own = Set(backend.loginOptions.map(\.long))
        for other in backends where other.name != backend.name {
            for option in other.loginOptions where !own.contains(option.long) && givenOptions.contains(option.long) {
                throw FieldOpsError.usage(
                    "--\(option.long) is a login option of \(other.name) profiles; profile \(profile.name) uses \(backend.name)",
                    hint: "leave --\(option.long) out")
            }
        }
    }
}

/// `fieldops auth logout`: the backend ends the session, then the keyring entry goes.
struct AuthLogoutCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "logout", abstract: "End the session and remove the profile's stored credentials.",
        examples: ["fieldops -p site-a auth logout"])

    init(_ invocation: Invocation) {}

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile()
        var outcome = LogoutOutcome.unconfirmed
        if let backend = context.backend(named: profile.backend) {
            outcome = await backend.logout(context, profile: profile)
            try backend.forget(profile: profile, paths: context.paths)
        }
        try context.keyring().remove(profile: profile.name)
        switch outcome {
        case .unconfirmed:
            context.output.note("logged out of \(profile.name); its credentials are removed from the keyring")
        case .revoked(let what):
            context.output.note("logged out of \(profile.name): \(what); its credentials are removed from the keyring")
        case .notRevoked(let reason, let remains):
            context.output.note("its credentials are removed from the keyring of this machine")
            throw FieldOpsError(
                "logout of \(profile.name) is incomplete: the server did not end the session (\(reason))",
                details: [remains],
                hint:
                    "the server's administrators can revoke the old session; when the server can be reached, log in and out again to end one properly: fieldops -p \(profile.name) auth login && fieldops -p \(profile.name) auth logout",
                exitCode: .partialFailure)
        }
    }
}

/// `fieldops auth status`: every profile's login state, or the selected one's.
struct AuthStatusCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "status", abstract: "Show which profiles are logged in and where their credentials are stored.",
        examples: ["fieldops auth status", "fieldops -p lab-pon auth status --json"])

    struct StatusView: Encodable {
        var profile: String
        var backend: String
        var baseURL: String
        var loggedIn: Bool
        var credentialSource: String?
        var keyring: String
        var encrypted: Bool
        var secrets: [String]
        var facts: [String: String]

        enum CodingKeys: String, CodingKey {
            case profile, backend, keyring, encrypted, secrets, facts
            case baseURL = "base_url"
            case loggedIn = "logged_in"
            case credentialSource = "credential_source"
        }
    }

    /// The global `--profile`: given, only that profile is shown.
    let profileOption: String?

    init(_ invocation: Invocation) { profileOption = invocation.value("profile") }

    func run(_ context: CommandContext) async throws {
        let configuration = try context.loadConfiguration()
        let explicit = profileOption ?? context.environment["FIELDOPS_PROFILE"]
        let profiles = explicit == nil ? configuration.profiles : [try context.profile()]
        if profiles.isEmpty {
            throw FieldOpsError(
                "no profiles are configured", hint: "add one: fieldops profile add NAME --backend BACKEND --base-url URL")
        }
        let keyring = try context.keyring()
        let storage = try keyring.storage()
        var views: [StatusView] = []
        for profile in profiles {
            let entry = try keyring.entry(for: profile.name)
            let envToken = CredentialLookup.environmentToken(in: context.environment) != nil
            let secrets = entry.map { $0.secrets.keys.sorted() } ?? []
            var facts: [String: String] = [:]
            for fact in context.backend(named: profile.backend)?.statusFacts(profile: profile, entry: entry) ?? [] {
                facts[fact.label] = fact.value
            }
            let source = envToken ? "$" + CredentialLookup.environmentVariable : (secrets.isEmpty ? nil : "keyring")
            views.append(
                StatusView(
                    profile: profile.name, backend: profile.backend, baseURL: profile.baseURL,
                    loggedIn: envToken || !secrets.isEmpty, credentialSource: source,
                    keyring: storage.path, encrypted: storage.encrypted, secrets: secrets, facts: facts))
        }
        if context.output.format == .json {
            try context.output.emitJSON(views)
            return
        }
        for (index, view) in views.enumerated() {
            if index > 0 { context.output.stdout.line() }
            let state =
                view.loggedIn
                ? Style.green.apply("logged in", enabled: context.output.terminal.colorEnabled)
                : Style.yellow.apply("not logged in", enabled: context.output.terminal.colorEnabled)
            var facts: [(String, String)] = [
                ("profile", view.profile), ("backend", view.backend), ("base_url", view.baseURL), ("status", state),
            ]
            if let source = view.credentialSource {
                let place =
                    source == "keyring" ? "keyring \(view.keyring)" + (view.encrypted ? " (encrypted)" : " (not encrypted)") : source
                facts.append(("stored in", place))
                if !view.secrets.isEmpty { facts.append(("secrets", view.secrets.joined(separator: ", "))) }
            }
            for key in view.facts.keys.sorted() { facts.append((key, view.facts[key] ?? "")) }
            context.output.emit(facts: facts)
        }
    }
}

/// `fieldops auth token`: the access token, for scripts.
struct AuthTokenCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "token", abstract: "Print the selected profile's access token (for scripts).",
        examples: ["curl -H \"Authorization: Bearer $(fieldops -p site-a auth token)\" …"])

    init(_ invocation: Invocation) {}

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile()
        if let backend = context.backend(named: profile.backend), !backend.signsInWithTokens {
            throw FieldOpsError.usage(
                "profile \(profile.name) (\(backend.name)) signs in with a session cookie, not a token: there is no token to print",
                hint:
                    "script requests through fieldops, which sends the session as the backend's commands do: fieldops -p \(profile.name) api PATH"
            )
        }
        guard let token = try CredentialLookup.token(for: profile.name, environment: context.environment, keyring: context.keyring()) else {
            throw FieldOpsError(
                "profile \(profile.name) has no access token", hint: "log in: fieldops -p \(profile.name) auth login",
                exitCode: .notAuthenticated)
        }
        context.output.stdout.line(token.value)
    }
}
