import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

/// What a backend owns of its login: its own `auth login` options, its own credential type,
/// and whether its HTTP sessions keep cookies.
@Suite struct BackendLoginTests {
    /// widget: the core's password login, cookies kept. gadget: a `--code` login of its own and
    /// no cookie jar.
    let backends: [any Backend] = [
        WidgetBackend(),
        WidgetBackend(
            name: "gadget", aliases: [], summary: "Gadgets, for tests.", profileKeys: [],
            loginOptions: [OptionSpec("code", valueName: "CODE", help: "A one-time code (gadget).")],
            cookiePersistence: .none),
    ]

    func configure(_ home: FieldOpsHome, baseURL: String) throws {
        try home.writeConfig(
            """
            profiles:
              north:
                backend: widget
                base_url: \(baseURL)
                username: wendy
              south:
                backend: gadget
                base_url: \(baseURL)
                username: gail

            """)
    }

    @Test func helpListsEachBackendsLoginOptions() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        let outcome = await home.run(["auth", "login", "--help"], backends: backends)
        #expect(outcome.exitCode == 0, "\(outcome)")
        #expect(outcome.stdout.contains("--code CODE"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("A one-time code (gadget)."))
    }

    @Test func anotherBackendsLoginOptionIsRefusedBeforeAnythingIsRead() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try configure(home, baseURL: "http://127.0.0.1:9")
        let outcome = await home.run(
            ["-p", "north", "auth", "login", "--password-stdin", "--code", "4242"], backends: backends, stdin: "open-sesame\n")
        #expect(outcome.exitCode == 2, "\(outcome)")
        #expect(outcome.stderr.contains("--code is a login option of gadget profiles; profile north uses widget"), "\(outcome)")
        #expect(!FileManager.default.fileExists(atPath: home.keyringFile), "nothing is stored")
    }

    @Test func aBackendReadsAndLogsInWithACredentialOfItsOwn() async throws {
        let home = try FieldOpsHome()
        defer { home.remove() }
        try configure(home, baseURL: "http://127.0.0.1:9")
        let outcome = await home.run(["-p", "south", "auth", "login", "--code", "4242"], backends: backends)
        #expect(outcome.exitCode == 0, "\(outcome)")
        #expect(outcome.stderr.contains("logged in to south (gadget) as code holder"), "\(outcome)")
        #expect(try String(contentsOfFile: home.keyringFile, encoding: .utf8).contains("token-for-code"))
        // Without the option, the same backend takes the core's default reader, whose token it refuses.
        let refused = await home.run(["-p", "south", "auth", "login", "--with-token"], backends: backends, stdin: "t0k3n\n")
        #expect(refused.exitCode == 2, "\(refused)")
        #expect(refused.stderr.contains("the gadget backend cannot log in this way"), "\(refused)")
    }

    @Test func aSessionKeepsCookiesOnlyWhenItsBackendPersistsThem() async throws {
        try await withEmulator(script: "http_test_server.py") { server in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try configure(home, baseURL: server.baseURL)
            let stored = CookieJar()
            stored.store(setCookieHeaders: ["stored=1; Path=/"], from: server.baseURL + "/")
            let context = CommandContext(invocation: Invocation(path: ["auth"]), environment: home.environment, backends: backends)
            for profile in ["north", "south"] {
                try context.keyring().update(profile: profile) { $0.secrets[KeyringSecret.cookies] = stored.export() }
            }
            let configuration = try context.loadConfiguration()
            for (name, keeps) in [("north", true), ("south", false)] {
                let profile = try configuration.selectProfile(explicit: name, environment: [:], backend: nil)
                let session = try context.httpSession(for: profile)
                #expect((session.cookies.value(named: "stored", for: server.baseURL + "/") != nil) == keeps, "\(name)")
                let request = HTTPRequest(
                    .get, baseURL: profile.baseURL, path: ["set-cookie"], query: [HTTPRequest.QueryItem("c", "fresh=2; Path=/")])
                _ = try await session.send(request).requireSuccess()
                #expect((session.cookies.value(named: "fresh", for: server.baseURL + "/") != nil) == keeps, "\(name)")
            }
        }
    }

    @Test func aJarThatAcceptsNothingStaysEmpty() {
        let jar = CookieJar(accepting: false)
        jar.store(setCookieHeaders: ["a=1; Path=/"], from: "https://example.com/")
        #expect(jar.cookies.isEmpty)
        #expect(jar.cookieHeader(for: "https://example.com/") == nil)
    }
}
