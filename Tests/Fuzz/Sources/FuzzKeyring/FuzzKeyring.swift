import FieldOpsCore
import Foundation
import FuzzSupport

/// The keyring decoder, plain and encrypted. The input is written as the keyring file (mode
/// 0600 in a 0700 directory) and read through `Keyring`'s public API twice: as configured for
/// no encryption, and for passphrase encryption with the passphrase in the environment
/// dictionary. A file that reads is then updated (one profile added) and read back: every
/// entry that was there must still be there, unchanged. (A plain file is updated through the
/// plain keyring only: encrypting it derives a key from a fresh salt, ~0.1 s every time.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    for keyring in [plain, encrypted] {
        ScratchDirectory.shared.write(input.bytes, to: "keyring/keyring", mode: 0o600)
        guard let (before, isEncrypted) = read(keyring), isEncrypted == (keyring === encrypted) else { continue }
        do {
            try keyring.update(profile: addedProfile) { entry in
                entry.secrets[KeyringSecret.accessToken] = "fuzz-token"
                entry.identity = ["user": "fuzz"]
            }
        } catch {
            Exercise.render(error)
            continue
        }
        guard let (after, _) = read(keyring) else {
            fatalError("fuzz invariant broken: the keyring does not read back after an update (\(keyring.encryption))")
        }
        for (profile, entry) in before where profile != addedProfile {
            Invariant.require(after[profile] == entry, "the update lost or changed the entry of profile \(profile)")
        }
        Invariant.require(after[addedProfile]?.secrets[KeyringSecret.accessToken] == "fuzz-token", "the update was not saved")
    }
    return 0
}

private let addedProfile = "fuzz-added"
private let path = ScratchDirectory.shared.file("keyring/keyring")

private let plain = Keyring(
    path: path, encryption: .none, passphrase: PassphraseSource(environment: [:], allowsPrompt: false))

/// One instance for the whole run, so its key cache spares the Argon2id derivation whenever an
/// input keeps the seed file's KDF header.
private let encrypted = Keyring(
    settings: KeyringSettings(path: path, encryption: .passphrase),
    environment: ["FIELDOPS_KEYRING_PASSPHRASE": "correct horse battery staple"])

/// Every entry and whether the file is encrypted, or nil when it is refused (the error is rendered).
private func read(_ keyring: Keyring) -> (entries: [String: KeyringEntry], encrypted: Bool)? {
    do {
        let storage = try keyring.storage()
        Invariant.require(storage.path == keyring.path, "storage reports another path")
        var entries: [String: KeyringEntry] = [:]
        for profile in try keyring.profiles() {
            guard let entry = try keyring.entry(for: profile) else {
                fatalError("fuzz invariant broken: profile \(profile) is listed but has no entry")
            }
            _ = entry.description
            entries[profile] = entry
        }
        return (entries, storage.encrypted)
    } catch {
        Exercise.render(error)
        return nil
    }
}
