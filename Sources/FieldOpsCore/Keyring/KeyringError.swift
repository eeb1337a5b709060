#if canImport(Glibc)
    import Glibc
#endif

/// A keyring problem, always naming the keyring file and what to do about it.
///
/// Exit codes: every keyring error exits with `ExitCode.failure` (1), including a wrong
/// passphrase — the stored credentials may be perfectly valid, so "log in again" (3) would be
/// the wrong advice, and logging in would have to overwrite a file the person can still unlock.
/// Secret values never appear in these messages.
public struct KeyringError: UserFacingError, CustomStringConvertible, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// Group or other can access the file (as ssh refuses private keys).
        case insecurePermissions
        /// The file belongs to another user.
        case notOwned
        /// The directory holding the file is writable by group or other.
        case insecureDirectory
        /// Truncated, not JSON, or inconsistent.
        case corrupt
        /// Valid JSON but not a fieldops keyring.
        case foreign
        /// Written by a newer fieldops.
        case unsupportedVersion
        /// Decryption failed: wrong passphrase, or the ciphertext was altered.
        case wrongPassphrase
        /// No passphrase source is available (no variable, no command, no terminal).
        case passphraseUnavailable
        case passphraseCommandFailed
        /// The file is encrypted (or is to be) and libsodium cannot be loaded.
        case libraryUnavailable
        case fileSystem
    }

    public var kind: Kind
    /// The keyring file concerned.
    public var path: String
    public var summary: String
    public var details: [String]
    public var hint: String?

    public var exitCode: ExitCode { .failure }
    public var description: String { summary }

    public init(_ kind: Kind, path: String, _ summary: String, details: [String] = [], hint: String? = nil) {
        self.kind = kind
        self.path = path
        self.summary = summary
        self.details = details
        self.hint = hint
    }

    static func fileSystem(_ error: SystemCallError, keyring path: String) -> KeyringError {
        let hint: String
        switch error.code {
        case ENOSPC, EDQUOT:
            hint =
                "free space on the disk that holds \(ConfigPaths.directory(of: path)) (or move the keyring with keyring.path); nothing in it was lost"
        case EROFS:
            hint =
                "the file system holding \(ConfigPaths.directory(of: path)) is read-only: remount it read-write, or move the keyring with keyring.path"
        default:
            hint = "check that the directory exists and is yours"
        }
        return KeyringError(.fileSystem, path: path, "keyring \(path): \(error.message)", hint: hint)
    }

    static func corrupt(_ path: String, _ what: String) -> KeyringError {
        KeyringError(
            .corrupt, path: path, "keyring \(path) is damaged (\(what)); it was not changed",
            hint: "move it aside (mv \(path) \(path).bad) and log in again; fieldops never overwrites a damaged keyring")
    }
}
