import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The credential file: one versioned file, mode 0600 in a 0700 directory, entries keyed by profile.
///
/// Reads refuse a file that group or other can access, or that another user owns (as ssh does
/// for private keys). Writes are read-modify-write under an exclusive `flock` on a sibling
/// `.lock` file, through a temp file that is fsynced and renamed over the keyring, followed by
/// an fsync of the directory; two processes updating different profiles never lose an entry.
/// Every write first reads and validates the existing file and aborts if it is damaged, foreign
/// or cannot be decrypted, so a keyring is never overwritten by accident.
public final class Keyring: Sendable {
    public let path: String
    /// What new writes use. An encrypted file stays encrypted even when this says `.none`:
    /// fieldops never silently decrypts a keyring to disk.
    public let encryption: KeyringSettings.Encryption
    let passphrase: PassphraseSource
    /// The key of the last file unlocked or written, so one process asks for the passphrase once.
    let cachedKey = KeyCache()
    /// The entries of the last read and the file they came from (`readEntries`).
    let lastRead = Locked<(stamp: FileStamp, entries: [String: KeyringEntry])?>(nil)
    /// Where entries go while the keyring's own disk cannot take them (full, read-only): a
    /// 0700 directory of this user's (`$XDG_RUNTIME_DIR/fieldops`), or nil for none. See
    /// `Keyring+Pending.swift`.
    let pendingDirectory: String?
    /// Entries that could be stored nowhere, kept for the rest of this process.
    let pendingInMemory = Locked<[String: KeyringEntry]>([:])
    /// Tells the person where credentials went when the keyring could not take them.
    let warn: (@Sendable (String) -> Void)?

    public init(
        path: String, encryption: KeyringSettings.Encryption = .none, passphrase: PassphraseSource, pendingDirectory: String? = nil,
        warn: (@Sendable (String) -> Void)? = nil
    ) {
        self.path = path
        self.encryption = encryption
        self.passphrase = passphrase
        self.pendingDirectory = pendingDirectory
        self.warn = warn
    }

    /// A keyring as configured by the `keyring:` block, with passphrases from `environment`.
    public convenience init(settings: KeyringSettings, environment: [String: String]) {
        self.init(
            path: settings.path, encryption: settings.encryption,
            passphrase: PassphraseSource(environment: environment, command: settings.passphraseCommand))
    }

    var directory: String { ConfigPaths.directory(of: path) }
    var lockPath: String { path + ".lock" }
    /// Largest keyring file read (a few KiB per profile in practice).
    static let sizeLimit = 4 << 20

    // MARK: reading

    public func entry(for profile: String) throws -> KeyringEntry? {
        try readEntries()?[profile]
    }

    /// Profiles that have an entry, sorted.
    public func profiles() throws -> [String] {
        (try readEntries() ?? [:]).keys.sorted()
    }

    /// Where secrets are kept, for `fieldops auth status`; does not need the passphrase.
    public func storage() throws -> KeyringStorage {
        guard let bytes = try readVerifiedBytes() else {
            return KeyringStorage(path: path, exists: false, encrypted: encryption == .passphrase)
        }
        let envelope = try KeyringFile.envelope(bytes, path: path)
        return KeyringStorage(path: path, exists: true, encrypted: envelope.encryption == "passphrase")
    }

    // MARK: writing

    /// Applies `change` to the profile's entry (a new empty one if absent) and saves the file.
    /// `updatedAt` is set to now after `change` runs. When the keyring's disk cannot take it
    /// (full, read-only), the entries go to the pending file (`Keyring+Pending.swift`) and the
    /// person is told; with no pending file either, `orElseInMemory` keeps them for the rest of
    /// the process (a rotated token pair, which the server has made the only valid one), else
    /// the failure is thrown.
    public func update(profile: String, orElseInMemory: Bool = false, _ change: (inout KeyringEntry) throws -> Void) throws {
        try withLockedFile(keepingElsewhere: true, inMemory: orElseInMemory) { entries in
            var entry = entries[profile] ?? KeyringEntry(secrets: [:], identity: nil, updatedAt: Date())
            try change(&entry)
            // Whole seconds, so the ISO 8601 form on disk round-trips exactly.
            entry.updatedAt = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            entries[profile] = entry
            return true
        }
    }

    /// Writes entries kept elsewhere into the keyring file when it can take them now; true when
    /// it did (a keyring still unwritable keeps them where they are, and nothing is said).
    func foldPendingIn() -> Bool {
        guard Self.probeWritable(directory) else { return false }
        do {
            try withLockedFile { _ in false }
            return true
        } catch {
            return false
        }
    }

    /// Deletes the profile's entry; nothing is written when there is none.
    public func remove(profile: String) throws {
        try withLockedFile { entries in
            entries.removeValue(forKey: profile) != nil
        }
    }

    /// Runs `body` on the current entries under the lock; saves when it returns true (or when
    /// entries kept elsewhere are to be folded in). With `keepingElsewhere`, entries the disk
    /// cannot take (full, read-only) are kept in the pending file, else in memory, and said.
    private func withLockedFile(
        keepingElsewhere: Bool = false, inMemory: Bool = false, _ body: (inout [String: KeyringEntry]) throws -> Bool
    ) throws {
        do {
            try FileSystem.makeDirectories(directory, mode: 0o700)
        } catch let error as SystemCallError {
            throw KeyringError.fileSystem(error, keyring: path)
        }
        try checkDirectory()
        let lock: FileLock?
        do {
            lock = try FileLock(path: lockPath)
        } catch let error as SystemCallError where error.code == EROFS && keepingElsewhere {
            lock = nil  // a read-only file system: nobody writes the keyring there meanwhile
        } catch let error as SystemCallError {
            throw KeyringError.fileSystem(error, keyring: path)
        }
        defer { withExtendedLifetime(lock) {} }
        // A writer killed mid-write left its temporary copy: under the lock none is live.
        AtomicFile.removeStaleTemporaries(of: path)

        let existing = try readVerifiedBytes()
        var envelope: KeyringFile.Envelope?
        var entries: [String: KeyringEntry] = [:]
        if let existing {
            let opened = try KeyringFile.envelope(existing, path: path)
            entries = try decodeEntries(opened)
            envelope = opened
        }
        // Entries kept elsewhere by an earlier run (or earlier in this one) come home now.
        let kept = try pendingEntries()
        for (profile, entry) in kept where entries[profile].map({ $0.updatedAt <= entry.updatedAt }) ?? true {
            entries[profile] = entry
        }
        guard try body(&entries) || !kept.isEmpty else { return }
        let encrypt = encryption == .passphrase || envelope?.encryption == "passphrase"
        let bytes = encrypt ? try sealed(entries, previous: envelope?.kdf) : try plain(entries)
        do {
            try AtomicFile.write(bytes, to: path, mode: 0o600)
        } catch let error as SystemCallError where keepingElsewhere && Self.isDiskProblem(error.code) {
            try keepElsewhere(entries, encrypted: encrypt, kdf: envelope?.kdf, because: error, inMemory: inMemory)
            return
        } catch let error as SystemCallError {
            throw KeyringError.fileSystem(error, keyring: path)
        }
        if !kept.isEmpty { foldedIn(kept.keys.sorted()) }
    }
}

/// Where a profile's secrets live, as `fieldops auth status` reports it.
public struct KeyringStorage: Sendable, Equatable {
    public var path: String
    public var exists: Bool
    /// True when the file is (or, once written, will be) encrypted with a passphrase.
    public var encrypted: Bool

    public init(path: String, exists: Bool, encrypted: Bool) {
        self.path = path
        self.exists = exists
        self.encrypted = encrypted
    }
}

/// The derived key of the last keyring file unlocked, with the KDF header it belongs to.
///
/// `@unchecked Sendable`: the only stored state is `value`, and every read and write of it
/// happens inside `lock.withLock`.
final class KeyCache: @unchecked Sendable {
    struct Unlocked {
        var kdf: KeyringFile.KDF
        var key: SecretKey
    }

    private let lock = PThreadMutex()
    private var value: Unlocked?

    func key(for kdf: KeyringFile.KDF) -> SecretKey? {
        lock.withLock { value?.kdf == kdf ? value?.key : nil }
    }

    func store(_ key: SecretKey, for kdf: KeyringFile.KDF) {
        lock.withLock { value = Unlocked(kdf: kdf, key: key) }
    }

    func forget() {
        lock.withLock { value = nil }
    }
}
