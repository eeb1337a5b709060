import Foundation

/// Runs a program in a pseudo-terminal and plays a person's keystrokes (tests only).
///
/// Backed by `Tests/Support/pty_drive.py` (python3's `pty` module): each step waits for text on
/// the screen or types text, so prompts, no-echo input and Ctrl-C are tested as a person meets them.
public enum TerminalSession {
    public enum Step: Sendable {
        /// Wait until the screen shows this text.
        case expect(String, timeout: Double = 10)
        /// Type this text (`"\n"` is Enter, `"\u{03}"` is Ctrl-C).
        case send(String)
        case sleep(Double)
    }

    public struct Result: Sendable, Decodable {
        public var exit: Int32?
        public var signal: Int32?
        /// Everything the terminal showed (prompts, echoed input, output), with `\r\n` line ends.
        public var output: String
        /// The step that never saw its text, if any.
        public var failedStep: Int?

        enum CodingKeys: String, CodingKey {
            case exit, signal, output
            case failedStep = "failed_step"
        }
    }

    public static func run(
        _ executable: String, arguments: [String], environment: [String: String], steps: [Step]
    ) throws -> Result {
        let encoded: [[String: Any]] = steps.map { step in
            switch step {
            case .expect(let text, let timeout): return ["expect": text, "timeout": timeout]
            case .send(let text): return ["send": text]
            case .sleep(let seconds): return ["sleep": seconds]
            }
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fieldops-pty-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: encoded).write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let driver = Emulator.packageRoot.appendingPathComponent("Tests/Support/pty_drive.py").path
        let outcome = try ProcessRunner.run(
            "/usr/bin/env", arguments: ["python3", driver, scratch.path, "--", executable] + arguments,
            environment: environment, timeout: 120)
        return try JSONDecoder().decode(Result.self, from: Data(outcome.stdout.utf8))
    }
}
