import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Credentials the keyring's disk cannot take.
///
/// A token refresh is a one-way door: the server rotates the refresh token, and a new pair that
/// cannot be written (a full disk, a read-only directory) used to be lost with the session.
/// Now an update the keyring file cannot take goes to a pending file in the runtime
/// directory (`$XDG_RUNTIME_DIR/fieldops/keyring-pending-HASH`: this user's, 0700, in memory on
/// most systems; the same format and encryption as the keyring, 0600), or, with no such place
/// and for a rotated token pair only, stays in memory for the rest of the process; the person
/// is told either way. Every read sees pending entries over the file's own, and the first
/// command that can write the keyring folds them in and removes the pending file.
/// `storageProblem()` lets a refresh find out before it rotates anything.
extension Keyring {
    /// The pending file of this keyring, or nil without a pending directory.
    var pendingPath: String? {
        pendingDirectory.map { $0 + "/keyring-pending-" + Self.fingerprint(path) }
    }

    /// Whether an update can be stored now: the keyring's directory takes a new file with room
    /// for it, or the pending directory does. Nil when it can; otherwise why it cannot.
    public func storageProblem() -> String? {
        guard let problem = Self.probe(directory) else { return nil }
        guard let pending = pendingDirectory else {
            return "keyring \(path): \(problem), and there is no runtime directory ($XDG_RUNTIME_DIR) to keep credentials in meanwhile"
        }
        try? FileSystem.makeDirectories(pending, mode: 0o700)
        guard let second = Self.probe(pending) else { return nil }
        return "keyring \(path): \(problem); \(pending): \(second)"
    }

    /// Whether `directory` takes a new file of keyring size now.
    static func probeWritable(_ directory: String) -> Bool { probe(directory) == nil }

    /// Why a new file of keyring size cannot be made in `directory`, or nil when it can.
    private static func probe(_ directory: String) -> String? {
        let name = directory + "/.keyring-probe-\(getpid())"
        let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer {
            close(descriptor)
            unlink(name)
        }
        if let code = DiskSpace.reserve(64 * 1024, after: descriptor) { return String(cString: strerror(code)) }
        return nil
    }

    /// A full disk, a quota, a read-only file system, or no permission: the disk, not the data.
    static func isDiskProblem(_ code: Int32) -> Bool {
        [ENOSPC, EDQUOT, EROFS, EACCES, EPERM, EIO].contains(code)
    }

    /// The entries kept elsewhere: the pending file's, then those only in memory (newest).
    func pendingEntries() throws -> [String: KeyringEntry] {
        var entries: [String: KeyringEntry] = [:]
        if let pendingPath, let bytes = try? FileSystem.readFileIfExists(pendingPath) {
            var info = stat()
            // Only a file of this user's that no one else can read is taken.
            if stat(pendingPath, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o077 == 0 {
                entries = try decodeEntries(KeyringFile.envelope(bytes, path: pendingPath), path: pendingPath)
            }
        }
        for (profile, entry) in pendingInMemory.withLock({ $0 }) { entries[profile] = entry }
        return entries
    }

    /// Keeps `entries` (the whole keyring as it should be) in the pending file, else in memory,
    /// and says where.
    func keepElsewhere(
        _ entries: [String: KeyringEntry], encrypted: Bool, kdf: KeyringFile.KDF?, because failure: SystemCallError, inMemory: Bool
    ) throws {
        let reason = "keyring \(path) cannot be written (\(failure.reason))"
        if let pendingPath, let pendingDirectory {
            do {
                try FileSystem.makeDirectories(pendingDirectory, mode: 0o700)
                let bytes = encrypted ? try sealed(entries, previous: kdf) : try plain(entries)
                try AtomicFile.write(bytes, to: pendingPath, mode: 0o600)
                pendingInMemory.withLock { $0 = [:] }
                warn?(
                    "\(reason): the credentials are kept in \(pendingPath) meanwhile and moved into the keyring by the first fieldops command that can write it"
                )
                return
            } catch let error as SystemCallError {
                warn?("cannot keep credentials in \(pendingPath) either: \(error.reason)")
            }
        }
        guard inMemory else { throw KeyringError.fileSystem(failure, keyring: path) }
        pendingInMemory.withLock { $0 = entries }
        warn?(
            "\(reason), and there is nowhere else to keep them: the new credentials last only until this command ends; free space on that disk (or set XDG_RUNTIME_DIR) before the next one"
        )
    }

    /// The pending entries are in the keyring file now: the pending file goes.
    func foldedIn(_ profiles: [String]) {
        if let pendingPath { unlink(pendingPath) }
        pendingInMemory.withLock { $0 = [:] }
        warn?("the credentials of \(profiles.joined(separator: ", ")) kept outside the keyring are in \(path) again")
    }

    /// A short, stable name for a keyring path (FNV-1a, 64 bits, in hex).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
