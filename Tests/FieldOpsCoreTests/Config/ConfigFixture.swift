import Foundation

@testable import FieldOpsCore

/// A real temporary home with a config directory, removed when the fixture is released.
final class ConfigFixture {
    let root: String
    let paths: ConfigPaths

    /// The three backends of the product, declared the way `main.swift` will.
    static let schema = ConfigSchema(backends: [
        BackendSchema(name: "jqc", profileKeys: [ProfileKey("time_zone", kind: .string, help: "the zone of the server's stamps")]),
        BackendSchema(
            name: "mcms",
            profileKeys: [
                ProfileKey("remember_password", kind: .bool, help: "keep the password in the keyring to renew sessions"),
                ProfileKey("session_ttl", kind: .duration, help: "how long a session lasts"),
                ProfileKey("chunk_size", kind: .int, help: "documents per collection request"),
            ]),
        BackendSchema(name: "interlinedlist", aliases: ["il"]),
    ])

    init() throws {
        let template = NSTemporaryDirectory() + "fieldops-config-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw CocoaError(.fileWriteUnknown) }
        root = String(cString: made)
        paths = ConfigPaths(environment: ["HOME": root])
        try FileManager.default.createDirectory(atPath: paths.profilesDirectory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    var configFile: String { paths.configFile }

    func write(_ text: String, to path: String? = nil) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path ?? configFile))
    }

    func writeProfile(file name: String, _ text: String) throws {
        try write(text, to: paths.profilesDirectory + "/" + name)
    }

    func read(_ path: String? = nil) throws -> String {
        try String(contentsOfFile: path ?? configFile, encoding: .utf8)
    }

    func load() throws -> Configuration {
        try Configuration.load(paths: paths, schema: ConfigFixture.schema)
    }

    /// The `ConfigError` that loading throws (nil when loading succeeds).
    func loadError() -> ConfigError? {
        do {
            _ = try load()
            return nil
        } catch {
            return error as? ConfigError
        }
    }

    var editor: ConfigEditor { ConfigEditor(paths: paths, schema: ConfigFixture.schema) }
}
