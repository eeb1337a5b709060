import Foundation

/// A value shared between tasks and threads, reached only while holding a lock.
///
/// `@unchecked Sendable` is sound because `value` is private and every access goes through
/// `withValue`, which holds `lock` for the whole closure. (`Synchronization.Mutex` would do
/// the same but needs macOS 15, above this package's floor.)
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
