import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// One test's JQC world: a running emulator, a throw-away config and data home pointing a
/// profile `site` at it, and ways to run `fieldops` in-process or as a real process.
final class JQCWorld: Sendable {
    let emulator: Emulator
    let home: TemporaryDirectory
    let environment: [String: String]
    let profile = "site"
    private let admin: HTTPSession

    /// Starts the emulator with `arguments` and writes the config; `http` is the profile's
    /// `http:` block (e.g. `{ retries: 0 }`).
    static func start(emulatorArguments: [String] = [], http: String? = nil) async throws -> JQCWorld {
        try await start(existing: try await Emulator.start(script: "jqc_emulator", arguments: emulatorArguments), http: http)
    }

    /// A world around an emulator the caller started (in a network namespace, say).
    static func start(existing emulator: Emulator, http: String? = nil) async throws -> JQCWorld {
        let home = try TemporaryDirectory(prefix: "jqc-world")
        let config = home.path("config/fieldops")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        var yaml =
            "default_profile: site\nprofiles:\n  site:\n    backend: jqc\n    base_url: \(emulator.baseURL)\n    username: inspector\n"
        if let http { yaml += "    http: \(http)\n" }
        try yaml.write(toFile: config + "/config.yaml", atomically: true, encoding: .utf8)
        let environment = [
            "HOME": home.path("home"), "XDG_CONFIG_HOME": home.path("config"), "XDG_DATA_HOME": home.path("data"),
            "XDG_CACHE_HOME": home.path("cache"), "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        return JQCWorld(
            emulator: emulator, home: home, environment: environment,
            admin: try HTTPSession(settings: HTTPSettings(timeout: 30, retries: 0), version: "test"))
    }

    private init(emulator: Emulator, home: TemporaryDirectory, environment: [String: String], admin: HTTPSession) {
        self.emulator = emulator
        self.home = home
        self.environment = environment
        self.admin = admin
    }

    func stop() {
        emulator.stop()
        home.remove()
    }

    /// The profile's data directory.
    var dataDirectory: String { home.path("data") + "/fieldops/" + profile }

    /// The profile's store, opened the way commands open it.
    func store() throws -> JQCStore { try JQCStore(directory: dataDirectory) }

    // MARK: Running fieldops

    struct Result: Sendable {
        var code: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `fieldops ARGS` in this process with captured streams.
    @discardableResult
    func run(_ arguments: [String], stdin: String = "") async -> Result {
        let out = CapturedStream()
        let err = CapturedStream()
        let code = await App(backends: [JQCBackend()]).run(
            arguments: arguments, environment: environment, stdout: out, stderr: err, stdin: FixedInput(stdin))
        return Result(code: code, stdout: out.text, stderr: err.text)
    }

    /// Logs in as `inspector` through `fieldops auth login --password-stdin`.
    func login(user: String = "inspector") async throws {
        let result = await run(["auth", "login", "--username", user, "--password-stdin"], stdin: "secret123\n")
        guard result.code == 0 else { throw WorldError("login failed: \(result.stderr)") }
    }

    /// Logs in with the API directly (not through fieldops) and returns the access token.
    func login(returningToken: Void) async throws -> String {
        let body = try JSONSerialization.data(withJSONObject: ["username": "inspector", "password": "secret123"])
        let response = try await admin.send(
            HTTPRequest(.post, baseURL: emulator.baseURL, path: ["api", "v1", "auth", "login"], body: .json(body))
        ).requireSuccess()
        let envelope = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        guard let token = (envelope?["data"] as? [String: Any])?["access_token"] as? String else {
            throw WorldError("no token in \(response.text)")
        }
        return token
    }

    /// Runs the built `fieldops` binary as a child process; the caller waits or kills it.
    /// `stderrFile`, when given, receives the child's stderr.
    func spawn(_ arguments: [String], stderrFile: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try JQCWorld.binary())
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        if let stderrFile {
            #expect(FileManager.default.createFile(atPath: stderrFile, contents: nil))
            process.standardError = FileHandle(forWritingAtPath: stderrFile)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The `fieldops` executable next to the test bundle (built by `swift test`).
    static func binary() throws -> String {
        if let explicit = ProcessInfo.processInfo.environment["FIELDOPS_BIN"] { return explicit }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("fieldops").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw WorldError("cannot find the fieldops executable near \(CommandLine.arguments[0]); set FIELDOPS_BIN")
    }

    // MARK: Emulator admin

    /// Sends `json` to `/__admin/<endpoint>` and returns the answer as a dictionary.
    @discardableResult
    func admin(_ endpoint: String, _ json: Any = [String: Any](), method: HTTPMethod = .post) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: json)
        let request = HTTPRequest(
            method, baseURL: emulator.baseURL, path: ["__admin"] + endpoint.split(separator: "/").map(String.init), body: .json(body))
        let response = try await admin.send(request).requireSuccess()
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
        throw WorldError("the server saw fewer than \(count) requests for \(path) within \(seconds) s")
    }

    /// The emulator's state document.
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

struct WorldError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` in a fresh world and always stops the emulator and removes the files.
func withWorld<T: Sendable>(
    emulatorArguments: [String] = [], http: String? = nil, _ body: (JQCWorld) async throws -> T
) async throws -> T {
    let world = try await JQCWorld.start(emulatorArguments: emulatorArguments, http: http)
    do {
        let result = try await body(world)
        world.stop()
        return result
    } catch {
        world.stop()
        throw error
    }
}
