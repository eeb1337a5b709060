import FoundationEssentials

/// systemd user units that run fieldops in the background for one profile (`jqc agent install`,
/// `mcms record install`): where they go, the binary they run, and `systemctl --user`.
public enum UserUnits {
    /// `$XDG_CONFIG_HOME/systemd/user`, where a user's service manager looks for units.
    public static func directory(_ context: CommandContext) -> String {
        let configHome =
            context.environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? context.paths.home + "/.config"
        return configHome + "/systemd/user"
    }

    /// This very binary, so a unit written by a `make install` to /usr/local and by the .deb
    /// both run the fieldops that wrote them.
    public static func executable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Writes each unit file into `directory` (created when missing), atomically; returns the paths.
    public static func write(_ units: [(name: String, text: String)], context: CommandContext) throws -> [String] {
        let directory = directory(context)
        var paths: [String] = []
        for unit in units {
            let path = directory + "/" + unit.name
            do {
                try AtomicFile.makeDirectories(directory, mode: 0o777)
                try AtomicFile.write(Array(unit.text.utf8), to: path, mode: 0o644)
            } catch {
                throw FieldOpsError("cannot write \(path): \(SystemCallError.reason(error))", hint: "check that \(directory) is writable")
            }
            paths.append(path)
        }
        return paths
    }

    /// Runs each `systemctl --user` command in turn; nil when all succeeded, else why not.
    public static func systemctl(_ commands: [[String]], context: CommandContext) -> String? {
        guard ExternalTool.find("systemctl", environment: context.environment) != nil else { return "systemctl is not installed" }
        for arguments in commands {
            guard let result = ExternalTool.run(["systemctl", "--user"] + arguments, environment: context.environment) else {
                return "systemctl could not run"
            }
            if result.status != 0 {
                let line = result.stderr.split(separator: "\n").first.map(String.init) ?? "exit \(result.status)"
                return "systemctl --user \(arguments.joined(separator: " ")): \(line)"
            }
        }
        return nil
    }

    /// Runs `commands` and says what became of them: done, or the commands to run where a user
    /// service manager is reachable.
    public static func apply(_ commands: [[String]], done: String, context: CommandContext) {
        if let failure = systemctl(commands, context: context) {
            context.output.stdout.line("no user service manager answered (\(failure)); run these where one is:")
            for command in commands { context.output.stdout.line("  systemctl --user " + command.joined(separator: " ")) }
        } else {
            context.output.stdout.line(done)
        }
    }
}
