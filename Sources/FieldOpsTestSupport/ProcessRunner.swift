import Foundation

/// Runs a program to completion and collects its exit code and output (tests only).
///
/// Output goes to temp files rather than pipes, so a chatty child can never block on a full pipe.
public enum ProcessRunner {
    public struct Result: Sendable {
        public var exitCode: Int32
        public var stdout: String
        public var stderr: String
        /// The child died from a signal (exit code holds 128 + signal).
        public var signaled: Bool
    }

    public struct Timeout: Error, CustomStringConvertible {
        public var command: String
        public var seconds: Double
        public var description: String { "\(command) did not finish within \(seconds) s" }
    }

    public static func run(
        _ executable: String, arguments: [String], environment: [String: String]? = nil, stdin: Data = Data(),
        currentDirectory: URL? = nil, timeout: Double = 60
    ) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fieldops-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try stdin.write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let inHandle = try FileHandle(forReadingFrom: inURL)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        defer {
            try? inHandle.close()
            try? outHandle.close()
            try? errHandle.close()
        }
        process.standardInput = inHandle
        process.standardOutput = outHandle
        process.standardError = errHandle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = finished.wait(timeout: .now() + 2)
            throw Timeout(command: ([executable] + arguments).joined(separator: " "), seconds: timeout)
        }
        let signaled = process.terminationReason == .uncaughtSignal
        return Result(
            exitCode: signaled ? 128 + process.terminationStatus : process.terminationStatus,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
            signaled: signaled)
    }
}
