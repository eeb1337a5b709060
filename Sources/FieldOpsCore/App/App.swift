import FoundationEssentials

/// The program: the command tree built from the core commands and the registered backends,
/// and the dispatcher that parses a command line, runs the command and maps errors to exit codes.
public struct App: Sendable {
    public let backends: [any Backend]

    public init(backends: [any Backend]) {
        self.backends = backends
    }

    /// The whole command tree: global options, core groups, then one group per backend.
    public func rootCommand() -> CommandSpec {
        rootCommand(backendGroups: backends)
    }

    /// The tree `arguments` needs: the core commands, and of the backends' groups only the one
    /// the command line names. A backend's group is most of the tree (hundreds of commands,
    /// generic command types whose metadata the runtime instantiates on the first use), and a
    /// command line that starts with `api`, `auth` or `il` parses the same without the others:
    /// parsing looks only at the root's global options and the named subtree. Whenever the
    /// first command word cannot be told for sure (an option that is not global, `--`, no
    /// word, a word no command has: help for the root, an external command, "did you mean")
    /// the whole tree is built.
    func rootCommand(for arguments: [String]) -> CommandSpec {
        guard let word = Self.commandWord(in: arguments) else { return rootCommand() }
        if let named = backends.named(word) {
            return rootCommand(backendGroups: [named])
        }
        let core = rootCommand(backendGroups: [])
        return core.subcommand(named: word) == nil ? rootCommand() : core
    }

    /// The first word of `arguments` that is not a global option or its value; nil when an
    /// option that is not global comes first (it might take a value, so the word after it may
    /// be that value), at `--`, or when there is none.
    static func commandWord(in arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument.count > 1 else { return argument == "-" ? nil : argument }
            if argument.hasPrefix("--") {
                let name = argument.dropFirst(2).prefix { $0 != "=" }
                guard !name.isEmpty, let option = GlobalOptions.all.first(where: { $0.long == name }) else { return nil }
                if option.value != nil, !argument.contains("=") { index += 1 }
            } else {
                // One short option alone (`-p NAME`); a cluster (`-vp`) or an attached value is
                // left to the parser and the whole tree.
                guard argument.count == 2, let letter = argument.last,
                    let option = GlobalOptions.all.first(where: { $0.short == letter })
                else { return nil }
                if option.value != nil { index += 1 }
            }
        }
        return nil
    }

    private func rootCommand(backendGroups: [any Backend]) -> CommandSpec {
        CommandSpec(
            "fieldops",
            abstract: "One fast command line for facility inspections (JQC), PON networks (MCMS) and InterlinedList.",
            discussion:
                "Profiles in $XDG_CONFIG_HOME/fieldops/config.yaml name each service account; credentials live in the keyring file. Every listing takes --json. `fieldops help COMMAND` (or `COMMAND --help`) explains a command.",
            examples: [
                "fieldops profile add site-a --backend jqc --base-url https://qc.example.com --username alice",
                "fieldops -p site-a auth login",
                "fieldops jqc sync",
                "fieldops help jqc sync",
            ],
            options: GlobalOptions.all,
            subcommands: [
                ProfileCommands.spec(backends: backends),
                AuthCommands.spec(backends: backends),
            ] + backendGroups.map { $0.commands() } + [
                APICommand.spec(backends: backends),
                DoctorCommand.spec,
                CompletionCommand.spec,
                VersionCommand.spec,
                CompleteCommand.spec,
                ManualCommand.spec,
                ReferenceCommand.spec,
            ])
    }

    /// What a command line comes to before anything runs.
    public enum Start: Sendable {
        /// Answered already (completion, help, the version, a usage error): exit with this code.
        case finished(Int32)
        /// A command to run with `run(_:_:…)`.
        case command(CommandSpec, Invocation)
    }

    /// Runs one command line (without the program name) and returns the exit code.
    public func run(
        arguments: [String],
        environment: [String: String] = ProcessEnvironment.current(),
        stdout: TextStream = FileDescriptorStream.standardOutput,
        stderr: TextStream = FileDescriptorStream.standardError,
        stdin: InputSource = StandardInput()
    ) async -> Int32 {
        switch start(arguments: arguments, environment: environment, stdout: stdout, stderr: stderr) {
        case .finished(let code): return code
        case .command(let command, let invocation):
            return await run(command, invocation, environment: environment, stdout: stdout, stderr: stderr, stdin: stdin)
        }
    }

    /// Everything that needs no command context, given on the calling thread: completion (on
    /// every TAB), help, the version, usage errors and external commands. `main` answers these
    /// before the concurrency runtime starts its threads, a millisecond of each such start.
    public func start(
        arguments: [String],
        environment: [String: String] = ProcessEnvironment.current(),
        stdout: TextStream = FileDescriptorStream.standardOutput,
        stderr: TextStream = FileDescriptorStream.standardError
    ) -> Start {
        let start = answer(arguments: arguments, environment: environment, stdout: stdout, stderr: stderr)
        // Help or a version that could not be written is no answer (`--help > /dev/full`).
        guard case .finished = start, let broken = OutputFailure.outcome(stdout: stdout) else { return start }
        if let error = broken.error {
            let color = Self.errorColor(noColorFlag: arguments.contains("--no-color"), environment: environment, stderr: stderr)
            stderr.write(ErrorReporter.render(error, color: color).text)
        }
        return .finished(broken.status)
    }

    private func answer(
        arguments: [String], environment: [String: String], stdout: TextStream, stderr: TextStream
    ) -> Start {
        let root = arguments.first == "__complete" ? rootCommand() : rootCommand(for: arguments)
        let errorColor = Self.errorColor(noColorFlag: arguments.contains("--no-color"), environment: environment, stderr: stderr)

        // The completion scripts call this on every TAB: answer before parsing and without
        // building a command context (the hidden `__complete` command gives the same answer).
        if arguments.first == "__complete" {
            stdout.write(
                CompleteCommand.answer(
                    words: Array(arguments.dropFirst()), root: root, backends: backends, environment: environment))
            return .finished(ExitCode.ok.rawValue)
        }

        let parsed: ParseResult
        do {
            parsed = try CommandLineParser(root: root, pathLookup: { ExternalTool.find($0, environment: environment) }).parse(arguments)
        } catch {
            let (text, code) = ErrorReporter.render(error, color: errorColor)
            stderr.write(text)
            return .finished(code.rawValue)
        }

        let width = TerminalInfo.detect(stdout: stdout, environment: environment, noColorFlag: true).width
        switch parsed {
        case .help(let path):
            stdout.write(HelpRenderer(root: root, width: width).render(path: path))
            return .finished(ExitCode.ok.rawValue)
        case .missingSubcommand(let path):
            stderr.write(HelpRenderer(root: root, width: width).render(path: path))
            return .finished(ExitCode.usage.rawValue)
        case .version:
            stdout.write(VersionCommand.text())
            return .finished(ExitCode.ok.rawValue)
        case .external(let name, let executable, let externalArguments, let globals):
            return .finished(
                ExternalCommand.run(
                    name: name, executable: executable, arguments: externalArguments, globals: globals, environment: environment,
                    stderr: stderr))
        case .run(let command, let invocation):
            guard command.action != nil else {
                stderr.write(HelpRenderer(root: root, width: width).render(path: [root]))
                return .finished(ExitCode.usage.rawValue)
            }
            return .command(command, invocation)
        }
    }

    private static func errorColor(noColorFlag: Bool, environment: [String: String], stderr: TextStream) -> Bool {
        stderr.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && !noColorFlag
    }

    /// Runs a command `start` returned, mapping its errors to exit codes.
    public func run(
        _ command: CommandSpec, _ invocation: Invocation,
        environment: [String: String] = ProcessEnvironment.current(),
        stdout: TextStream = FileDescriptorStream.standardOutput,
        stderr: TextStream = FileDescriptorStream.standardError,
        stdin: InputSource = StandardInput()
    ) async -> Int32 {
        guard let action = command.action else { return ExitCode.usage.rawValue }
        let errorColor = Self.errorColor(noColorFlag: invocation.flag("no-color"), environment: environment, stderr: stderr)
        let context = CommandContext(
            invocation: invocation, environment: environment, stdout: stdout, stderr: stderr, stdin: stdin,
            backends: backends)
        let report = { (error: any Error) -> Int32 in
            let (text, code) = ErrorReporter.render(error, color: errorColor, profile: context.selectedProfileName)
            stderr.write(text)
            return code.rawValue
        }
        let status: Int32
        if command.handlesSignals {
            // It stops itself on a signal; a reader that went away stops it here (a watch piped
            // into `head` would otherwise go on drawing into nothing).
            let task = Task(executorPreference: MainThreadExecutor.current) { try await action(context) }
            stdout.whenWriteFails { _ in task.cancel() }
            do {
                try await task.value
                StatusLine.terminal.clearAll()
                status = ExitCode.ok.rawValue
            } catch {
                StatusLine.terminal.clearAll()
                status = stdout.writeFailure == nil ? report(error) : ExitCode.failure.rawValue
            }
        } else {
            let outcome = await InterruptHandler.run(stoppedBy: stdout) {
                try await action(context)
                if let error = context.output.deferredError { throw error }
            }
            // Whatever a prompt or a full-screen view changed, the shell gets its terminal back,
            // with no progress line left for its prompt to run into.
            StatusLine.terminal.clearAll()
            TerminalModes.restore()
            switch outcome.result {
            case .success:
                status = outcome.interrupted ? ExitCode.interrupted.rawValue : ExitCode.ok.rawValue
            case .failure where stdout.writeFailure != nil:
                status = ExitCode.failure.rawValue
            case .failure(let error):
                if outcome.interrupted {
                    stderr.write("fieldops: interrupted\n")
                    status = ExitCode.interrupted.rawValue
                } else {
                    status = report(error)
                }
            }
        }
        guard let broken = OutputFailure.outcome(stdout: stdout) else { return status }
        if let error = broken.error { _ = report(error) }
        return broken.status
    }
}
