import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the keyring passphrase comes from, tried in order: `$FIELDOPS_KEYRING_PASSPHRASE`,
/// then `keyring.passphrase_command` (run with `/bin/sh -c`, standard output trimmed), then a
/// no-echo prompt — only when standard input is a terminal.
public struct PassphraseSource: Sendable {
    public var environment: [String: String]
    public var command: String?
    public var allowsPrompt: Bool

    public init(environment: [String: String], command: String? = nil, allowsPrompt: Bool = true) {
        self.environment = environment
        self.command = command
        self.allowsPrompt = allowsPrompt
    }

    /// The passphrase as bytes (the caller wipes them). `confirm` asks twice when prompting, for a
    /// new keyring, so a typo does not lock the person out.
    func passphrase(for path: String, confirm: Bool) throws -> [UInt8] {
        if let value = environment["FIELDOPS_KEYRING_PASSPHRASE"], !value.isEmpty {
            return Array(value.utf8)
        }
        if let command, !command.isEmpty {
            return try run(command, path: path)
        }
        guard allowsPrompt, isatty(STDIN_FILENO) == 1 else {
            throw KeyringError(
                .passphraseUnavailable, path: path, "keyring \(path) is encrypted and no passphrase is available",
                hint: "set FIELDOPS_KEYRING_PASSPHRASE, set keyring.passphrase_command, or run from a terminal")
        }
        let first = try prompt("Passphrase for \(path): ", path: path)
        guard confirm else { return first }
        var second = try prompt("Repeat the passphrase: ", path: path)
        defer { KeyringCipher.wipe(&second) }
        guard first == second else {
            throw KeyringError(.passphraseUnavailable, path: path, "the two passphrases differ; keyring \(path) was not created")
        }
        return first
    }

    private func run(_ command: String, path: String) throws -> [UInt8] {
        var process = Subprocess("/bin/sh", arguments: ["-c", command])
        process.stdout = .capture
        let failure = KeyringError(
            .passphraseCommandFailed, path: path, "keyring.passphrase_command failed for keyring \(path)",
            hint: "run the command by hand to check it prints the passphrase: \(command)")
        guard let result = try? process.run() else { throw failure }
        var bytes = result.stdout  // the same storage, wiped below on every path that drops it
        guard result.status == 0 else {
            KeyringCipher.wipe(&bytes)
            throw failure
        }
        while let last = bytes.last,
            last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") || last == UInt8(ascii: "\t")
        {
            bytes.removeLast()
        }
        guard !bytes.isEmpty else { throw failure }
        return bytes
    }

    /// Reads one line from the terminal with echo off, restoring the terminal even on error.
    private func prompt(_ text: String, path: String) throws -> [UInt8] {
        let line = try TerminalPrompt.secretBytes(text, stderr: FileDescriptorStream.standardError) ?? []
        guard !line.isEmpty else {
            throw KeyringError(.passphraseUnavailable, path: path, "no passphrase entered for keyring \(path)")
        }
        return line
    }
}
