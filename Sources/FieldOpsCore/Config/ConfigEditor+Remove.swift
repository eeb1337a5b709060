extension ConfigEditor {
    // MARK: profile remove

    /// Removes a profile: deletes its file when fieldops wrote it and it holds nothing else,
    /// otherwise cuts the profile's lines out of the file it lives in.
    @discardableResult
    public func removeProfile(named name: String) throws -> Removal {
        let lock = try editLock()
        defer { withExtendedLifetime(lock) {} }
        let configuration = try Configuration.load(paths: paths, schema: schema)
        guard let profile = configuration.profile(named: name) else {
            throw ConfigError(
                .unknownProfile, "unknown profile '\(name)'",
                hint: Suggestions.hint(for: name, in: configuration.profileNames, noun: "profiles"))
        }
        guard let source = try readSource(profile.file), let root = try YAMLParser.parse(source) else {
            throw ConfigError(.fileSystem, "\(profile.file) changed while it was being edited", hint: "run the command again")
        }
        let names = profileNames(in: root)
        let isManaged = source.line(1)?.hasPrefix(ConfigEditor.managedMarker) == true
        if isManaged, names == [name], root.pairs?.count == 1 {
            do {
                try FileSystem.remove(profile.file)
            } catch let error as SystemCallError {
                throw ConfigError(.fileSystem, error.message)
            }
            return .deletedFile(profile.file)
        }

        let edited = try cutting(name, from: source, root: root)
        let check = ConfigSource(path: source.path, bytes: edited)
        guard let newRoot = try? YAMLParser.parse(check), profileNames(in: newRoot) == names.filter({ $0 != name }),
            topLevelKeys(newRoot) == topLevelKeys(root)
        else {
            throw refusal(name, in: source, why: "the file's layout could not be edited safely")
        }
        try write(edited, to: source.path)
        return .editedFile(source.path)
    }

    /// The bytes of `source` without the lines of profile `name` (and the comments that belong to it).
    private func cutting(_ name: String, from source: ConfigSource, root: YAMLNode) throws -> [UInt8] {
        guard !root.isFlow, let section = root.pairs?.first(where: { $0.key.scalar?.text == "profiles" }) else {
            throw refusal(name, in: source, why: "the file is written in flow style ({ … })")
        }
        guard !section.value.isFlow, let entries = section.value.pairs,
            let position = entries.firstIndex(where: { $0.key.scalar?.text == name })
        else {
            throw refusal(name, in: source, why: "'profiles' is written in flow style ({ … })")
        }
        let entry = entries[position]
        let bytes = source.bytes
        let starts = source.lineStarts()
        func text(_ line: Int) -> String { source.line(line) ?? "" }
        func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        func isComment(_ line: String) -> Bool { line.drop { $0 == " " }.first == "#" }

        let keyLine = entry.key.start.line
        let keyColumn = entry.key.start.column
        guard indentation(text(keyLine)) == keyColumn - 1 else {
            throw refusal(name, in: source, why: "the profile does not start its own line")
        }
        var firstLine = keyLine
        // Comments directly above the key, at its indentation, describe this profile.
        while firstLine > 1, isComment(text(firstLine - 1)), indentation(text(firstLine - 1)) == keyColumn - 1 {
            firstLine -= 1
        }

        var end = entry.value.contentEnd
        // Block scalars end at the start of the following line.
        if end.column == 1, end.line > keyLine { end = YAMLMark(line: end.line - 1, column: Int.max) }
        var lastLine = end.line
        let endOffset = source.offset(of: end, lineStarts: starts)
        let lineEnd = lastLine < starts.count ? starts[lastLine] : bytes.count
        let rest = String(decoding: bytes[min(endOffset, lineEnd)..<lineEnd], as: UTF8.self)
        let restTrimmed = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard restTrimmed.isEmpty || restTrimmed.first == "#" else {
            throw refusal(name, in: source, why: "something else follows the profile on line \(lastLine)")
        }
        let nextKeyLine = position + 1 < entries.count ? entries[position + 1].key.start.line : Int.max
        // Comments after the block, indented deeper than the key, are still inside it.
        while lastLine + 1 < nextKeyLine, lastLine + 1 <= starts.count, isComment(text(lastLine + 1)),
            indentation(text(lastLine + 1)) > keyColumn - 1
        {
            lastLine += 1
        }
        let from = starts[firstLine - 1]
        let to = lastLine < starts.count ? starts[lastLine] : bytes.count
        return Array(bytes[..<from]) + Array(bytes[to...])
    }

    func profileNames(in root: YAMLNode) -> [String] {
        let section = root.pairs?.first { $0.key.scalar?.text == "profiles" }
        return section?.value.pairs?.compactMap { $0.key.scalar?.text } ?? []
    }

    func topLevelKeys(_ root: YAMLNode) -> [String] {
        root.pairs?.compactMap { $0.key.scalar?.text } ?? []
    }

    func refusal(_ name: String, in source: ConfigSource, why: String) -> ConfigError {
        ConfigError(
            .unsafeEdit, "cannot edit \(source.path) for profile '\(name)': \(why)",
            hint: "edit \(source.path) by hand; fieldops changes a person's file only when it can keep every other line intact")
    }
}
