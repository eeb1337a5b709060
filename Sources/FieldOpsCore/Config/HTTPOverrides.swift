/// The keys one `http:` block sets; unset keys fall through to the level below.
struct HTTPOverrides: Sendable {
    var version: HTTPSettings.Version?
    var caFile: String?
    var timeout: Double?
    var connectTimeout: Double?
    var retries: Int?
    var proxy: String?

    static let keys = ["version", "ca_file", "timeout", "connect_timeout", "retries", "proxy"]

    /// Reads an `http:` mapping; `ca_file` is resolved against the file's directory and `~`.
    init(_ node: YAMLNode, decoder: ConfigDecoder, paths: ConfigPaths, what: String) throws {
        for pair in try decoder.mapping(node, what) {
            let key = pair.key.scalar?.text ?? ""
            switch key {
            case "version":
                guard let text = try decoder.string(pair.value, key: key) else { continue }
                guard let version = HTTPSettings.Version(rawValue: text) else {
                    throw ConfigError(
                        .invalidValue, "'version' must be auto, \"1.1\" or \"2\", found '\(text)'",
                        at: pair.value.start, in: decoder.source, hint: "write version: \"1.1\" to force HTTP/1.1")
                }
                self.version = version
            case "ca_file":
                caFile = try decoder.string(pair.value, key: key).map { paths.resolve($0, relativeTo: decoder.source.path) }
            case "timeout":
                timeout = try decoder.duration(pair.value, key: key)
            case "connect_timeout":
                connectTimeout = try decoder.duration(pair.value, key: key)
            case "retries":
                retries = try decoder.int(pair.value, key: key, range: 0...10)
            case "proxy":
                proxy = try decoder.string(pair.value, key: key)
            default:
                throw decoder.unknownKey(pair, in: what, allowed: HTTPOverrides.keys)
            }
        }
    }

    init() {}

    func applied(to base: HTTPSettings) -> HTTPSettings {
        var settings = base
        if let version { settings.version = version }
        if let caFile { settings.caFile = caFile }
        if let timeout { settings.timeout = timeout }
        if let connectTimeout { settings.connectTimeout = connectTimeout }
        if let retries { settings.retries = retries }
        if let proxy { settings.proxy = proxy }
        return settings
    }
}
