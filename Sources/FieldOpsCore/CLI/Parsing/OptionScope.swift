/// The options a word on the command line may name at one point of the tree: the current
/// command's own options, then the global options declared on the root.
struct OptionScope {
    let local: [OptionSpec]
    let global: [OptionSpec]

    init(path: [CommandSpec]) {
        let root = path[0]
        global = root.globalOptions
        local = path.count > 1 ? path[path.count - 1].options : []
    }

    func option(long name: Substring) -> OptionSpec? {
        local.first { $0.long == name } ?? global.first { $0.long == name }
    }

    func option(short letter: Character) -> OptionSpec? {
        local.first { $0.short == letter } ?? global.first { $0.short == letter }
    }

    /// Every visible option, the command's own first, each once (a local option shadows a global one).
    var visible: [OptionSpec] {
        var seen = Set<String>()
        return (local + global).filter { !$0.hidden && seen.insert($0.long).inserted }
    }
}

extension CommandSpec {
    /// `-h/--help` and `--version`, which every root understands even when it does not declare them.
    static let builtinGlobalOptions: [OptionSpec] = [
        .flag("help", short: "h", help: "Show help for the command and exit."),
        .flag("version", help: "Print the version and exit."),
    ]

    /// The options of this command when used as the root: its own, plus help and version if missing.
    public var globalOptions: [OptionSpec] {
        options + Self.builtinGlobalOptions.filter { builtin in !options.contains { $0.long == builtin.long } }
    }

    /// Subcommands a person may see (in help, suggestions and completion).
    public var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.hidden } }

    /// True for a group: it has subcommands and nothing to run by itself.
    public var isGroup: Bool { action == nil && !subcommands.isEmpty }
}
