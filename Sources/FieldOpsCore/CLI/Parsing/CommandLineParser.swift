import FoundationEssentials

/// Parses `fieldops` command lines against the declarative command tree.
///
/// Accepts `--opt value`, `--opt=value`, `-p NAME`, `-pNAME`, bundled flags (`-qy`), the `--`
/// terminator, options before or after positional arguments, and the root's (global) options
/// anywhere on the line. Values are validated as they are read; every mistake is a `UsageError`.
public struct CommandLineParser: Sendable {
    public let root: CommandSpec
    /// Finds an executable by name on `PATH`; injected so tests decide what exists.
    let pathLookup: @Sendable (String) -> String?

    /// - Parameter pathLookup: finds `fieldops-<name>` for an unknown top-level word (the
    ///   program passes `ExternalTool.find` over its environment); none by default.
    public init(root: CommandSpec, pathLookup: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.root = root
        self.pathLookup = pathLookup
    }

    /// Parses the words after the program name.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var run = ParseRun(root: root, arguments: arguments)
        // Help wins over mistakes elsewhere on the line: `fieldops jqc sync --bogus --help` shows help.
        // An unknown command does not: `fieldops jqc nosuch --help` must not pass for a real command.
        let helpGiven = arguments.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
        do {
            if let external = try run.consumeWords(pathLookup: pathLookup) { return external }
            if run.helpRequested { return .help(path: run.path) }
            if run.versionRequested { return .version }
            let command = run.path[run.path.count - 1]
            if command.isGroup { return .missingSubcommand(path: run.path) }
            try run.assignPositionals()
            try run.checkRequiredOptions()
            var invocation = run.invocation
            invocation.words = arguments
            invocation.declared = Set(command.options.map(\.long) + command.arguments.map(\.name) + root.globalOptions.map(\.long))
            for option in command.options {
                if case .integer(let rule)? = option.value, let defaultValue = rule.defaultValue {
                    invocation.defaults[option.long] = defaultValue
                }
            }
            return .run(command: command, invocation: invocation)
        } catch {
            if helpGiven, case .unknownCommand = error.reason {
                throw error
            }
            if helpGiven { return .help(path: run.path) }
            throw error
        }
    }
}

/// The state of one parse as it walks the words left to right.
struct ParseRun {
    let arguments: [String]
    var index = 0
    var path: [CommandSpec]
    var invocation = Invocation()
    var positionals: [String] = []
    var helpRequested = false
    var versionRequested = false

    init(root: CommandSpec, arguments: [String]) {
        self.arguments = arguments
        self.path = [root]
    }

    var command: CommandSpec { path[path.count - 1] }
    var commandWords: [String] { path.map(\.name) }

    /// Walks every word; returns a result early only for an external `fieldops-<name>` command.
    mutating func consumeWords(pathLookup: (String) -> String?) throws(UsageError) -> ParseResult? {
        var terminated = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if terminated {
                if command.arguments.isEmpty { invocation.passthrough.append(word) } else { positionals.append(word) }
            } else if word == "--" {
                terminated = true
            } else if word.hasPrefix("--") {
                try consumeLongOption(word)
            } else if word.count > 1, word.hasPrefix("-"), !Self.looksNumeric(word) {
                try consumeShortOptions(word)
            } else if let external = try consumeWord(word, pathLookup: pathLookup) {
                return external
            }
        }
        return nil
    }

    /// A word that is not an option: a subcommand while one is possible, else a positional argument.
    private mutating func consumeWord(_ word: String, pathLookup: (String) -> String?) throws(UsageError) -> ParseResult? {
        guard positionals.isEmpty, !command.subcommands.isEmpty else {
            positionals.append(word)
            return nil
        }
        // `fieldops help jqc sync` is `fieldops jqc sync --help`, as in git and kubectl.
        if path.count == 1, word == "help", !helpRequested, command.subcommand(named: word) == nil {
            helpRequested = true
            return nil
        }
        if let subcommand = command.subcommand(named: word) {
            path.append(subcommand)
            invocation.path.append(subcommand.name)
            if subcommand.rawArguments {
                positionals = Array(arguments[index...])
                index = arguments.count
            }
            return nil
        }
        if !command.arguments.isEmpty {
            positionals.append(word)
            return nil
        }
        if path.count == 1, !helpRequested, let executable = pathLookup(path[0].name + "-" + word) {
            return .external(name: word, executable: executable, arguments: Array(arguments[index...]), globals: invocation)
        }
        let names = command.visibleSubcommands.flatMap { [$0.name] + $0.aliases }
        throw UsageError(.unknownCommand(word), suggestion: Suggestions.closest(to: word, in: names), commandWords: commandWords)
    }

    /// `-5` and `-1.5` are values, not options.
    static func looksNumeric(_ word: String) -> Bool {
        guard let second = word.dropFirst().first else { return false }
        return second.isASCII && second.isNumber
    }
}
