import FieldOpsCore
import Foundation

/// A python emulator from `Tests/Emulators/` running on a free loopback port for one test.
///
/// `start` launches `python3 Tests/Emulators/<script>.py --port 0 --exit-with-parent <arguments>`
/// (so even a crashed test run leaves no server behind), waits for the
/// first stdout line `listening on <url>` and fails with the emulator's stderr if it does not
/// come. `stop()` sends SIGTERM, then SIGKILL after a grace period; `deinit` stops too.
///
/// An emulator leased from an `EmulatorPool` is a handle of its own on a process that outlives
/// it: `release()` (or `deinit`) parks the process in the pool again, once, and the handle is done
/// — `stop()` through a released handle does nothing, so a late call can never stop the process
/// another test leased since. Prefer `withEmulator(script:)`, which always releases.
public final class Emulator: Sendable {
    /// Where the emulator listens, e.g. `http://127.0.0.1:41234` (no trailing slash).
    public let baseURL: String
    public let script: String
    /// The arguments it was started with (after `--port 0`), for starting it again.
    public let arguments: [String]
    /// The command prefix it runs under (empty: directly); admin calls use it too.
    public let launcher: [String]
    let process: ChildProcess
    let admin: HTTPSession
    private let ownership: Locked<Ownership>

    enum Ownership {
        /// Started for its holder alone: `release()` and `deinit` stop it.
        case owned
        /// Leased from the pool, which gets it back once.
        case leased(EmulatorPool)
        /// Given back: this handle no longer acts on the process.
        case released
    }

    /// The package root, found from this file's own path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func scriptURL(_ script: String) -> URL {
        let name = script.hasSuffix(".py") ? script : script + ".py"
        return packageRoot.appendingPathComponent("Tests/Emulators").appendingPathComponent(name)
    }

    /// Starts the emulator and waits until it accepts connections.
    /// - Parameter launcher: a command prefix the emulator runs under, e.g.
    ///   `["ip", "netns", "exec", NAME]` for a network namespace of the test's own; admin calls
    ///   then go through the same prefix, since the test's own loopback cannot reach it.
    public static func start(script: String, arguments: [String] = [], launcher: [String] = [], startTimeout: Double = 10) async throws
        -> Emulator
    {
        let path = scriptURL(script).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw EmulatorError(script: script, reason: "no such emulator script \(path)", stderr: "")
        }
        let process = try ChildProcess.launch(launcher + ["python3", path, "--port", "0", "--exit-with-parent"] + arguments)
        EmulatorCount.record(script + " " + arguments.joined(separator: " "))
        let deadline = Date().addingTimeInterval(startTimeout)
        while true {
            switch process.firstLine() {
            case .line(let line):
                guard line.hasPrefix("listening on "), let url = line.split(separator: " ").last else {
                    process.stop()
                    throw EmulatorError(script: script, reason: "unexpected first line \"\(line)\"", stderr: process.stderrText())
                }
                let base = String(url)
                do {
                    let admin = try HTTPSession(settings: adminSettings(for: base, arguments: arguments), version: "emulator-admin")
                    return Emulator(
                        baseURL: base, script: script, arguments: arguments, process: process, admin: admin, launcher: launcher)
                } catch {
                    process.stop()
                    throw error
                }
            case .ended:
                let status = process.stop()
                throw EmulatorError(script: script, reason: "exited with status \(status) before listening", stderr: process.stderrText())
            case .pending:
                if Date() > deadline {
                    process.stop()
                    throw EmulatorError(script: script, reason: "not listening after \(startTimeout)s", stderr: process.stderrText())
                }
                do {
                    try await Task.sleep(nanoseconds: 10_000_000)
                } catch {
                    process.stop()
                    throw error
                }
            }
        }
    }

    /// Admin calls over TLS trust the CA that `TestCertificates` wrote next to the server
    /// certificate given with `--tls-cert`.
    private static func adminSettings(for base: String, arguments: [String]) -> HTTPSettings {
        var settings = HTTPSettings(timeout: 30, retries: 0)
        if base.hasPrefix("https"), let index = arguments.firstIndex(of: "--tls-cert"), index + 1 < arguments.count {
            settings.caFile = TestCertificates.caFile(forServerCertificate: arguments[index + 1])
        }
        return settings
    }

    private init(
        baseURL: String, script: String, arguments: [String], process: ChildProcess, admin: HTTPSession, launcher: [String],
        ownership: Ownership = .owned
    ) {
        self.baseURL = baseURL
        self.script = script
        self.arguments = arguments
        self.process = process
        self.admin = admin
        self.launcher = launcher
        self.ownership = Locked(ownership)
    }

    /// A new handle on the same process, leased from `pool`; this one (owned, parked in the
    /// pool or just started) is done without stopping it.
    /// `arguments`: what the process serves now, after a reset that took others.
    func leased(from pool: EmulatorPool, arguments: [String]? = nil) -> Emulator {
        ownership.withLock { $0 = .released }
        return handle(.leased(pool), arguments: arguments)
    }

    private func handle(_ ownership: Ownership, arguments: [String]? = nil) -> Emulator {
        Emulator(
            baseURL: baseURL, script: script, arguments: arguments ?? self.arguments, process: process, admin: admin,
            launcher: launcher, ownership: ownership)
    }

    deinit {
        release()
    }

    /// Stops the emulator: SIGTERM, then SIGKILL if it has not exited within `grace` seconds
    /// (a server that goes down; a leased one is then not reused). Through a released handle it
    /// does nothing and answers -1.
    @discardableResult
    public func stop(grace: Double = 2) -> Int32 {
        if case .released = ownership.withLock({ $0 }) { return -1 }
        return process.stop(grace: grace)
    }

    public var isRunning: Bool { process.isRunning }

    /// The test is done with it: a leased emulator goes back to its pool (the process, if it still
    /// runs, for another test), an owned one stops. Only the first call acts.
    public func release() {
        let was = ownership.withLock { state in
            defer { state = .released }
            return state
        }
        switch was {
        case .owned: process.stop()
        case .leased(let pool): pool.park(handle(.owned))
        case .released: break
        }
    }

    /// What the emulator wrote to stderr so far.
    public var stderr: String { process.stderrText() }

    /// `baseURL` + `path` (which starts with `/`).
    public func url(_ path: String) -> String { baseURL + path }
}

/// Runs `body` with an emulator leased from `pool` (the shared one unless told), in its seeded
/// state, and releases it afterwards, whether `body` returns or throws (see `EmulatorPool`).
public func withEmulator<T: Sendable>(
    script: String,
    arguments: [String] = [],
    pool: EmulatorPool = .shared,
    _ body: (Emulator) async throws -> T
) async throws -> T {
    let emulator = try await pool.lease(script: script, arguments: arguments)
    defer { emulator.release() }
    return try await body(emulator)
}

/// An emulator failed to start; carries its stderr so the test log shows why.
public struct EmulatorError: Error, CustomStringConvertible {
    public var script: String
    public var reason: String
    public var stderr: String

    public var description: String {
        let tail = stderr.isEmpty ? "" : "\n--- \(script) stderr ---\n\(stderr)"
        return "emulator \(script): \(reason)\(tail)"
    }
}

/// Counts the emulator processes a test run starts: with `FIELDOPS_TEST_EMULATOR_LOG` set, one
/// line per start (the script and its arguments) is appended to that file, which `make test`
/// counts; lines that start with `#` say why the pool let an emulator go.
enum EmulatorCount {
    static func record(_ line: String) {
        guard let path = ProcessInfo.processInfo.environment["FIELDOPS_TEST_EMULATOR_LOG"], !path.isEmpty else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let line = Array((line + "\n").utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
