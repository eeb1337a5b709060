extension ConfigEditor {
    // MARK: profile use

    /// Makes NAME the default of its backend, always as an entry of the `default_profile` mapping
    /// (`default_profile: {jqc: site-a, mcms: lab-pon}`, written as a block): a single value is
    /// what older versions wrote, and it turns into a mapping — kept as its backend's entry when it
    /// names a profile of another backend —, so a command of one backend never picks up another
    /// backend's default. A mapping gets NAME's backend entry replaced or a line added. Only those
    /// bytes change; the file is created when there is none.
    public func useProfile(named name: String) throws {
        let lock = try editLock()
        defer { withExtendedLifetime(lock) {} }
        let configuration = try Configuration.load(paths: paths, schema: schema)
        guard let chosen = configuration.profile(named: name) else {
            throw ConfigError(
                .unknownProfile, "unknown profile '\(name)'",
                hint: Suggestions.hint(for: name, in: configuration.profileNames, noun: "profiles"))
        }
        let backend = chosen.backend
        let path = paths.configFile
        let value = Array(YAMLText.scalar(name).utf8)
        let mapping = Array("default_profile:\n  \(YAMLText.scalar(backend)): \(YAMLText.scalar(name))\n".utf8)
        guard let source = try readSource(path) else {
            try write(mapping, to: path)
            return
        }
        let root = try YAMLParser.parse(source)
        if let root, root.isFlow {
            throw refusal(name, in: source, why: "the file is written in flow style ({ … })")
        }
        let edited: [UInt8]
        if let pair = root?.pairs?.first(where: { $0.key.scalar?.text == "default_profile" }) {
            if let entries = pair.value.pairs {
                edited = try settingEntry(backend, to: value, in: entries, of: pair, source: source, profile: name)
            } else {
                var lines = ""
                if let current = pair.value.scalar?.text, !current.isEmpty,
                    let other = configuration.profile(named: current)?.backend, other != backend
                {
                    lines = "\n  \(YAMLText.scalar(other)): \(YAMLText.scalar(current))"
                }
                lines += "\n  \(YAMLText.scalar(backend)): " + YAMLText.scalar(name)
                edited = try replacingValue(of: pair, with: Array(lines.utf8), in: source, profile: name, afterColon: true)
            }
        } else {
            edited = mapping + source.bytes
        }
        let check = ConfigSource(path: path, bytes: edited)
        guard let newRoot = try? YAMLParser.parse(check),
            profileNames(in: newRoot) == root.map(profileNames(in:)) ?? [],
            defaultEntry(in: newRoot, backend: backend) == name
        else {
            throw refusal(name, in: source, why: "the file's layout could not be edited safely")
        }
        try write(edited, to: path)
    }

    /// What `default_profile` says for `backend` in a parsed file: its mapping entry, or the single value.
    private func defaultEntry(in root: YAMLNode, backend: String) -> String? {
        guard let node = root.pairs?.first(where: { $0.key.scalar?.text == "default_profile" })?.value else { return nil }
        if let entries = node.pairs {
            return entries.first { schema.backend(named: $0.key.scalar?.text ?? "")?.name == backend }?.value.scalar?.text
        }
        return node.scalar?.text
    }

    /// Replaces the `backend:` entry of a block `default_profile` mapping, or adds one line after
    /// its last entry with the same indentation.
    private func settingEntry(
        _ backend: String, to value: [UInt8], in entries: [YAMLPair], of pair: YAMLPair,
        source: ConfigSource, profile: String
    ) throws -> [UInt8] {
        if pair.value.isFlow {
            throw refusal(profile, in: source, why: "default_profile is written in flow style ({ … })")
        }
        if let entry = entries.first(where: { schema.backend(named: $0.key.scalar?.text ?? "")?.name == backend }) {
            return try replacingValue(of: entry, with: value, in: source, profile: profile)
        }
        guard let first = entries.first, let last = entries.last else {
            throw refusal(profile, in: source, why: "default_profile is an empty mapping")
        }
        let starts = source.lineStarts()
        let bytes = source.bytes
        var end = source.offset(of: last.value.contentEnd, lineStarts: starts)
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let indent = String(repeating: " ", count: max(1, first.key.start.column - 1))
        let line = Array("\n\(indent)\(YAMLText.scalar(backend)): ".utf8) + value
        return Array(bytes[..<end]) + line + Array(bytes[end...])
    }

    /// The bytes with `pair`'s scalar value replaced by `value`. With `afterColon`, everything
    /// from the colon to the end of the value is replaced (to turn a value into a block mapping).
    private func replacingValue(
        of pair: YAMLPair, with value: [UInt8], in source: ConfigSource, profile: String,
        afterColon: Bool = false
    ) throws -> [UInt8] {
        guard let scalar = pair.value.scalar else {
            throw refusal(profile, in: source, why: "default_profile is not a single value")
        }
        let starts = source.lineStarts()
        let bytes = source.bytes
        if afterColon {
            var colon = source.offset(of: pair.key.contentEnd, lineStarts: starts)
            while colon < bytes.count, bytes[colon] == UInt8(ascii: " ") { colon += 1 }
            // `default_profile:` with nothing after it ends where its colon does.
            let to = max(source.offset(of: pair.value.contentEnd, lineStarts: starts), colon + 1)
            guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":"), colon < to, to <= bytes.count else {
                throw refusal(profile, in: source, why: "default_profile is not written as `default_profile: NAME`")
            }
            return Array(bytes[...colon]) + value + Array(bytes[to...])
        }
        if scalar.isPlain, scalar.text.isEmpty {
            // `default_profile:` with nothing after it: insert right after the colon.
            var colon = source.offset(of: pair.key.contentEnd, lineStarts: starts)
            while colon < bytes.count, bytes[colon] == UInt8(ascii: " ") { colon += 1 }
            guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else {
                throw refusal(profile, in: source, why: "default_profile is not written as `default_profile: NAME`")
            }
            return Array(bytes[...colon]) + [UInt8(ascii: " ")] + value + Array(bytes[(colon + 1)...])
        }
        let from = source.offset(of: pair.value.start, lineStarts: starts)
        let to = source.offset(of: pair.value.contentEnd, lineStarts: starts)
        guard from <= to, to <= bytes.count else {
            throw refusal(profile, in: source, why: "default_profile could not be located")
        }
        return Array(bytes[..<from]) + value + Array(bytes[to...])
    }
}
