extension ParseRun {
    mutating func consumeLongOption(_ word: String) throws(UsageError) {
        let body = word.dropFirst(2)
        let equals = body.firstIndex(of: "=")
        let name = equals.map { body[..<$0] } ?? body
        let scope = OptionScope(path: path)
        guard let option = scope.option(long: name) else {
            let known = scope.visible.map { "--" + $0.long }
            let typed = "--" + name
            throw UsageError(.unknownOption(typed), suggestion: Suggestions.closest(to: typed, in: known), commandWords: commandWords)
        }
        if option.isFlag {
            if equals != nil { throw UsageError(.unexpectedValue(option: "--" + option.long), commandWords: commandWords) }
            setFlag(option)
            return
        }
        let value: String
        if let equals { value = String(body[body.index(after: equals)...]) } else { value = try nextValue(for: "--" + option.long) }
        try store(value, for: option, as: "--" + option.long)
    }

    /// `-q`, `-qy` (bundled flags), `-p NAME` and `-pNAME`.
    mutating func consumeShortOptions(_ word: String) throws(UsageError) {
        let scope = OptionScope(path: path)
        var letters = word.dropFirst()
        while let letter = letters.first {
            letters = letters.dropFirst()
            guard let option = scope.option(short: letter) else {
                throw UsageError(.unknownOption("-" + String(letter)), commandWords: commandWords)
            }
            if option.isFlag {
                setFlag(option)
                continue
            }
            let value = letters.isEmpty ? try nextValue(for: "-" + String(letter)) : String(letters)
            try store(value, for: option, as: "-" + String(letter))
            return
        }
    }

    /// The word after an option that needs a value; another option or the end of the line means it is missing.
    private mutating func nextValue(for option: String) throws(UsageError) -> String {
        guard index < arguments.count else { throw UsageError(.missingValue(option: option), commandWords: commandWords) }
        let next = arguments[index]
        if next == "--" || (next.hasPrefix("-") && next != "-" && !Self.looksNumeric(next)) {
            throw UsageError(.missingValue(option: option), commandWords: commandWords)
        }
        index += 1
        return next
    }

    private mutating func setFlag(_ option: OptionSpec) {
        switch option.long {
        case "help": helpRequested = true
        case "version": versionRequested = true
        default: invocation.flags.insert(option.long)
        }
    }

    private mutating func store(_ value: String, for option: OptionSpec, as typed: String) throws(UsageError) {
        var value = value
        if let kind = option.value {
            value = Self.canonical(value, as: kind)
            try validate(value, as: kind, name: typed)
        }
        if option.repeatable {
            invocation.values[option.long, default: []].append(value)
        } else {
            invocation.values[option.long] = [value]
        }
    }

    /// A choice typed in another case is that choice (`--state REGISTERED`, `--severity High`):
    /// fieldops shows its words in one case and takes them in any.
    static func canonical(_ value: String, as kind: ValueKind) -> String {
        guard case .choice(let words) = kind, !words.contains(value) else { return value }
        let folded = value.lowercased()
        return words.first { $0.lowercased() == folded } ?? value
    }

    func validate(_ value: String, as kind: ValueKind, name: String) throws(UsageError) {
        guard let expected = kind.rejection(of: value) else { return }
        var suggestion: String?
        if case .choice(let words) = kind { suggestion = Suggestions.closest(to: value, in: words) }
        throw UsageError(.invalidValue(name: name, value: value, expected: expected), suggestion: suggestion, commandWords: commandWords)
    }

    /// Hands the positional words to the command's arguments in order; a variadic one takes the rest.
    mutating func assignPositionals() throws(UsageError) {
        var remaining = positionals[...]
        for argument in command.arguments {
            if argument.variadic {
                if remaining.isEmpty, !argument.optional { throw UsageError(.missingArgument(argument.name), commandWords: commandWords) }
                let words = remaining.map { Self.canonical($0, as: argument.value) }
                for word in words { try validate(word, as: argument.value, name: argument.name) }
                if !words.isEmpty { invocation.values[argument.name] = words }
                remaining = []
            } else if let typed = remaining.popFirst() {
                let word = Self.canonical(typed, as: argument.value)
                try validate(word, as: argument.value, name: argument.name)
                invocation.values[argument.name] = [word]
            } else if !argument.optional {
                throw UsageError(.missingArgument(argument.name), commandWords: commandWords)
            }
        }
        if let extra = remaining.first {
            let names = command.visibleSubcommands.map(\.name)
            throw UsageError(.unexpectedArgument(extra), suggestion: Suggestions.closest(to: extra, in: names), commandWords: commandWords)
        }
    }

    func checkRequiredOptions() throws(UsageError) {
        if let missing = command.options.first(where: { $0.required && invocation.values[$0.long] == nil }) {
            throw UsageError(.missingOption("--" + missing.long), commandWords: commandWords)
        }
    }
}
