#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a lock file, released when the value is deallocated.
///
/// The lock lives on a sibling file rather than the keyring itself because writes replace the
/// keyring by rename: a lock on the old inode would not exclude a writer that opened the new one.
/// Each instance opens its own descriptor, so threads of one process exclude each other too.
final class FileLock {
    private let fd: Int32

    /// Blocks until the lock is held.
    init(path: String) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SystemCallError(operation: "open lock file", path: path, code: errno) }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let code = errno
            close(fd)
            throw SystemCallError(operation: "lock", path: path, code: code)
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
