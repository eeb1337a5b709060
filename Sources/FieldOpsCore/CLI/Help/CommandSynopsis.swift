/// The pieces of a command's usage line, shared by `--help` and the man page's SYNOPSIS.
///
/// `fieldops jqc inspect start --template ID --facility ID [--area ID] [options]`
struct CommandSynopsis {
    /// The command words from the program name on.
    let commandWords: [String]
    /// Options, `[options]`, `<command>` and arguments, in the order shown.
    let parameters: [String]

    init(path: [CommandSpec]) {
        let command = path[path.count - 1]
        commandWords = path.map(\.name)
        var parameters: [String] = []
        let isRoot = path.count == 1
        if !isRoot {
            for option in command.options where !option.hidden {
                parameters.append(Self.token(for: option))
            }
        }
        parameters.append("[options]")
        if !command.visibleSubcommands.isEmpty {
            parameters.append(command.action == nil ? "<command>" : "[<command>]")
        }
        for argument in command.arguments {
            parameters.append(Self.token(for: argument))
        }
        self.parameters = parameters
    }

    /// `--template ID`, `[--area ID]`, `[--dry-run]`, `[--tag TAG]...`
    static func token(for option: OptionSpec) -> String {
        let bare = option.isFlag ? "--" + option.long : "--" + option.long + " " + valueText(for: option)
        if option.required { return option.repeatable ? bare + "..." : bare }
        return "[" + bare + "]" + (option.repeatable ? "..." : "")
    }

    /// `LOCAL_ID`, `[NAME]`, `PHOTO...`, `[LOCAL_ID...]`
    static func token(for argument: ArgumentSpec) -> String {
        let bare = argument.name + (argument.variadic ? "..." : "")
        return argument.optional ? "[" + bare + "]" : bare
    }

    /// The placeholder for an option's value: its choices when they are short, else its value name.
    static func valueText(for option: OptionSpec) -> String {
        if case .choice(let words)? = option.value {
            let joined = words.joined(separator: "|")
            if joined.count <= 20 { return joined }
        }
        return option.valueName
    }

    /// Choices too long to show as the placeholder, for the option's description.
    static func choiceNote(for option: OptionSpec) -> String? {
        guard case .choice(let words)? = option.value, valueText(for: option) == option.valueName else { return nil }
        return "One of: " + words.joined(separator: ", ") + "."
    }
}
