internal import CSodium

/// Passphrase encryption of the keyring: Argon2id to derive a key, XChaCha20-Poly1305 to seal.
///
/// Argon2id is memory-hard, so guessing passphrases from a stolen file is expensive; the AEAD
/// authenticates as well as encrypts, so a wrong passphrase or an altered file is detected
/// instead of yielding garbage. The file header is the associated data: changing the KDF limits,
/// salt or format tag breaks authentication too.
enum KeyringCipher {
    static let kdfAlgorithm = "argon2id13"
    static let cipherAlgorithm = "xchacha20poly1305-ietf"

    /// Refuses, naming the keyring, when libsodium cannot be loaded (it is loaded on first use,
    /// see Sources/CSodium/shim.h). Every path that encrypts or decrypts calls this first; the
    /// functions below may only run after it passed.
    static func requireLibrary(keyring path: String) throws {
        guard let problem = fieldops_sodium_error() else { return }
        throw KeyringError(
            .libraryUnavailable, path: path,
            "cannot use the encrypted keyring \(path): libsodium could not be loaded (\(String(cString: problem))); it was not changed",
            hint: "use an unencrypted keyring (keyring.encryption: none), or install it: apt-get install libsodium23")
    }

    /// libsodium's interactive limits: unlocking stays well under a second.
    static var interactiveOpsLimit: Int { fieldops_crypto_pwhash_opslimit_interactive() }
    static var interactiveMemLimit: Int { fieldops_crypto_pwhash_memlimit_interactive() }
    static var saltLength: Int { fieldops_crypto_pwhash_saltbytes() }
    static var nonceLength: Int { fieldops_crypto_aead_xchacha20poly1305_ietf_npubbytes() }

    /// Limits read from a file are bounded so a damaged header cannot demand gigabytes or hours.
    static func acceptsLimits(opsLimit: Int, memLimit: Int) -> Bool {
        (fieldops_crypto_pwhash_opslimit_min()...fieldops_crypto_pwhash_opslimit_sensitive()).contains(opsLimit)
            && (fieldops_crypto_pwhash_memlimit_min()...fieldops_crypto_pwhash_memlimit_sensitive()).contains(memLimit)
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        precondition(sodiumIsReady, "KeyringCipher.requireLibrary must pass before a salt or nonce is drawn")
        var bytes = [UInt8](repeating: 0, count: count)
        fieldops_randombytes_buf(&bytes, count)
        return bytes
    }

    /// The key for `passphrase`; nil only when libsodium cannot allocate the KDF's memory.
    static func deriveKey(passphrase: [UInt8], salt: [UInt8], opsLimit: Int, memLimit: Int) -> SecretKey? {
        let length = fieldops_crypto_aead_xchacha20poly1305_ietf_keybytes()
        guard salt.count == saltLength else { return nil }
        return SecretKey(count: length) { out in
            passphrase.withUnsafeBufferPointer { pass in
                pass.withMemoryRebound(to: CChar.self) { chars in
                    // Empty passphrases are refused before this point; an empty buffer has no address.
                    guard let base = chars.baseAddress else { return false }
                    return fieldops_crypto_pwhash(
                        out, UInt64(length), base, UInt64(chars.count), salt,
                        UInt64(opsLimit), memLimit, fieldops_crypto_pwhash_alg_argon2id13()) == 0
                }
            }
        }
    }

    static func seal(_ plaintext: [UInt8], key: SecretKey, nonce: [UInt8], associatedData: [UInt8]) -> [UInt8] {
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + fieldops_crypto_aead_xchacha20poly1305_ietf_abytes())
        var written: UInt64 = 0
        key.withBytes { keyBytes in
            _ = fieldops_crypto_aead_xchacha20poly1305_ietf_encrypt(
                &ciphertext, &written, plaintext, UInt64(plaintext.count),
                associatedData, UInt64(associatedData.count), nil, nonce, keyBytes)
        }
        return Array(ciphertext.prefix(Int(written)))
    }

    /// The plaintext, or nil when authentication fails (wrong key, or altered data or header).
    static func open(_ ciphertext: [UInt8], key: SecretKey, nonce: [UInt8], associatedData: [UInt8]) -> [UInt8]? {
        let overhead = fieldops_crypto_aead_xchacha20poly1305_ietf_abytes()
        guard ciphertext.count >= overhead, nonce.count == nonceLength else { return nil }
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count - overhead)
        var written: UInt64 = 0
        let status = key.withBytes { keyBytes in
            fieldops_crypto_aead_xchacha20poly1305_ietf_decrypt(
                &plaintext, &written, nil, ciphertext, UInt64(ciphertext.count),
                associatedData, UInt64(associatedData.count), nonce, keyBytes)
        }
        guard status == 0 else { return nil }
        return Array(plaintext.prefix(Int(written)))
    }

    /// Overwrites sensitive bytes before they are released.
    static func wipe(_ bytes: inout [UInt8]) {
        let count = bytes.count
        bytes.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { fieldops_secure_zero(base, count) }
        }
    }
}
