#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a lock, for the little shared state a `Sendable` class needs.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only reached inside `withLock`, which holds `mutex`.
    private let mutex = PThreadMutex()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&value)
    }
}

/// A POSIX mutex with a stable address (a `pthread_mutex_t` must never move once used).
final class PThreadMutex: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        pointer = .allocate(capacity: 1)
        pthread_mutex_init(pointer, nil)
    }

    deinit {
        pthread_mutex_destroy(pointer)
        pointer.deallocate()
    }

    func lock() { pthread_mutex_lock(pointer) }
    func unlock() { pthread_mutex_unlock(pointer) }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A mutex and a condition variable, used as one: lock, wait until told, signal, unlock.
public final class Condition: @unchecked Sendable {
    private let mutex = PThreadMutex()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        condition = .allocate(capacity: 1)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    public func lock() { mutex.lock() }
    public func unlock() { mutex.unlock() }
    /// Waits for `signal()` with the lock held (released while waiting); may wake spuriously.
    public func wait() { pthread_cond_wait(condition, mutex.pointer) }
    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }
}
