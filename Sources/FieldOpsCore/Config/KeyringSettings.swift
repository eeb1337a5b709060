/// The `keyring:` block: where credentials are stored and whether they are encrypted at rest.
public struct KeyringSettings: Sendable, Equatable {
    public enum Encryption: String, Sendable, Equatable, CaseIterable {
        case none
        case passphrase
    }

    /// The keyring file (`keyring.path`, else `$XDG_DATA_HOME/fieldops/keyring`).
    public var path: String
    public var encryption: Encryption
    /// A shell command whose standard output is the passphrase (run with `/bin/sh -c`).
    public var passphraseCommand: String?

    public init(path: String, encryption: Encryption = .none, passphraseCommand: String? = nil) {
        self.path = path
        self.encryption = encryption
        self.passphraseCommand = passphraseCommand
    }
}
