import Foundation

/// `fieldops completion bash|zsh|fish` and the hidden `fieldops __complete WORDS…`.
enum CompletionCommands {
    static func spec(root: @escaping @Sendable () -> CommandSpec) -> CommandSpec {
        CommandSpec(
            "completion", abstract: "Print the shell completion script for bash, zsh or fish.",
            discussion:
                "The scripts complete commands, options and choices by themselves and ask `fieldops __complete` only for values kept locally (profile names, cached ids), so completion never touches the network.",
            examples: [
                "source <(fieldops completion bash)",
                "fieldops completion zsh > \"${fpath[1]}/_fieldops\"",
                "fieldops completion fish > ~/.config/fish/completions/fieldops.fish",
            ],
            arguments: [ArgumentSpec("SHELL", help: "bash, zsh or fish.", value: .choice(CompletionScript.Shell.allCases.map(\.rawValue)))],
            action: { context in
                guard let name = context.invocation.value("SHELL"), let shell = CompletionScript.Shell(rawValue: name) else {
                    throw FieldOpsError.usage("completion needs a shell: bash, zsh or fish")
                }
                context.output.stdout.write(CompletionScript.script(for: shell, root: root()))
            })
    }

    /// The hidden `__complete WORDS…` the completion scripts call for values kept locally.
    static func completeSpec(backends: [any Backend], root: @escaping @Sendable () -> CommandSpec) -> CommandSpec {
        CommandSpec(
            "__complete", abstract: "Complete a half-typed command line from local data (used by the completion scripts).",
            arguments: [
                ArgumentSpec(
                    "WORDS", help: "The words after the program name; the last one is being completed.", optional: true, variadic: true)
            ],
            hidden: true, rawArguments: true,
            action: { context in
                context.output.stdout.write(
                    answer(words: context.invocation.all("WORDS"), root: root(), backends: backends, environment: context.environment))
            })
    }

    /// The candidates for a half-typed line, one per line, from local data only.
    static func answer(words: [String], root: CommandSpec, backends: [any Backend], environment: [String: String]) -> String {
        let completer = DynamicCompleter(root: root, provider: LocalCompletionProvider(backends: backends, environment: environment))
        return DynamicCompleter.render(completer.complete(words: words))
    }

    /// The hidden `__manual DIR` behind the generate-manual plugin and `make man`.
    static func manualSpec(root: @escaping @Sendable () -> CommandSpec) -> CommandSpec {
        CommandSpec(
            "__manual", abstract: "Write a man page for every command into DIR.",
            arguments: [ArgumentSpec("DIR", help: "The output directory (created when missing).", value: .directory)],
            hidden: true,
            action: { context in
                guard let directory = context.invocation.value("DIR") else { throw FieldOpsError.usage("__manual needs a DIR") }
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                let written = try ManualRenderer(root: root(), version: FieldOpsVersion.current)
                    .write(to: URL(fileURLWithPath: directory))
                context.output.note("wrote \(written.count) man pages to \(directory)")
            })
    }
}
