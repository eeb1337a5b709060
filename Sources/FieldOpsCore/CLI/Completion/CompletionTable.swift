/// The command tree flattened for the completion scripts: one entry per visible command path.
///
/// Scripts look commands, options and choices up in `case`/`switch` tables generated from this,
/// so completing anything but a `.dynamic` value starts no process.
struct CompletionTable {
    struct Node {
        /// Canonical command names joined by one space; the root is "".
        let key: String
        let command: CommandSpec
    }

    /// How a value is completed, as the scripts encode it.
    enum Kind: String {
        /// Free text, a number or a duration: nothing to offer.
        case text = "v"
        case file = "f"
        case directory = "d"
        case choice = "c"
        case dynamic = "y"

        init(_ value: ValueKind) {
            switch value {
            case .string, .integer, .duration: self = .text
            case .file: self = .file
            case .directory: self = .directory
            case .choice: self = .choice
            case .dynamic: self = .dynamic
            }
        }
    }

    let programName: String
    /// Shell function names start with this (`_fieldops`), derived from the program name.
    let functionPrefix: String
    let globals: [OptionSpec]
    let nodes: [Node]

    init(root: CommandSpec, programName: String) {
        self.programName = programName
        functionPrefix = "_" + String(programName.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        globals = root.globalOptions
        var nodes: [Node] = []
        func visit(_ command: CommandSpec, key: String) {
            nodes.append(Node(key: key, command: command))
            for subcommand in command.visibleSubcommands {
                visit(subcommand, key: key.isEmpty ? subcommand.name : key + " " + subcommand.name)
            }
        }
        visit(root, key: "")
        self.nodes = nodes
    }

    /// The options a node declares itself (the root's own options are the globals).
    func localOptions(of node: Node) -> [OptionSpec] {
        node.key.isEmpty ? [] : node.command.options
    }

    /// Local flags named like a global option that takes a value must be listed, or the
    /// global pattern would make the walk swallow the next word.
    func shadowsGlobal(_ option: OptionSpec) -> Bool {
        globals.contains { !$0.isFlag && ($0.long == option.long || ($0.short != nil && $0.short == option.short)) }
    }

    /// `--long` and `-s` spellings of an option.
    static func spellings(of option: OptionSpec) -> [String] {
        ["--" + option.long] + (option.short.map { ["-" + String($0)] } ?? [])
    }

    static func choices(of value: ValueKind) -> [String] {
        if case .choice(let words) = value { return words }
        return []
    }

    /// `'text'` for bash and zsh: safe for any content.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingEvery("'", with: "'\\''") + "'"
    }

    /// `'text'` for fish, where a backslash and a quote are the only escapes inside single quotes.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'") + "'"
    }

    /// Descriptions are shown on one line in every shell.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    }
}
