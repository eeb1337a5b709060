import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock shared by fieldops processes, held through `flock(2)` on a lock file.
///
/// JQC's `sync` takes one per profile so two concurrent syncs cannot submit the same outbox
/// twice. The holder writes its PID into the file so a second process can say who holds it.
/// The kernel drops the lock when the holder's file descriptor closes — also when the process
/// dies — so a crash never leaves a stale lock behind.
///
/// A `ProcessLock` is one open file descriptor; use it from one task (it is not `Sendable`).
public final class ProcessLock {
    /// The outcome of a non-blocking attempt.
    public enum Attempt: Sendable, Equatable {
        case acquired
        /// Another process holds the lock; its PID when it wrote one.
        case heldBy(pid: Int32?)
    }

    public let path: String
    private let descriptor: Int32
    public private(set) var isLocked = false

    /// Opens (creating with mode 0600, parent directories 0700) the lock file at `path`.
    /// Opening does not take the lock.
    public init(path: String) throws(ProcessLockError) {
        self.path = path
        let directory = PathText.parent(of: path)
        if !directory.isEmpty {
            do {
                try FileSystem.makeDirectories(directory, mode: 0o700)
            } catch {
                throw ProcessLockError(path: path, reason: .io("cannot create \(directory): \(SystemCallError.reason(error))"))
            }
        }
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard opened >= 0 else {
            throw ProcessLockError(path: path, reason: .io(String(cString: strerror(errno))))
        }
        descriptor = opened
    }

    deinit {
        unlock()
        close(descriptor)
    }

    /// Takes the lock if it is free, without waiting.
    public func tryLock() throws(ProcessLockError) -> Attempt {
        if isLocked { return .acquired }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK { return .heldBy(pid: holderPID()) }
            throw ProcessLockError(path: path, reason: .io(String(cString: strerror(errno))))
        }
        isLocked = true
        recordOwnPID()
        return .acquired
    }

    /// Takes the lock, waiting up to `timeout` for the holder to release it; throws
    /// `.held` naming the holder when it does not.
    public func lock(timeout: Duration) throws(ProcessLockError) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if case .heldBy(let pid) = try tryLock() {
                guard clock.now < deadline else {
                    throw ProcessLockError(path: path, reason: .held(pid: pid))
                }
                // flock(2) has no timeout; polling keeps the wait bounded and interruptible.
                usleep(20_000)
                continue
            }
            return
        }
    }

    /// `lock(timeout:)` for async code: the wait sleeps the task, not its thread, and ends with
    /// `CancellationError` when the command is interrupted.
    public func lockWaiting(timeout: Duration) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while case .heldBy(let pid) = try tryLock() {
            guard clock.now < deadline else { throw ProcessLockError(path: path, reason: .held(pid: pid)) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Runs `body` holding the lock (waiting up to `timeout` for it), and releases it after.
    public func withLock<T>(timeout: Duration, _ body: () throws -> T) throws -> T {
        try lock(timeout: timeout)
        defer { unlock() }
        return try body()
    }

    /// Releases the lock (a no-op when not held). The PID is cleared first so a reader never
    /// sees this process named as the holder after it let go.
    public func unlock() {
        guard isLocked else { return }
        _ = ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        isLocked = false
    }

    private func recordOwnPID() {
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// The PID the holder wrote, if it wrote one yet.
    private func holderPID() -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self).trimmingWhitespace()
        return Int32(text)
    }
}
