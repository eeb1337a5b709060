/// Renders `--help` text for any command of the tree, wrapped to a terminal width.
///
/// The root's help carries the global options, exit codes and environment variables; every
/// other level points back to it with one line, so deep help stays short.
public struct HelpRenderer: Sendable {
    public let root: CommandSpec
    public let width: Int

    public init(root: CommandSpec, width: Int = 80) {
        self.root = root
        self.width = max(width, 40)
    }

    /// Help for the command at the end of `path` (root first, as in `ParseResult.help`).
    public func render(path: [CommandSpec]) -> String {
        let path = path.isEmpty ? [root] : path
        let command = path[path.count - 1]
        let isRoot = path.count == 1
        var sections: [[String]] = [usage(path: path)]
        if !command.abstract.isEmpty { sections.append(TextLayout.wrap(command.abstract, width: width)) }
        if !command.discussion.isEmpty { sections.append(TextLayout.wrap(command.discussion, width: width)) }
        let subcommands = command.visibleSubcommands
        if !subcommands.isEmpty {
            sections.append(["COMMANDS"] + TextLayout.table(subcommands.map(Self.row(for:)), width: width))
        }
        if !command.arguments.isEmpty {
            let rows = command.arguments.map { (term: $0.name, description: Self.description(of: $0)) }
            sections.append(["ARGUMENTS"] + TextLayout.table(rows, width: width))
        }
        let options = command.options.filter { !$0.hidden }
        if isRoot {
            sections.append(["GLOBAL OPTIONS"] + optionTable(root.globalOptions.filter { !$0.hidden }))
        } else {
            if !options.isEmpty { sections.append(["OPTIONS"] + optionTable(options)) }
            sections.append(TextLayout.wrap("Global options (--profile, --json, --output, ...): see '\(root.name) --help'.", width: width))
        }
        if !command.examples.isEmpty {
            sections.append(["EXAMPLES"] + command.examples.map { "  " + $0 })
        }
        if isRoot {
            let codes = ExitCode.allCases.map { (term: String($0.rawValue), description: $0.meaning) }
            sections.append(["EXIT CODES"] + TextLayout.table(codes, width: width))
            let variables = EnvironmentVariable.documented.map { (term: $0.name, description: $0.meaning) }
            sections.append(["ENVIRONMENT"] + TextLayout.table(variables, width: width))
        }
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// The usage line, wrapped with a hanging indent under the command words.
    func usage(path: [CommandSpec]) -> [String] {
        let synopsis = CommandSynopsis(path: path)
        let lead = "  " + synopsis.commandWords.joined(separator: " ")
        let hanging = String(repeating: " ", count: min(lead.count + 1, width / 2))
        var lines = ["USAGE"]
        var line = lead
        for parameter in synopsis.parameters {
            if line.count + 1 + parameter.count > width, line != lead, line != hanging {
                lines.append(line)
                line = hanging + parameter
            } else {
                line += (line == hanging ? "" : " ") + parameter
            }
        }
        lines.append(line)
        return lines
    }

    func optionTable(_ options: [OptionSpec]) -> [String] {
        TextLayout.table(options.map(Self.row(for:)), width: width, maxTermWidth: 30)
    }

    static func row(for command: CommandSpec) -> (term: String, description: String) {
        let aliases = command.aliases.isEmpty ? "" : " (alias: " + command.aliases.joined(separator: ", ") + ")"
        return (command.name, command.abstract + aliases)
    }

    static func row(for option: OptionSpec) -> (term: String, description: String) {
        let names = (option.short.map { "-\($0), " } ?? "    ") + "--" + option.long
        let term = option.isFlag ? names : names + " " + CommandSynopsis.valueText(for: option)
        var notes = [option.described]
        // A note the help text already gives is not repeated ("One of: …", "(repeatable)").
        let said = option.help.lowercased()
        if let choices = CommandSynopsis.choiceNote(for: option), !said.contains("one of"), !Self.names(option.value, in: said) {
            notes.append(choices)
        }
        if option.required, !said.contains("required") { notes.append("(required)") }
        if option.repeatable, !said.contains("repeatable") { notes.append("(repeatable)") }
        return (term, notes.filter { !$0.isEmpty }.joined(separator: " "))
    }

    /// True when the help text already names every choice (then "One of: …" would repeat it).
    static func names(_ kind: ValueKind?, in help: String) -> Bool {
        guard case .choice(let words)? = kind else { return false }
        return words.allSatisfy { help.contains($0.lowercased()) }
    }

    static func description(of argument: ArgumentSpec) -> String {
        var text = argument.help
        if case .choice(let words) = argument.value, !text.lowercased().contains("one of"),
            !Self.names(argument.value, in: text.lowercased())
        {
            text += " One of: " + words.joined(separator: ", ") + "."
        }
        if argument.optional, !text.lowercased().contains("optional") { text += " (optional)" }
        return text
    }
}
