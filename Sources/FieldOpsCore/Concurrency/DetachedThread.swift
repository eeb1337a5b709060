#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX thread of its own for work that blocks (a poll(2) loop, a key reader), started
/// detached: it ends when `body` returns.
public enum DetachedThread {
    /// Starts `body` on a new thread; false when the system has no thread to give.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
                box.body()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
