import FoundationEssentials

extension Keyring {
    // MARK: decoding and encoding

    /// The entries, read and decoded again only when the file changed since the last read (a
    /// command asks for its profile's entry several times: credentials, then the cookie jar).
    /// The file is opened and its ownership and mode checked every time.
    func readEntries() throws -> [String: KeyringEntry]? {
        let main = try readFileEntries()
        // Entries kept elsewhere while the keyring could not be written are newer than its own.
        let kept = try pendingEntries()
        guard !kept.isEmpty else { return main }
        // The first chance to put them where they belong: a keyring that can be written again.
        if foldPendingIn() { return try readFileEntries() }
        var entries = main ?? [:]
        for (profile, entry) in kept where entries[profile].map({ $0.updatedAt <= entry.updatedAt }) ?? true {
            entries[profile] = entry
        }
        return entries
    }

    /// The keyring file's own entries.
    private func readFileEntries() throws -> [String: KeyringEntry]? {
        let known = lastRead.withLock { $0 }
        guard let read = try readVerifiedBytes(unlessStamped: known?.stamp) else { return nil }
        if read.bytes == nil, let known { return known.entries }
        let entries = try decodeEntries(KeyringFile.envelope(read.bytes ?? [], path: path))
        lastRead.withLock { $0 = (read.stamp, entries) }
        return entries
    }

    /// `envelope` comes from `KeyringFile.envelope`, which refused an encrypted one already when
    /// libsodium cannot be loaded.
    func decodeEntries(_ envelope: KeyringFile.Envelope, path: String? = nil) throws -> [String: KeyringEntry] {
        let path = path ?? self.path
        guard envelope.encryption == "passphrase" else { return envelope.entries ?? [:] }
        guard let kdf = envelope.kdf, let cipher = envelope.cipher, let text = envelope.ciphertext,
            let ciphertext = Data(base64Encoded: text), let nonce = Data(base64Encoded: cipher.nonce),
            let version = envelope.version
        else { throw KeyringError.corrupt(path, "the encrypted payload is not valid base64") }
        let key = try unlockedKey(for: kdf, confirm: false)
        let associated = KeyringFile.associatedData(version: version, kdf: kdf, cipher: cipher)
        guard var plaintext = KeyringCipher.open([UInt8](ciphertext), key: key, nonce: [UInt8](nonce), associatedData: associated) else {
            // A key cached from a previous file must not keep failing; forget it.
            cachedKey.forget()
            throw KeyringError(
                .wrongPassphrase, path: path,
                "cannot unlock keyring \(path): wrong passphrase, or the file was altered; it was not changed",
                hint: "check FIELDOPS_KEYRING_PASSPHRASE or keyring.passphrase_command (exit code 1)")
        }
        defer { KeyringCipher.wipe(&plaintext) }
        do {
            return try KeyringFile.decodeEntries(plaintext)
        } catch {
            throw KeyringError.corrupt(path, "the decrypted entries are malformed")
        }
    }

    /// The key for `kdf`'s salt and limits: cached, or derived from the passphrase.
    func unlockedKey(for kdf: KeyringFile.KDF, confirm: Bool) throws -> SecretKey {
        if let cached = cachedKey.key(for: kdf) { return cached }
        guard let salt = Data(base64Encoded: kdf.salt), salt.count == KeyringCipher.saltLength else {
            throw KeyringError.corrupt(path, "the key derivation salt is invalid")
        }
        var secret = try passphrase.passphrase(for: path, confirm: confirm)
        defer { KeyringCipher.wipe(&secret) }
        guard let key = KeyringCipher.deriveKey(passphrase: secret, salt: [UInt8](salt), opsLimit: kdf.opslimit, memLimit: kdf.memlimit)
        else {
            throw KeyringError(.fileSystem, path: path, "cannot derive the keyring key (out of memory?)")
        }
        cachedKey.store(key, for: kdf)
        return key
    }

    func plain(_ entries: [String: KeyringEntry]) throws -> [UInt8] {
        let envelope = KeyringFile.Envelope(
            format: KeyringFile.formatTag, version: KeyringFile.currentVersion, encryption: "none", entries: entries)
        return try [UInt8](KeyringFile.encoder().encode(envelope))
    }

    /// Encrypts with the previous file's salt and limits when there was one (so the cached key
    /// still applies), a fresh salt otherwise, and always a fresh random nonce.
    func sealed(_ entries: [String: KeyringEntry], previous: KeyringFile.KDF?) throws -> [UInt8] {
        try KeyringCipher.requireLibrary(keyring: path)
        let kdf =
            previous
            ?? KeyringFile.KDF(
                algorithm: KeyringCipher.kdfAlgorithm,
                opslimit: KeyringCipher.interactiveOpsLimit, memlimit: KeyringCipher.interactiveMemLimit,
                salt: Data(KeyringCipher.randomBytes(KeyringCipher.saltLength)).base64EncodedString())
        let key = try unlockedKey(for: kdf, confirm: previous == nil)
        let nonce = KeyringCipher.randomBytes(KeyringCipher.nonceLength)
        let cipher = KeyringFile.Cipher(algorithm: KeyringCipher.cipherAlgorithm, nonce: Data(nonce).base64EncodedString())
        var plaintext = try [UInt8](KeyringFile.encoder().encode(entries))
        defer { KeyringCipher.wipe(&plaintext) }
        let associated = KeyringFile.associatedData(version: KeyringFile.currentVersion, kdf: kdf, cipher: cipher)
        let ciphertext = KeyringCipher.seal(plaintext, key: key, nonce: nonce, associatedData: associated)
        let envelope = KeyringFile.Envelope(
            format: KeyringFile.formatTag, version: KeyringFile.currentVersion, encryption: "passphrase",
            kdf: kdf, cipher: cipher, ciphertext: Data(ciphertext).base64EncodedString())
        return try [UInt8](KeyringFile.encoder().encode(envelope))
    }
}
