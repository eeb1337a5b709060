import FieldOpsCore
import FieldOpsTestSupport
import Foundation

@testable import JQC

/// JQC's test bed: a JQC emulator, and a home whose default profile `site` points at it as
/// `inspector`. Its environment leaves `NO_COLOR` unset; tests that want plain output ask for it.
typealias JQCWorld = BackendTestBed

extension JQCWorld {
    /// Leases an emulator started with `arguments`, in its seeded state, and writes the config;
    /// `http` is the profile's `http:` block (e.g. `{ retries: 0 }`).
    /// `settings` are more profile lines (`time_zone: America/New_York`).
    static func start(emulatorArguments: [String] = [], http: String? = nil, settings: [String] = []) async throws -> JQCWorld {
        try start(
            existing: try await EmulatorPool.shared.lease(script: "jqc_emulator", arguments: emulatorArguments), http: http,
            settings: settings)
    }

    /// A world around an emulator the caller started (in a network namespace, say).
    static func start(existing emulator: Emulator, http: String? = nil, settings: [String] = []) throws -> JQCWorld {
        try JQCWorld(
            emulator: emulator, backends: [JQCBackend()],
            profile: Profile(
                name: "site", backend: "jqc", isDefault: true,
                settings: ["username: inspector"] + (http.map { ["http: \($0)"] } ?? []) + settings),
            account: PasswordLogin(username: "inspector", password: "secret123"), home: try FieldOpsHome(noColor: false))
    }

    /// The profile's store, opened the way commands open it.
    func store() throws -> JQCStore { try JQCStore(directory: profileDataDirectory) }

    /// Logs in with the API directly (not through fieldops) and returns the access token.
    func login(returningToken: Void) async throws -> String {
        let body = try JSONSerialization.data(withJSONObject: ["username": account.username, "password": account.password])
        let response = try await http.send(
            HTTPRequest(.post, baseURL: emulator.baseURL, path: ["api", "v1", "auth", "login"], body: .json(body))
        ).requireSuccess()
        let envelope = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        guard let token = (envelope?["data"] as? [String: Any])?["access_token"] as? String else {
            throw TestSupportError("no token in \(response.text)")
        }
        return token
    }

    // MARK: Emulator admin

    /// Sends `json` to `/__admin/<endpoint>` and returns the answer as a dictionary.
    @discardableResult
    func admin(_ endpoint: String, _ json: Any = [String: Any](), method: HTTPMethod = .post) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: json)
        let response = try await adminRequest(method, endpoint.split(separator: "/").map(String.init), body: .json(body))
        return (try JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
    }

    /// Waits until the emulator has received `count` requests for `path` (it logs each on
    /// arrival, before any injected delay): "mid-operation" as the server sees it, not a sleep.
    func waitForRequests(path: String, count: Int, within seconds: Double = 30) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await emulator.requests().filter({ $0.path == path }).count >= count { return }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        throw TestSupportError("the server saw fewer than \(count) requests for \(path) within \(seconds) s")
    }

    /// The emulator's state document, as a dictionary.
    func serverState() async throws -> [String: Any] {
        (try JSONSerialization.jsonObject(with: try await emulator.state()) as? [String: Any]) ?? [:]
    }

    /// How many times each local id was POSTed (`post_counts.inspections|issues`).
    func postCounts(_ kind: String) async throws -> [String: Int] {
        let counts = try await serverState()["post_counts"] as? [String: Any]
        return (counts?[kind] as? [String: Int]) ?? [:]
    }

    /// Server inspections created by clients, by local id.
    func serverInspections() async throws -> [String: [String: Any]] {
        (try await serverState()["inspections"] as? [String: [String: Any]]) ?? [:]
    }

    /// Server issues created from a device, by local id.
    func serverIssues() async throws -> [String: [String: Any]] {
        let issues = (try await serverState()["issues"] as? [[String: Any]]) ?? []
        var byLocal: [String: [String: Any]] = [:]
        for issue in issues { if let id = issue["local_id"] as? String { byLocal[id] = issue } }
        return byLocal
    }
}

/// Runs `body` in a fresh world and always stops the emulator and removes the files.
func withWorld<T: Sendable>(
    emulatorArguments: [String] = [], http: String? = nil, settings: [String] = [], _ body: (JQCWorld) async throws -> T
) async throws -> T {
    let world = try await JQCWorld.start(emulatorArguments: emulatorArguments, http: http, settings: settings)
    defer { world.stop() }
    return try await body(world)
}
