import FieldOpsCore
import Foundation

/// A small backend defined in the tests, proving the `Backend` protocol end to end: its group
/// joins the command tree, its profile key is accepted by the configuration, `auth login` calls
/// its flow (which talks HTTP to the loopback test server and stores a token and a cookie), and
/// `__complete` asks it for its own values.
struct WidgetBackend: Backend {
    init(
        name: String = "widget", aliases: [String] = ["wd"], summary: String = "Widgets, for tests.",
        profileKeys: [ProfileKey] = [ProfileKey("shelf", kind: .string, help: "Which shelf the widgets live on.")],
        loginOptions: [OptionSpec] = [], cookiePersistence: CookiePersistence = .keyring
    ) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.profileKeys = profileKeys
        self.loginOptions = loginOptions
        self.cookiePersistence = cookiePersistence
    }

    var name: String
    var aliases: [String]
    var summary: String
    var profileKeys: [ProfileKey]
    var loginOptions: [OptionSpec]
    var cookiePersistence: CookiePersistence

    /// A credential of the backend's own (a one-time code given with `--code`): what a
    /// backend that signs in another way reads in `readCredentials`.
    struct OneTimeCode: LoginCredentials {
        var code: String
    }

    func readCredentials(_ context: CommandContext, profile: Profile) throws -> any LoginCredentials {
        if loginOptions.contains(where: { $0.long == "code" }), let code = context.invocation.value("code") {
            return OneTimeCode(code: code)
        }
        return try LoginPrompt.read(context, profile: profile)
    }

    static let source = CompletionSource("widget")

    func commands() -> CommandSpec {
        let backendName = name
        return CommandSpec(
            name, aliases: aliases, abstract: summary,
            subcommands: [
                CommandSpec(
                    "whoami", abstract: "Ask the server who we are.",
                    action: { context in
                        let profile = try context.profile(backend: backendName)
                        guard
                            let token = try CredentialLookup.token(
                                for: profile.name, environment: context.environment, keyring: context.keyring())
                        else {
                            throw FieldOpsError("not logged in", exitCode: .notAuthenticated)
                        }
                        let session = try context.httpSession(for: profile)
                        let request = HTTPRequest(
                            .get, baseURL: profile.baseURL, path: ["echo", "whoami"],
                            headers: ["Authorization": "Bearer " + token.value])
                        let echoed = try await session.send(request).requireSuccess().decode(Echo.self)
                        try context.output.emitJSON([
                            "authorization": echoed.header("Authorization"),
                            "cookie": echoed.header("Cookie"),
                            "shelf": profile.string("shelf") ?? "",
                            "source": token.source,
                        ])
                    }),
                CommandSpec(
                    "pick", abstract: "Pick a widget.",
                    arguments: [ArgumentSpec("WIDGET", help: "A widget id.", value: .dynamic(Self.source))],
                    action: { context in context.output.stdout.line("picked " + (context.invocation.value("WIDGET") ?? "")) }),
            ])
    }

    struct Echo: Decodable {
        var headers: [[String]]

        func header(_ name: String) -> String {
            headers.first { $0.first?.lowercased() == name.lowercased() }?.last ?? ""
        }
    }

    func login(_ context: CommandContext, profile: Profile, credentials: any LoginCredentials) async throws -> LoginResult {
        if let credentials = credentials as? OneTimeCode {
            guard credentials.code == "4242" else { throw FieldOpsError("code refused", exitCode: .notAuthenticated) }
            try context.keyring().update(profile: profile.name) { entry in
                entry.secrets[KeyringSecret.accessToken] = "token-for-code"
            }
            return LoginResult(user: "code holder")
        }
        guard let credentials = credentials as? PasswordLogin else {
            throw UnsupportedLoginError(backend: name, hint: "log in with a password")
        }
        let (username, password) = (credentials.username, credentials.password)
        guard password == "open-sesame" else {
            throw FieldOpsError("invalid credentials for \(username)", exitCode: .notAuthenticated)
        }
        let session = try context.httpSession(for: profile)
        let request = HTTPRequest(
            .get, baseURL: profile.baseURL, path: ["set-cookie"],
            query: [HTTPRequest.QueryItem("c", "widget_session=s-\(username); Path=/")])
        _ = try await session.send(request).requireSuccess()
        try context.persistCookies(of: session, profile: profile)
        try context.keyring().update(profile: profile.name) { entry in
            entry.secrets[KeyringSecret.accessToken] = "token-for-\(username)"
            entry.identity = ["user": username, "role": "tester"]
        }
        return LoginResult(user: username, details: ["role: tester"])
    }

    func logout(_ context: CommandContext, profile: Profile) async -> LogoutOutcome { .unconfirmed }

    func statusFacts(profile: Profile, entry: KeyringEntry?) -> [(label: String, value: String)] {
        guard let identity = entry?.identity else { return [] }
        return [("user", identity["user"] ?? ""), ("role", identity["role"] ?? "")]
    }

    func completions(
        for source: CompletionSource, profile: Profile, paths: ConfigPaths, partial: Invocation, prefix: String
    ) -> [CompletionCandidate] {
        guard source == Self.source else { return [] }
        let file = paths.cacheDirectory(for: profile.name) + "/widgets"
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { CompletionCandidate(String($0), description: "on " + (profile.string("shelf") ?? "?")) }
    }
}
