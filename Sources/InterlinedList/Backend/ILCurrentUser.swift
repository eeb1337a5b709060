import FieldOpsCore
import FoundationEssentials

/// Which user's cache completion reads: a one-line file (a user id, never a secret) written at
/// login, because completion must not open the keyring (it may be encrypted, and a prompt in the
/// middle of a Tab press would be absurd).
enum ILCurrentUser {
    static func file(profileDirectory: String) -> String {
        ILMirror.backendDirectory(profileDirectory: profileDirectory) + "/current-user"
    }

    static func write(_ userID: String, profileDirectory: String) throws {
        let directory = ILMirror.backendDirectory(profileDirectory: profileDirectory)
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try AtomicFile.write(Data((userID + "\n").utf8), to: file(profileDirectory: profileDirectory), mode: 0o600)
    }

    static func read(profileDirectory: String) -> String? {
        guard let data = FileManager.default.contents(atPath: file(profileDirectory: profileDirectory)) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingWhitespace()
        return text.isEmpty ? nil : text
    }
}
