import Foundation

@testable import FieldOpsCore

/// A real temporary data directory for keyring files, removed when the fixture is released.
final class KeyringFixture {
    let root: String
    /// `ROOT/data/fieldops/keyring`; the directory does not exist until the first write.
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "fieldops-keyring-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        root = String(cString: made)
        path = root + "/data/fieldops/keyring"
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    var directory: String { ConfigPaths.directory(of: path) }

    func keyring(
        encryption: KeyringSettings.Encryption = .none, passphrase: String? = nil, command: String? = nil
    ) -> Keyring {
        var environment: [String: String] = [:]
        if let passphrase { environment["FIELDOPS_KEYRING_PASSPHRASE"] = passphrase }
        return Keyring(
            path: path, encryption: encryption,
            passphrase: PassphraseSource(environment: environment, command: command, allowsPrompt: false))
    }

    func bytes() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func write(_ data: Data, mode: mode_t = 0o600) throws {
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try data.write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o777
    }

    /// The `KeyringError` thrown by `body`, or nil when it succeeds.
    func failure(_ body: () throws -> Void) -> KeyringError? {
        do {
            try body()
            return nil
        } catch {
            return error as? KeyringError
        }
    }
}
