/// Reads typed values out of one file's `YAMLNode` tree, turning every mismatch into a
/// `ConfigError` that points at the offending node.
struct ConfigDecoder {
    let source: ConfigSource

    /// The pairs of a mapping node; an empty value (`profiles:`) counts as an empty mapping.
    func mapping(_ node: YAMLNode, _ what: String) throws -> [YAMLPair] {
        if let pairs = node.pairs { return pairs }
        if node.scalar?.isNull == true { return [] }
        throw ConfigError(
            .wrongType, "\(what) must be a mapping of `key: value` lines, found \(node.kindName)", at: node.start, in: source)
    }

    /// A scalar's text; nil for an empty value.
    func string(_ node: YAMLNode, key: String) throws -> String? {
        guard let scalar = node.scalar else {
            throw ConfigError(.wrongType, "'\(key)' must be a single value, found \(node.kindName)", at: node.start, in: source)
        }
        return scalar.isNull ? nil : scalar.text
    }

    func bool(_ node: YAMLNode, key: String) throws -> Bool? {
        guard let text = try string(node, key: key) else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default:
            throw ConfigError(
                .wrongType, "'\(key)' must be true or false, found '\(text)'", at: node.start, in: source,
                hint: "write \(key): true or \(key): false")
        }
    }

    func int(_ node: YAMLNode, key: String, range: ClosedRange<Int>? = nil) throws -> Int? {
        guard let text = try string(node, key: key) else { return nil }
        guard let value = Int(text) else {
            throw ConfigError(.wrongType, "'\(key)' must be a whole number, found '\(text)'", at: node.start, in: source)
        }
        if let range, !range.contains(value) {
            throw ConfigError(
                .invalidValue, "'\(key)' must be between \(range.lowerBound) and \(range.upperBound), found \(value)",
                at: node.start, in: source)
        }
        return value
    }

    /// Seconds, from `500ms`, `30s`, `2m`, `1h` or a bare number.
    func duration(_ node: YAMLNode, key: String) throws -> Double? {
        guard let text = try string(node, key: key) else { return nil }
        guard let seconds = DurationText.seconds(text), seconds > 0 else {
            throw ConfigError(
                .wrongType, "'\(key)' must be a positive duration, found '\(text)'", at: node.start, in: source,
                hint: "write a number of seconds or a value such as 500ms, 30s, 2m, 1h")
        }
        return seconds
    }

    /// An http(s) URL with a host; checked by hand to keep loading free of Foundation's URL parser.
    func url(_ node: YAMLNode, key: String) throws -> String? {
        guard let text = try string(node, key: key) else { return nil }
        // Checked on the UTF-8 bytes: every character that matters is ASCII, and walking
        // Characters cost more than the rest of a profile's decoding.
        let bytes = text.utf8
        let rest: Substring.UTF8View
        if bytes.starts(with: "https://".utf8) {
            rest = bytes.dropFirst(8)
        } else if bytes.starts(with: "http://".utf8) {
            rest = bytes.dropFirst(7)
        } else {
            throw ConfigError(
                .invalidValue, "'\(key)' must be an http:// or https:// URL, found '\(text)'", at: node.start, in: source,
                hint: "write the full address, e.g. \(key): https://service.example.com")
        }
        let host = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        // A user name or password in the URL would be shown by `profile list` and in errors,
        // and sent as Basic authentication to every request: credentials live in the keyring.
        if host.contains(UInt8(ascii: "@")) {
            let after = host.split(separator: UInt8(ascii: "@")).last.map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw ConfigError(
                .invalidValue,
                "'\(key)' holds a user name or password before '@\(after)': fieldops never keeps credentials in the configuration",
                location: location(node),  // no quoted line: it holds the password
                hint:
                    "write the address without them (\(key): \(String(decoding: bytes.prefix(bytes.count - rest.count), as: UTF8.self))\(after)…), set `username:` in the profile and run `fieldops auth login`: the password goes to the keyring"
            )
        }
        if host.isEmpty || host.first == UInt8(ascii: ":") || bytes.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        {
            throw ConfigError(
                .invalidValue, "'\(key)' is not a valid URL: '\(text)'", at: node.start, in: source,
                hint: "write the full address, e.g. \(key): https://service.example.com")
        }
        // fieldops appends the API's paths to base_url: a query or a fragment would end up in
        // the middle of every request (`/x?y=1/api/v1/login`).
        if let mark = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            let part = bytes[mark] == UInt8(ascii: "?") ? "a query string" : "a fragment"
            let kept = String(decoding: bytes[..<mark], as: UTF8.self)
            throw ConfigError(
                .invalidValue,
                "'\(key)' has \(part) ('\(bytes[mark] == UInt8(ascii: "?") ? "?" : "#")…'): fieldops adds the service's paths after base_url, so it would land inside every request",
                location: location(node),  // no quoted line: a query may hold a token
                hint: "write the address without it: \(key): \(kept)")
        }
        return text
    }

    func unknownKey(_ pair: YAMLPair, in what: String, allowed: [String]) -> ConfigError {
        let name = pair.key.scalar?.text ?? ""
        return ConfigError(
            .unknownKey, "unknown key '\(name)' in \(what)", at: pair.key.start, in: source,
            hint: Suggestions.hint(for: name, in: allowed, noun: "keys"))
    }

    func location(_ node: YAMLNode) -> String {
        "\(source.path):\(node.start.line):\(node.start.column)"
    }
}
