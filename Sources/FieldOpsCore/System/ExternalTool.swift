import Foundation

/// A short-lived program found on `$PATH` and run to completion (`systemctl`, `man`, `zsh`,
/// `notify-send`): what doctor asks the system and what the JQC agent hands work to.
public enum ExternalTool {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The executable `name` in the environment's `PATH` (`/usr/bin:/bin` when unset), or nil:
    /// the first regular file this process may execute. Empty entries are skipped (they would
    /// mean the current directory) and a name with a `/` is never looked up. The one `PATH`
    /// search of fieldops: the tools doctor and the agent run, and `fieldops-<name>` extensions.
    public static func find(_ name: String, environment: [String: String]) -> String? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Runs `arguments` (the first is looked up on `PATH`) with no standard input; nil when the
    /// program is absent or cannot start.
    public static func run(_ arguments: [String], environment: [String: String]) -> Result? {
        guard let name = arguments.first, let program = find(name, environment: environment) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        // Both pipes drained before waiting, so a chatty program never blocks on a full pipe.
        let collected = Locked(Data())
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            collected.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() }
            drained.signal()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: collected.withLock { $0 }, as: UTF8.self))
    }
}
