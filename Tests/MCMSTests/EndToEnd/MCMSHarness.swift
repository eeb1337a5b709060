import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import MCMS

/// One MCMS emulator, a throw-away home (config, keyring, cache) and the real `fieldops`
/// dispatcher with the MCMS backend, run in-process with captured streams.
final class MCMSHarness: Sendable {
    let emulator: Emulator
    let home: TemporaryDirectory
    let environment: [String: String]
    /// Talks to the emulator's MCMS admin endpoints through the real HTTP core.
    let admin: HTTPSession
    let caFile: String?
    let emulatorArguments: [String]
    /// The emulator started again by `restartEmulator()`, on the same port.
    private let restarted = Locked<Emulator?>(nil)

    struct Result: Sendable {
        var code: Int32
        var stdout: String
        var stderr: String
    }

    static let password = "pon-secret"
    static let tech = "tech@example.net"
    static let viewer = "viewer@example.net"

    /// - Parameters:
    ///   - profileHTTP: the profile's `http:` mapping, e.g. `{ version: "1.1" }`.
    ///   - certificates: serve TLS with these (and trust their CA in the profile).
    init(
        onus: Int = 40, arguments: [String] = [], profileHTTP: String? = nil, profileExtra: String = "",
        certificates: TestCertificates? = nil
    ) async throws {
        var emulatorArguments = ["--onus", String(onus), "--olts", "4"] + arguments
        if let certificates {
            emulatorArguments += ["--tls-cert", certificates.serverCertificate, "--tls-key", certificates.serverKey]
        }
        self.emulatorArguments = emulatorArguments
        emulator = try await Emulator.start(script: "mcms_emulator", arguments: emulatorArguments)
        home = try TemporaryDirectory(prefix: "fieldops-mcms")
        caFile = certificates?.caFile
        var http = profileHTTP.map { "    http: \($0)\n" } ?? ""
        if let caFile = certificates?.caFile {
            http =
                "    http: { ca_file: \(caFile)\(profileHTTP.map { ", " + $0.trimmingCharacters(in: CharacterSet(charactersIn: "{} ")) } ?? "") }\n"
        }
        let config = """
            default_profile: lab
            profiles:
              lab:
                backend: mcms
                base_url: \(emulator.baseURL)
                username: \(Self.tech)
            \(http)\(profileExtra)
            """
        try FileManager.default.createDirectory(atPath: home.path("config/fieldops"), withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: home.path("config/fieldops/config.yaml")))
        environment = [
            "HOME": home.path("home"),
            "XDG_CONFIG_HOME": home.path("config"),
            "XDG_DATA_HOME": home.path("data"),
            "XDG_CACHE_HOME": home.path("cache"),
            "NO_COLOR": "1",
        ]
        var settings = HTTPSettings(timeout: 30, retries: 0)
        settings.caFile = certificates?.caFile
        admin = try HTTPSession(settings: settings, version: "mcms-test-admin")
    }

    deinit {
        emulator.stop()
        _ = restarted.withLock { $0?.stop() }
        home.remove()
    }

    /// Starts the emulator again on the port it had (after `emulator.stop()`): the same fleet,
    /// but no sessions, as an appliance that rebooted.
    func restartEmulator() async throws {
        let port = String(emulator.baseURL.split(separator: ":").last ?? "0")
        let again = try await Emulator.start(script: "mcms_emulator", arguments: emulatorArguments + ["--port", port])
        restarted.withLock { $0 = again }
    }

    /// Runs `fieldops ARGS…` in the background; `lines` yields each line it writes to stdout as
    /// it is written, so a test can act between two refreshes of a watch.
    /// With `stdoutIsTerminal`, stdout is a terminal (the table form).
    func start(_ arguments: [String], stdoutIsTerminal: Bool = false) -> (lines: AsyncStream<String>, result: Task<Result, Never>) {
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let out = LineStream(continuation, isTerminal: stdoutIsTerminal)
        let err = CapturedStream()
        let environment = self.environment
        let task = Task {
            let code = await App(backends: [MCMSBackend()]).run(
                arguments: arguments, environment: environment, stdout: out, stderr: err, stdin: FixedInput(""))
            continuation.finish()
            return Result(code: code, stdout: out.text, stderr: err.text)
        }
        return (lines, task)
    }

    /// Runs `fieldops ARGS…` and returns its exit code and output.
    func run(_ arguments: [String], stdin: String = "", stdinIsTerminal: Bool = false, stderrIsTerminal: Bool = false) async -> Result {
        let out = CapturedStream()
        let err = CapturedStream(isTerminal: stderrIsTerminal)
        let code = await App(backends: [MCMSBackend()]).run(
            arguments: arguments, environment: environment, stdout: out, stderr: err,
            stdin: FixedInput(stdin, isTerminal: stdinIsTerminal))
        return Result(code: code, stdout: out.text, stderr: err.text)
    }

    /// Runs with stdout as a terminal (tables, empty-result messages, colour unless `color` is false).
    func runOnTerminal(_ arguments: [String], color: Bool = false) async -> Result {
        let out = CapturedStream(isTerminal: true)
        let err = CapturedStream()
        var environment = self.environment
        if color { environment["NO_COLOR"] = nil }
        let code = await App(backends: [MCMSBackend()]).run(
            arguments: arguments, environment: environment, stdout: out, stderr: err, stdin: FixedInput(""))
        return Result(code: code, stdout: out.text, stderr: err.text)
    }

    /// `auth login --password-stdin` as `user`.
    @discardableResult
    func login(_ user: String = tech, remember: Bool = false) async throws -> Result {
        let result = await run(
            ["auth", "login", "--username", user, "--password-stdin"] + (remember ? ["--remember-password"] : []),
            stdin: Self.password + "\n")
        guard result.code == 0 else { throw TestSupportError("login failed (\(result.code)): \(result.stderr)") }
        return result
    }

    // MARK: Admin

    func adminGet(_ path: [String]) async throws -> HTTPResponse {
        try await admin.send(HTTPRequest(.get, baseURL: emulator.baseURL, path: ["__admin"] + path)).requireSuccess()
    }

    /// The stored raw text of a config document, byte for byte.
    func rawConfig(_ id: String) async throws -> String {
        try await adminGet(["config", id]).text
    }

    func putRaw(_ kind: String, _ id: String, _ text: String) async throws {
        _ = try await admin.send(
            HTTPRequest(
                .put, baseURL: emulator.baseURL, path: ["__admin", kind, id],
                body: .bytes(Data(text.utf8), contentType: "application/json"))
        ).requireSuccess()
    }

    /// Edits the stored ONU-STATE (or OLT-STATE, with `kind: "olt-state"`) document of `id`.
    func editState(_ id: String, kind: String = "onu-state", _ change: (inout JSONValue) throws -> Void) async throws {
        var document = try JSONValue(parsing: try await adminGet([kind, id]).body)
        try change(&document)
        try await putRaw(kind, id, document.jsonString())
    }

    /// Replaces one device's active alarms (`[]` for none).
    func setAlarms(_ id: String, _ alarms: [JSONValue]) async throws {
        try await putRaw("alarms", id, JSONValue.array(alarms).jsonString())
    }

    /// Clears every device's alarms.
    func clearAlarms() async throws {
        _ = try await admin.send(HTTPRequest(.delete, baseURL: emulator.baseURL, path: ["__admin", "alarms"])).requireSuccess()
    }

    /// Sets the emulator's activation model: `{"boot_delay", "jitter", "upgrade_block",
    /// "default", "outcomes": {"<id>": "success"|"fall-back"|"never-back"}}`.
    func setActivation(_ spec: JSONValue) async throws {
        _ = try await admin.send(
            HTTPRequest(
                .post, baseURL: emulator.baseURL, path: ["__admin", "activation"],
                body: .json(spec.jsonData()))
        ).requireSuccess()
    }

    /// Every activation the emulator saw, and the most booting at once per OLT.
    func activations() async throws -> JSONValue {
        try JSONValue(parsing: try await adminGet(["activations"]).body)
    }

    /// The request log (every non-admin request, in order).
    func requests() async throws -> [JSONValue] {
        try JSONValue(parsing: try await adminGet(["requests"]).body).arrayValue ?? []
    }

    func deleteState(_ id: String) async throws {
        _ = try await admin.send(HTTPRequest(.delete, baseURL: emulator.baseURL, path: ["__admin", "onu-state", id])).requireSuccess()
    }

    func expireSessions() async throws {
        _ = try await admin.send(HTTPRequest(.post, baseURL: emulator.baseURL, path: ["__admin", "expire-sessions"])).requireSuccess()
    }

    /// The emulator's `/__admin/state` document.
    func state() async throws -> JSONValue {
        try JSONValue(parsing: try await adminGet(["state"]).body)
    }

    /// The write log: one entry per unsafe request to a document.
    func writes() async throws -> [JSONValue] {
        try await state()["writes"]?.arrayValue ?? []
    }

    func special(_ kind: String) async throws -> [String] {
        (try await state()["special"]?[kind]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    func onuIDs() async throws -> [String] {
        (try await state()["first_onus"]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    func keyringText() -> String {
        (FileManager.default.contents(atPath: home.path("data/fieldops/keyring")).map { String(decoding: $0, as: UTF8.self) }) ?? ""
    }
}

/// A stdout that hands each complete line to an `AsyncStream` as it is written, and keeps all.
final class LineStream: TextStream {
    private let continuation: AsyncStream<String>.Continuation
    private let pending = Locked("")
    private let all = Locked("")
    let isTerminal: Bool

    init(_ continuation: AsyncStream<String>.Continuation, isTerminal: Bool = false) {
        self.continuation = continuation
        self.isTerminal = isTerminal
    }

    func write(_ text: String) {
        all.withLock { $0 += text }
        let lines: [String] = pending.withLock { pending in
            pending += text
            var complete: [String] = []
            // "\r\n" (csv) is one Character, not a "\n".
            while let newline = pending.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) {
                complete.append(String(pending[..<newline]))
                pending = String(pending[pending.index(after: newline)...])
            }
            return complete
        }
        for line in lines { continuation.yield(line) }
    }

    var text: String { all.withLock { $0 } }
}
