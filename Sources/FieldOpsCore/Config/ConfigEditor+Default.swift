extension ConfigEditor {
    // MARK: profile use

    /// Sets `default_profile` in the main file by replacing just its value, or by inserting one
    /// line at the top when the key is absent; creates the file when there is none.
    public func useProfile(named name: String) throws {
        let configuration = try Configuration.load(paths: paths, schema: schema)
        guard configuration.profile(named: name) != nil else {
            throw ConfigError(
                .unknownProfile, "unknown profile '\(name)'",
                hint: Suggestions.hint(for: name, in: configuration.profileNames, noun: "profiles"))
        }
        let path = paths.configFile
        let value = Array(YAMLText.scalar(name).utf8)
        guard let source = try readSource(path) else {
            try write(Array("default_profile: ".utf8) + value + [UInt8(ascii: "\n")], to: path)
            return
        }
        let root = try YAMLParser.parse(source)
        let edited: [UInt8]
        if let root, root.isFlow {
            throw refusal(name, in: source, why: "the file is written in flow style ({ … })")
        }
        if let pair = root?.pairs?.first(where: { $0.key.scalar?.text == "default_profile" }) {
            edited = try replacingValue(of: pair, with: value, in: source, profile: name)
        } else {
            edited = Array("default_profile: ".utf8) + value + [UInt8(ascii: "\n")] + source.bytes
        }
        let check = ConfigSource(path: path, bytes: edited)
        guard let newRoot = try? YAMLParser.parse(check),
              newRoot.pairs?.first(where: { $0.key.scalar?.text == "default_profile" })?.value.scalar?.text == name,
              profileNames(in: newRoot) == root.map(profileNames(in:)) ?? []
        else {
            throw refusal(name, in: source, why: "the file's layout could not be edited safely")
        }
        try write(edited, to: path)
    }

    private func replacingValue(of pair: YAMLPair, with value: [UInt8], in source: ConfigSource, profile: String) throws -> [UInt8] {
        guard let scalar = pair.value.scalar else {
            throw refusal(profile, in: source, why: "default_profile is not a single value")
        }
        let starts = source.lineStarts()
        let bytes = source.bytes
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
