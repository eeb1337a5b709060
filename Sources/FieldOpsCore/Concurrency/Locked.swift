import Foundation

/// A value guarded by a lock, for the little shared state a `Sendable` class needs.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only reached inside `withLock`, which holds `lock`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
