import FieldOpsCore
import Foundation

/// A python emulator from `Tests/Emulators/` running on a free loopback port for one test.
///
/// `start` launches `python3 Tests/Emulators/<script>.py --port 0 --exit-with-parent <arguments>`
/// (so even a crashed test run leaves no server behind), waits for the
/// first stdout line `listening on <url>` and fails with the emulator's stderr if it does not
/// come. Prefer `withEmulator(script:)`, which always stops the process, also when the test
/// throws. `stop()` sends SIGTERM, then SIGKILL after a grace period; `deinit` stops too.
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

    private init(baseURL: String, script: String, arguments: [String], process: ChildProcess, admin: HTTPSession, launcher: [String]) {
        self.baseURL = baseURL
        self.script = script
        self.arguments = arguments
        self.process = process
        self.admin = admin
        self.launcher = launcher
    }

    deinit {
        process.stop()
    }

    /// Stops the emulator: SIGTERM, then SIGKILL if it has not exited within `grace` seconds.
    @discardableResult
    public func stop(grace: Double = 2) -> Int32 {
        process.stop(grace: grace)
    }

    public var isRunning: Bool { process.isRunning }

    /// What the emulator wrote to stderr so far.
    public var stderr: String { process.stderrText() }

    /// `baseURL` + `path` (which starts with `/`).
    public func url(_ path: String) -> String { baseURL + path }
}

/// Runs `body` with a started emulator and stops it afterwards, whether `body` returns or throws.
public func withEmulator<T: Sendable>(
    script: String,
    arguments: [String] = [],
    _ body: (Emulator) async throws -> T
) async throws -> T {
    let emulator = try await Emulator.start(script: script, arguments: arguments)
    do {
        let result = try await body(emulator)
        emulator.stop()
        return result
    } catch {
        emulator.stop()
        throw error
    }
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
