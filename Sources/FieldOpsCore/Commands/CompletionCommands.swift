import FoundationEssentials

/// `fieldops completion bash|zsh|fish`.
struct CompletionCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "completion", abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion:
            "The scripts complete commands, options and choices by themselves and ask `fieldops __complete` only for values kept locally (profile names, cached ids), so completion never touches the network.",
        examples: [
            "source <(fieldops completion bash)",
            "fieldops completion zsh > \"${fpath[1]}/_fieldops\"",
            "fieldops completion fish > ~/.config/fish/completions/fieldops.fish",
        ],
        arguments: [ArgumentSpec("SHELL", help: "bash, zsh or fish.", value: .choice(CompletionScript.Shell.allCases.map(\.rawValue)))])

    let shell: CompletionScript.Shell

    init(_ invocation: Invocation) throws {
        guard let name = invocation.value("SHELL"), let shell = CompletionScript.Shell(rawValue: name) else {
            throw FieldOpsError.usage("completion needs a shell: bash, zsh or fish")
        }
        self.shell = shell
    }

    func run(_ context: CommandContext) async throws {
        context.output.stdout.write(CompletionScript.script(for: shell, root: context.commandTree))
    }
}

/// The hidden `__complete WORDS…` the completion scripts call for values kept locally.
struct CompleteCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "__complete", abstract: "Complete a half-typed command line from local data (used by the completion scripts).",
        arguments: [
            ArgumentSpec(
                "WORDS", help: "The words after the program name; the last one is being completed.", optional: true, variadic: true)
        ],
        hidden: true, rawArguments: true)

    let words: [String]

    init(_ invocation: Invocation) { words = invocation.all("WORDS") }

    func run(_ context: CommandContext) async throws {
        context.output.stdout.write(
            Self.answer(words: words, root: context.commandTree, backends: context.backends, environment: context.environment))
    }

    /// The candidates for a half-typed line, one per line, from local data only.
    static func answer(words: [String], root: CommandSpec, backends: [any Backend], environment: [String: String]) -> String {
        let completer = DynamicCompleter(root: root, provider: LocalCompletionProvider(backends: backends, environment: environment))
        return DynamicCompleter.render(completer.complete(words: words))
    }
}

/// The hidden `__manual DIR` behind the generate-manual plugin and `make man`.
struct ManualCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "__manual", abstract: "Write a man page for every command into DIR.",
        arguments: [ArgumentSpec("DIR", help: "The output directory (created when missing).", value: .directory)],
        hidden: true)

    let directory: String

    init(_ invocation: Invocation) throws {
        guard let directory = invocation.value("DIR") else { throw FieldOpsError.usage("__manual needs a DIR") }
        self.directory = directory
    }

    func run(_ context: CommandContext) async throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let written = try ManualRenderer(root: context.commandTree, version: FieldOpsVersion.current)
            .write(to: URL(fileURLWithPath: directory))
        context.output.note("wrote \(written.count) man pages to \(directory)")
    }
}

/// The hidden `__reference DIR` behind `make docs`: the Markdown command reference.
struct ReferenceCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "__reference", abstract: "Write the Markdown command reference (a page per command) into DIR.",
        arguments: [ArgumentSpec("DIR", help: "The output directory (created when missing).", value: .directory)],
        hidden: true)

    let directory: String

    init(_ invocation: Invocation) throws {
        directory = try invocation.required("DIR")
    }

    func run(_ context: CommandContext) async throws {
        let written = try MarkdownReference(root: context.commandTree).write(to: URL(fileURLWithPath: directory))
        context.output.note("wrote \(written.count) reference pages to \(directory)")
    }
}

extension CommandContext {
    /// The whole command tree, which the completion scripts, `__complete` and the man pages
    /// describe: the one `App` builds for the backends it gave this context. It holds the
    /// commands that describe it, so it cannot be part of their definitions.
    fileprivate var commandTree: CommandSpec { App(backends: backends).rootCommand() }
}
