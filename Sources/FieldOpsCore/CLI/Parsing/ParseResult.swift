/// What a command line asks for, once parsed against the command tree.
public enum ParseResult: Sendable {
    /// Run `command` (the last element of `invocation.path`) with the parsed values.
    case run(command: CommandSpec, invocation: Invocation)
    /// `-h`/`--help` was given: print help for the command at the end of `path` (root first)
    /// to stdout and exit 0.
    case help(path: [CommandSpec])
    /// A group was invoked without a subcommand (`fieldops jqc`): print its help to stderr
    /// and exit with `ExitCode.usage`.
    case missingSubcommand(path: [CommandSpec])
    /// `--version` was given.
    case version
    /// An unknown top-level word naming a `fieldops-<name>` executable on `PATH`.
    ///
    /// `arguments` are the words after the name, untouched; `globals` holds the global options
    /// given before the name (e.g. `--profile`) so the dispatcher can export them.
    case external(name: String, executable: String, arguments: [String], globals: Invocation)
}
