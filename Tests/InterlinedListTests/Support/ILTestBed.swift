import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import InterlinedList

/// One InterlinedList emulator on loopback and a throw-away fieldops home whose profile `lists`
/// points at it. Commands run in-process through the real `App` with the real backend.
struct ILTestBed: Sendable {
    let emulator: Emulator
    let home: FieldOpsHome
    let admin: HTTPSession

    static let profile = "lists"

    /// Starts the emulator (extra `arguments` such as `--login-limit 1`), runs `body`, stops it.
    static func with(arguments: [String] = [], _ body: (ILTestBed) async throws -> Void) async throws {
        try await withEmulator(script: "interlinedlist_emulator.py", arguments: arguments) { emulator in
            let home = try FieldOpsHome()
            defer { home.remove() }
            try home.writeConfig(
                """
                profiles:
                  \(profile):
                    backend: il
                    base_url: \(emulator.baseURL)
                    http: { retries: 0, timeout: 10s }
                """)
            let bed = ILTestBed(emulator: emulator, home: home, admin: try HTTPSession(version: "il-tests"))
            try await body(bed)
        }
    }

    /// Runs `fieldops -p lists ARGS…`.
    func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) async -> CommandOutcome {
        await home.run(["-p", Self.profile] + arguments, backends: [InterlinedListBackend()], stdin: stdin, environment: environment)
    }

    /// Logs in with email and password (both credentials).
    @discardableResult
    func login(_ email: String = "ada@example.com", _ password: String = "lovelace1") async -> CommandOutcome {
        await run(["auth", "login", "--username", email, "--password-stdin"], stdin: password + "\n")
    }

    /// The profile's cache directory of `user`.
    func cacheDirectory(user: String = "u_ada") -> String {
        home.cacheDirectory + "/\(Self.profile)/interlinedlist/\(user)"
    }

    func cache(user: String = "u_ada") -> ILMirror {
        ILMirror(profileDirectory: home.cacheDirectory + "/" + Self.profile, userID: user)
    }

    // MARK: Emulator admin

    /// The emulator's state document (`snake_case_keys`, `credential_log`, `documents`, …).
    func state() async throws -> JSONValue {
        try JSONValue(parsing: try await emulator.state())
    }

    /// `POST /__admin/<path>` with a JSON body.
    func adminPost(_ path: String, _ body: String) async throws {
        let request = HTTPRequest(.post, baseURL: emulator.baseURL, path: ["__admin", path], body: .json(Data(body.utf8)))
        try await admin.send(request).requireSuccess()
    }

    /// Every request the emulator received, as `METHOD /path`.
    func requestLines() async throws -> [String] {
        try await emulator.requests().map { "\($0.method) \($0.path)" }
    }

    /// The credential log entries (method, path, presented credentials, status).
    func credentialLog() async throws -> [(method: String, path: String, presented: [String], status: Int?)] {
        (try await state()["credential_log"]?.arrayValue ?? []).map { entry in
            (
                entry["method"]?.stringValue ?? "", entry["path"]?.stringValue ?? "",
                (entry["presented"]?.arrayValue ?? []).compactMap(\.stringValue), entry["status"]?.int64Value.map(Int.init)
            )
        }
    }

    /// The keys of `snake_case_keys` the emulator recorded (should stay empty).
    func snakeCaseKeys() async throws -> [String] {
        (try await state()["snake_case_keys"]?.arrayValue ?? []).map { $0.jsonString() }
    }

    /// The secret names stored for the profile, from `auth status --json`.
    func storedSecrets() async throws -> [String] {
        let outcome = await run(["auth", "status", "--json"])
        let status = try JSONValue(parsing: outcome.stdout)
        return (status[0]?["secrets"]?.arrayValue ?? []).compactMap(\.stringValue)
    }
}
