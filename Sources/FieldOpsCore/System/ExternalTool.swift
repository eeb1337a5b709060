#if canImport(Glibc)
    import Glibc
#endif

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
        var process = Subprocess(program, arguments: Array(arguments.dropFirst()), environment: environment)
        process.stdin = .null
        process.stdout = .capture
        process.stderr = .capture
        guard let result = try? process.run() else { return nil }
        return Result(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self))
    }
}
