import FoundationEssentials

/// `fieldops profile list|show|add|remove|use`: the configured connections.
enum ProfileCommands {
    static func spec(backends: [any Backend]) -> CommandSpec {
        CommandSpec(
            "profile", aliases: ["profiles"],
            abstract: "List, show, add, remove and choose profiles.",
            discussion:
                "A profile names one service account: its backend, base URL, user and HTTP settings. Profiles live in config.yaml and in profiles.d/*.yaml beside it; `profile add` writes a new file under profiles.d/ and never rewrites a file you edited.",
            subcommands: [
                ProfileListCommand.spec, ProfileShowCommand.spec, ProfileAddCommand.spec(backends: backends),
                ProfileRemoveCommand.spec, ProfileUseCommand.spec,
            ])
    }

    struct ProfileView: Encodable {
        var name: String
        var backend: String
        var baseURL: String
        var username: String?
        var isDefault: Bool
        var file: String
        var http: HTTPView?
        var settings: [String: String]?

        enum CodingKeys: String, CodingKey {
            case name, backend, username, file, http, settings
            case baseURL = "base_url"
            case isDefault = "default"
        }
    }

    struct HTTPView: Encodable {
        var version: String
        var caFile: String?
        var timeout: Double
        var connectTimeout: Double
        var retries: Int
        var proxy: String?

        enum CodingKeys: String, CodingKey {
            case version, timeout, retries, proxy
            case caFile = "ca_file"
            case connectTimeout = "connect_timeout"
        }
    }

    static func view(_ profile: Profile, configuration: Configuration, detailed: Bool) -> ProfileView {
        ProfileView(
            name: profile.name, backend: profile.backend, baseURL: profile.baseURL, username: profile.username,
            isDefault: configuration.isDefault(profile), file: profile.file,
            http: detailed
                ? HTTPView(
                    version: profile.http.version.rawValue, caFile: profile.http.caFile, timeout: profile.http.timeout,
                    connectTimeout: profile.http.connectTimeout, retries: profile.http.retries, proxy: profile.http.proxy)
                : nil,
            settings: detailed ? profile.settings.mapValues(\.text) : nil)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))s" : "\(value)s"
    }
}

extension ProfileValue {
    /// The value as it would be written in YAML.
    public var text: String {
        switch self {
        case .string(let value): return value
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .duration(let value): return ProfileCommands.seconds(value)
        }
    }
}

/// `fieldops profile list`.
struct ProfileListCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "list", aliases: ["ls"], abstract: "List the configured profiles.",
        examples: ["fieldops profile list", "fieldops profile list --json"])

    init(_ invocation: Invocation) {}

    func run(_ context: CommandContext) async throws {
        let configuration = try context.loadConfiguration()
        if context.output.format == .json {
            try context.output.emitJSON(
                configuration.profiles.map { ProfileCommands.view($0, configuration: configuration, detailed: false) })
            return
        }
        if configuration.profiles.isEmpty {
            context.output.sayEmpty("no profiles yet: add one with `fieldops profile add NAME --backend BACKEND --base-url URL`")
            return
        }
        var table = Table("", "Name", "Backend", "Base URL", "Username")
        for profile in configuration.profiles {
            let mark = configuration.isDefault(profile) ? "*" : ""
            table.append([mark, profile.name, profile.backend, profile.baseURL, profile.username ?? ""])
        }
        context.output.emit(table)
    }
}

/// `fieldops profile show [NAME]`.
struct ProfileShowCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "show", abstract: "Show one profile's settings (the selected one by default).",
        examples: ["fieldops profile show site-a"],
        arguments: [ArgumentSpec("NAME", help: "The profile to show.", value: .dynamic(.profile), optional: true)])

    /// nil: the profile the global options and the environment select.
    let name: String?

    init(_ invocation: Invocation) { name = invocation.value("NAME") }

    func run(_ context: CommandContext) async throws {
        let configuration = try context.loadConfiguration()
        let profile: Profile
        if let name {
            profile = try configuration.selectProfile(explicit: name, environment: context.environment, backend: nil)
        } else {
            profile = try context.profile()
        }
        let shown = ProfileCommands.view(profile, configuration: configuration, detailed: true)
        if context.output.format == .json {
            try context.output.emitJSON(shown)
            return
        }
        var lines: [(String, String)] = [
            ("name", profile.name + (shown.isDefault ? " (default)" : "")),
            ("backend", profile.backend),
            ("base_url", profile.baseURL),
        ]
        if let username = profile.username { lines.append(("username", username)) }
        lines.append(("http.version", profile.http.version.rawValue))
        if let ca = profile.http.caFile { lines.append(("http.ca_file", ca)) }
        lines.append(("http.timeout", ProfileCommands.seconds(profile.http.timeout)))
        lines.append(("http.connect_timeout", ProfileCommands.seconds(profile.http.connectTimeout)))
        lines.append(("http.retries", String(profile.http.retries)))
        if let proxy = profile.http.proxy { lines.append(("http.proxy", proxy)) }
        for key in profile.settings.keys.sorted() {
            lines.append((key, profile.settings[key]?.text ?? ""))
        }
        lines.append(("defined at", profile.origin))
        lines.append(("data", context.dataDirectory(for: profile)))
        context.output.emit(facts: lines)
    }
}

/// `fieldops profile add NAME --backend B --base-url URL …`: a new file under profiles.d/.
struct ProfileAddCommand: FieldOpsCommand {
    static var definition: CommandSpec { definition(backends: []) }

    /// `--backend` takes the names and aliases of the backends in the build.
    static func definition(backends: [any Backend]) -> CommandSpec {
        let backendNames = backends.flatMap { [$0.name] + $0.aliases }
        return CommandSpec(
            "add", abstract: "Add a profile in its own file under profiles.d/.",
            examples: [
                "fieldops profile add site-a --backend jqc --base-url https://qc.example.com --username alice",
                "fieldops profile add lab-pon --backend mcms --base-url https://mcms.lab.example.net --http-version 1.1 --ca-file /etc/ssl/lab-ca.pem",
            ],
            options: [
                OptionSpec(
                    "backend", value: .choice(backendNames), valueName: "BACKEND",
                    help: "The service: " + backendNames.joined(separator: ", ") + ".", required: true),
                OptionSpec("base-url", valueName: "URL", help: "The service's base URL (https://…).", required: true),
                OptionSpec("username", valueName: "USER", help: "The account to log in as."),
                OptionSpec(
                    "http-version", value: .choice(HTTPSettings.Version.allCases.map(\.rawValue)), valueName: "VERSION",
                    help: "HTTP version: auto, 1.1 or 2."),
                OptionSpec("ca-file", value: .file, valueName: "PEM", help: "Extra CA certificates to trust for this service."),
                OptionSpec("http-timeout", value: .duration, valueName: "DURATION", help: "Time allowed for each request (e.g. 30s)."),
                OptionSpec("retries", value: .integer(0...10), valueName: "N", help: "Retries of failed idempotent requests."),
                OptionSpec("set", valueName: "KEY=VALUE", help: "A backend-specific profile setting.", repeatable: true),
            ],
            arguments: [ArgumentSpec("NAME", help: "The new profile's name.")])
    }

    /// The profile as typed; `ConfigEditor` validates its values as configuration is loaded.
    let draft: ProfileDraft

    init(_ invocation: Invocation) throws {
        guard let name = invocation.value("NAME") else { throw FieldOpsError.usage("profile add needs a NAME") }
        guard let backend = invocation.value("backend") else {
            throw FieldOpsError.usage(
                "profile add needs --backend", hint: "e.g. fieldops profile add \(name) --backend jqc --base-url https://qc.example.com")
        }
        guard let baseURL = invocation.value("base-url") else {
            throw FieldOpsError.usage(
                "profile add needs --base-url",
                hint: "e.g. fieldops profile add \(name) --backend \(backend) --base-url https://service.example.com")
        }
        var http: [String: String] = [:]
        if let version = invocation.value("http-version") { http["version"] = version }
        if let ca = invocation.value("ca-file") { http["ca_file"] = ca }
        if let timeout = invocation.value("http-timeout") { http["timeout"] = timeout }
        if let retries = invocation.value("retries") { http["retries"] = retries }
        var settings: [String: String] = [:]
        for pair in invocation.all("set") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw FieldOpsError.usage("--set takes KEY=VALUE, got '\(pair)'")
            }
            settings[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        draft = ProfileDraft(
            name: name, backend: backend, baseURL: baseURL, username: invocation.value("username"), http: http, settings: settings)
    }

    func run(_ context: CommandContext) async throws {
        let path = try ConfigEditor(paths: context.paths, schema: context.schema).addProfile(draft)
        context.output.note("added profile \(draft.name) in \(path)")
    }
}

/// `fieldops profile remove NAME`: the profile and its keyring entry; its local data stays.
struct ProfileRemoveCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "remove", aliases: ["rm"], abstract: "Remove a profile and its stored credentials (local data is kept).",
        examples: ["fieldops profile remove old-site"],
        arguments: [ArgumentSpec("NAME", help: "The profile to remove.", value: .dynamic(.profile))])

    let name: String

    init(_ invocation: Invocation) throws {
        guard let name = invocation.value("NAME") else { throw FieldOpsError.usage("profile remove needs a NAME") }
        self.name = name
    }

    func run(_ context: CommandContext) async throws {
        let removal = try ConfigEditor(paths: context.paths, schema: context.schema).removeProfile(named: name)
        try context.keyring().remove(profile: name)
        switch removal {
        case .deletedFile(let path): context.output.note("removed profile \(name) (deleted \(path))")
        case .editedFile(let path): context.output.note("removed profile \(name) from \(path)")
        }
        let data = context.paths.dataDirectory(for: name)
        if FileManager.default.fileExists(atPath: data) {
            context.output.note("its local data stays in \(data); delete it yourself when nothing there is waiting to sync")
        }
    }
}

/// `fieldops profile use NAME`: the default profile of the profile's backend.
struct ProfileUseCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "use", abstract: "Make a profile the default of its backend.",
        discussion:
            "Each backend has its own default: `default_profile` in config.yaml becomes a mapping of backend to profile (`default_profile: {jqc: site-a, mcms: lab-pon}`), written without touching any other line. A backend's commands then use that profile unless --profile or $FIELDOPS_PROFILE names another.",
        examples: ["fieldops profile use lab-pon"],
        arguments: [ArgumentSpec("NAME", help: "The profile to make the default.", value: .dynamic(.profile))])

    let name: String

    init(_ invocation: Invocation) throws {
        guard let name = invocation.value("NAME") else { throw FieldOpsError.usage("profile use needs a NAME") }
        self.name = name
    }

    func run(_ context: CommandContext) async throws {
        try ConfigEditor(paths: context.paths, schema: context.schema).useProfile(named: name)
        let backend = try? context.loadConfiguration().profile(named: name)?.backend
        context.output.note("default profile of backend \(backend ?? "its backend") is now \(name)")
    }
}
