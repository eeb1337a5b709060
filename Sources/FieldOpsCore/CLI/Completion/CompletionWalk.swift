/// A forgiving read of the words before the cursor: which command they reach, which option
/// (if any) is waiting for its value, and what has been given so far.
///
/// Unlike the parser it never fails: unknown options and bad values are skipped, because the
/// line is still being typed.
struct CompletionWalk {
    var path: [CommandSpec]
    var invocation = Invocation()
    /// The option the previous word named, when that option still needs its value.
    var pendingOption: OptionSpec?
    var positionals: [String] = []
    var terminated = false

    var command: CommandSpec { path[path.count - 1] }
    var scope: OptionScope { OptionScope(path: path) }

    init(root: CommandSpec, words: ArraySlice<String>) {
        path = [root]
        for word in words { read(word) }
    }

    private mutating func read(_ word: String) {
        if let option = pendingOption {
            record(word, for: option)
            pendingOption = nil
        } else if terminated {
            positionals.append(word)
        } else if word == "--" {
            terminated = true
        } else if word.hasPrefix("--") {
            readLong(word.dropFirst(2))
        } else if word.count > 1, word.hasPrefix("-"), !ParseRun.looksNumeric(word) {
            readShort(word.dropFirst())
        } else if positionals.isEmpty, let subcommand = command.subcommand(named: word) {
            path.append(subcommand)
            invocation.path.append(subcommand.name)
        } else {
            positionals.append(word)
        }
    }

    private mutating func readLong(_ body: Substring) {
        let equals = body.firstIndex(of: "=")
        guard let option = scope.option(long: equals.map { body[..<$0] } ?? body) else { return }
        if option.isFlag {
            invocation.flags.insert(option.long)
        } else if let equals {
            record(String(body[body.index(after: equals)...]), for: option)
        } else {
            pendingOption = option
        }
    }

    private mutating func readShort(_ letters: Substring) {
        var rest = letters
        while let letter = rest.first {
            rest = rest.dropFirst()
            guard let option = scope.option(short: letter) else { return }
            if option.isFlag {
                invocation.flags.insert(option.long)
            } else {
                if rest.isEmpty { pendingOption = option } else { record(String(rest), for: option) }
                return
            }
        }
    }

    private mutating func record(_ value: String, for option: OptionSpec) {
        if option.repeatable { invocation.values[option.long, default: []].append(value) } else { invocation.values[option.long] = [value] }
    }

    /// The argument the next positional word fills, if the command takes one more.
    var nextArgument: ArgumentSpec? {
        let arguments = command.arguments
        if positionals.count < arguments.count { return arguments[positionals.count] }
        return arguments.last.flatMap { $0.variadic ? $0 : nil }
    }

    /// The invocation so far, with positional words filed under their argument names.
    var partialInvocation: Invocation {
        var partial = invocation
        var remaining = positionals[...]
        for argument in command.arguments {
            if argument.variadic {
                if !remaining.isEmpty { partial.values[argument.name] = Array(remaining) }
                remaining = []
            } else if let word = remaining.popFirst() {
                partial.values[argument.name] = [word]
            }
        }
        return partial
    }
}
