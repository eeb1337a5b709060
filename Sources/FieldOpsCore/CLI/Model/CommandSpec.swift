/// What a command does once its command line has been parsed.
public typealias CommandAction = @Sendable (CommandContext) async throws -> Void

/// One node of the declarative command tree: a group (has subcommands) or a command (has an action).
///
/// The same tree drives parsing, `--help`, "did you mean" suggestions, the bash/zsh/fish
/// completion scripts, the man pages and `fieldops __complete`.
public struct CommandSpec: Sendable {
    public var name: String
    public var aliases: [String]
    /// One line, shown in the parent's command list.
    public var abstract: String
    /// Paragraphs shown under the usage line in `--help` and in the man page.
    public var discussion: String
    /// Lines such as `fieldops jqc sync --dry-run`, shown under EXAMPLES.
    public var examples: [String]
    public var options: [OptionSpec]
    public var arguments: [ArgumentSpec]
    public var subcommands: [CommandSpec]
    public var hidden: Bool
    /// Every word after this command's name goes, untouched, to its (variadic) argument: no
    /// options, no `--`, no validation. For `__complete`, whose words are a half-typed command line.
    public var rawArguments: Bool
    /// nil for a pure group: running it prints its help and exits with usage (2).
    public var action: CommandAction?
    /// The action handles SIGINT and SIGTERM itself (a long-running agent that finishes the
    /// item in flight and exits 0), instead of the dispatcher cancelling it (exit 130).
    public var handlesSignals = false

    public init(
        _ name: String,
        aliases: [String] = [],
        abstract: String,
        discussion: String = "",
        examples: [String] = [],
        options: [OptionSpec] = [],
        arguments: [ArgumentSpec] = [],
        subcommands: [CommandSpec] = [],
        hidden: Bool = false,
        rawArguments: Bool = false,
        action: CommandAction? = nil
    ) {
        self.name = name
        self.aliases = aliases
        self.abstract = abstract
        self.discussion = discussion
        self.examples = examples
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
        self.hidden = hidden
        self.rawArguments = rawArguments
        self.action = action
    }

    /// The subcommand called `word` by name or alias.
    public func subcommand(named word: String) -> CommandSpec? {
        subcommands.first { $0.name == word || $0.aliases.contains(word) }
    }
}
