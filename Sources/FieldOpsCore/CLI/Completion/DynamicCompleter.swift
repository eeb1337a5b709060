/// Works out what may come next on a half-typed command line; the engine behind `fieldops __complete`.
///
/// The shell scripts answer commands, options and choices by themselves and call this only for
/// `.dynamic` values, but it answers every case so it can be used and tested on its own.
public struct DynamicCompleter: Sendable {
    public let root: CommandSpec
    public let provider: any CompletionProvider

    public init(root: CommandSpec, provider: any CompletionProvider) {
        self.root = root
        self.provider = provider
    }

    /// Candidates for the last word of `words` (the words after the program name; the last is
    /// the word under the cursor, possibly empty).
    public func complete(words: [String]) -> [CompletionCandidate] {
        let current = words.last ?? ""
        let walk = CompletionWalk(root: root, words: words.dropLast())
        if let option = walk.pendingOption {
            return values(of: option.value, prefix: current, walk: walk)
        }
        if walk.terminated {
            return values(of: walk.nextArgument?.value, prefix: current, walk: walk)
        }
        if current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            let name = current[current.index(current.startIndex, offsetBy: 2)..<equals]
            guard let option = walk.scope.option(long: name), !option.isFlag else { return [] }
            let head = String(current[...equals])
            return values(of: option.value, prefix: String(current[current.index(after: equals)...]), walk: walk)
                .map { CompletionCandidate(head + $0.value, description: $0.description) }
        }
        if current.hasPrefix("-"), current != "-", !current.hasPrefix("--"), !ParseRun.looksNumeric(current),
            let attached = attachedShortValue(current, walk: walk)
        {
            return attached
        }
        if current.hasPrefix("-") {
            return optionNames(prefix: current, walk: walk)
        }
        var candidates: [CompletionCandidate] = []
        if walk.positionals.isEmpty {
            candidates = walk.command.visibleSubcommands
                .filter { $0.name.hasPrefix(current) }
                .map { CompletionCandidate($0.name, description: $0.abstract) }
        }
        return candidates + values(of: walk.nextArgument?.value, prefix: current, walk: walk)
    }

    /// Lines for the shell: `value<TAB>description`, or `value` alone.
    public static func render(_ candidates: [CompletionCandidate]) -> String {
        var text = ""
        for candidate in candidates {
            text += oneLine(candidate.value)
            if let description = candidate.description, !description.isEmpty { text += "\t" + oneLine(description) }
            text += "\n"
        }
        return text
    }

    private static func oneLine(_ text: String) -> String {
        // Most values are printable ASCII: they are kept as they are, uncopied. Otherwise every
        // line break (a "\r\n" is one Character, so `isNewline`, not a list of scalars) and tab
        // becomes a space.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x80 }) else { return text }
        return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    /// `-pNA<TAB>`: a short option with its value attached; nil when the word is a bundle of flags.
    private func attachedShortValue(_ word: String, walk: CompletionWalk) -> [CompletionCandidate]? {
        var letters = word.dropFirst()
        while let letter = letters.first {
            letters = letters.dropFirst()
            guard let option = walk.scope.option(short: letter) else { return nil }
            if option.isFlag { continue }
            let head = String(word.dropLast(letters.count))
            return values(of: option.value, prefix: String(letters), walk: walk)
                .map { CompletionCandidate(head + $0.value, description: $0.description) }
        }
        return nil
    }

    private func optionNames(prefix: String, walk: CompletionWalk) -> [CompletionCandidate] {
        walk.scope.visible
            .filter { option in
                option.repeatable || (walk.invocation.values[option.long] == nil && !walk.invocation.flags.contains(option.long))
            }
            .map { CompletionCandidate("--" + $0.long, description: $0.described) }
            .filter { $0.value.hasPrefix(prefix) }
    }

    private func values(of kind: ValueKind?, prefix: String, walk: CompletionWalk) -> [CompletionCandidate] {
        switch kind {
        case .choice(let words)?:
            return words.filter { $0.hasPrefix(prefix) }.map { CompletionCandidate($0) }
        case .dynamic(let source)?:
            return provider.candidates(for: source, partial: walk.partialInvocation, prefix: prefix)
                .filter { $0.value.hasPrefix(prefix) }
        case .string?, .integer?, .duration?, .file?, .directory?, nil:
            return []
        }
    }
}
