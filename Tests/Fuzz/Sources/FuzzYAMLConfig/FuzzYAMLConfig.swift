import FieldOpsCore
import FuzzSupport

/// libyaml through `YAMLParser`, then the configuration loader and profile decoder: the input is
/// read as `config.yaml` and again as a `profiles.d/` file (whose rules differ), against a
/// schema of the three real backends and a test backend with a key of every kind.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    do {
        if let root = try YAMLParser.parse(path: "fuzz.yaml", bytes: input.bytes) {
            visit(root)
        }
    } catch {
        Exercise.render(error)
    }

    let scratch = ScratchDirectory.shared
    scratch.write(input.bytes, to: "main/config.yaml")
    load(
        ConfigPaths(
            configFile: scratch.file("main/config.yaml"), dataDirectory: scratch.file("data"),
            cacheDirectory: scratch.file("cache"), home: scratch.file("home")))
    scratch.write(input.bytes, to: "fragment/profiles.d/fuzz.yaml")
    load(
        ConfigPaths(
            configFile: scratch.file("fragment/config.yaml"), dataDirectory: scratch.file("data"),
            cacheDirectory: scratch.file("cache"), home: scratch.file("home")))
    return 0
}

private let schema = ConfigSchema(backends: [
    BackendSchema(name: "jqc"),
    BackendSchema(name: "mcms", profileKeys: [ProfileKey("remember_password", kind: .bool, help: "keep the password")]),
    BackendSchema(name: "interlinedlist", aliases: ["il"]),
    BackendSchema(
        name: "fuzzbackend", aliases: ["fz"],
        profileKeys: [
            ProfileKey("site_code", kind: .string, help: "a string key"),
            ProfileKey("page_size", kind: .int, help: "an int key"),
            ProfileKey("poll_interval", kind: .duration, help: "a duration key"),
            ProfileKey("verbose", kind: .bool, help: "a bool key"),
        ]),
])

private func load(_ paths: ConfigPaths) {
    let configuration: Configuration
    do {
        configuration = try Configuration.load(paths: paths, schema: schema)
    } catch {
        Exercise.render(error)
        return
    }
    for profile in configuration.profiles {
        Invariant.require(configuration.profile(named: profile.name) == profile, "profile \(profile.name) not found by name")
        Invariant.require(
            schema.backend(named: profile.backend)?.name == profile.backend,
            "profile \(profile.name) has backend \(profile.backend), not a canonical backend name")
        for key in schema.backend(named: profile.backend)?.profileKeys ?? [] {
            _ = profile.string(key.name)
            _ = profile.bool(key.name)
            _ = profile.int(key.name)
            if let seconds = profile.duration(key.name) {
                Invariant.require((0...DurationText.maximumSeconds).contains(seconds), "\(key.name): \(seconds) s")
            }
        }
        check(profile.http, "profile \(profile.name)")
    }
    check(configuration.http, "the top-level http block")
    if let name = configuration.defaultProfile { _ = configuration.profile(named: name) }
}

/// Settings the HTTP engine converts to integers and timeouts must be finite and in range.
private func check(_ http: HTTPSettings, _ what: String) {
    let durations = 0...DurationText.maximumSeconds
    Invariant.require(durations.contains(http.timeout), "\(what): timeout \(http.timeout)")
    Invariant.require(durations.contains(http.connectTimeout), "\(what): connect_timeout \(http.connectTimeout)")
    Invariant.require((0...10).contains(http.retries), "\(what): retries \(http.retries)")
}

/// Touches every node the way the decoders do (depth is bounded by the parser).
private func visit(_ node: YAMLNode) {
    _ = node.kindName
    _ = node.start
    switch node.content {
    case .scalar(let scalar):
        _ = scalar.isNull
        _ = scalar.text.count
    case .sequence(let items):
        items.forEach(visit)
    case .mapping(let pairs):
        for pair in pairs {
            visit(pair.key)
            visit(pair.value)
        }
    }
}
