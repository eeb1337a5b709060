internal import CGlibcExtras

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM, handed to whoever asked for them by one thread of the core's own.
///
/// Every part of fieldops that must act on a Ctrl-C or a SIGTERM watches here: the command's
/// interrupt handling (`InterruptHandler`), a live view putting the screen back, the JQC agent
/// stopping its sync. Dispatch's signal sources did this before; the first of them started
/// libdispatch's manager thread and a pool thread, which cost a `fieldops api` GET about 0.3 ms
/// (measured against the same build with no sources at all). This is one POSIX thread blocked in
/// read(2) on a signalfd, started by the first watch.
///
/// The signals must be blocked on every thread, so that they wait for the signalfd instead of
/// being taken by a thread: `MainThreadExecutor.run` blocks them before any other thread starts.
/// A signal that comes before anyone watches stays pending and reaches the first watcher.
/// While anyone watches, their disposition is "ignore", so a thread that does not block them
/// (a test's own) is not killed by one.
///
/// Handlers run on the signal thread, newest first: the innermost cleanup (a live view's screen)
/// runs before the command's own handler, which exits the process on a second Ctrl-C.
public enum SignalWatch {
    /// A watch that is still on; `cancel()` ends it (a no-op the second time).
    public final class Token: Sendable {
        fileprivate let id: Int

        fileprivate init(id: Int) {
            self.id = id
        }

        public func cancel() {
            SignalWatch.remove(id)
        }
    }

    private struct State {
        var handlers: [(id: Int, handler: @Sendable (Int32) -> Void)] = []
        var nextID = 0
        var started = false
    }

    // `Locked` (a pthread mutex), not Synchronization's `Mutex`: on Linux that one is a bare futex
    // ThreadSanitizer cannot see, so a watch and a cancel on two threads read as a race.
    private static let state = Locked(State())
    private static let watched = [SIGINT, SIGTERM]

    /// Calls `handler` with the signal's number for every SIGINT and SIGTERM until the token is
    /// cancelled. If the signalfd or the thread cannot be made, the signals get their default
    /// action back (the process ends on one, as any program would), and the returned token
    /// watches nothing.
    public static func watch(_ handler: @escaping @Sendable (Int32) -> Void) -> Token {
        let (token, mustStart) = state.withLock { state -> (Token, Bool) in
            let id = state.nextID
            state.nextID += 1
            if state.handlers.isEmpty {
                for number in watched { signal(number, SIG_IGN) }
            }
            state.handlers.append((id, handler))
            defer { state.started = true }
            return (Token(id: id), !state.started)
        }
        if mustStart && !startThread() {
            state.withLock { state in
                state.handlers.removeAll()
                state.started = false
            }
            for number in watched { signal(number, SIG_DFL) }
            var mask = watchedMask()
            pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        }
        return token
    }

    private static func remove(_ id: Int) {
        state.withLock { state in
            state.handlers.removeAll { $0.id == id }
            if state.handlers.isEmpty {
                for number in watched { signal(number, SIG_DFL) }
            }
        }
    }

    /// Opens the signalfd here, so that a failure is known before the watch returns, and starts
    /// the thread that reads it.
    private static func startThread() -> Bool {
        var mask = watchedMask()
        let descriptor = signalfd(-1, &mask, Int32(SFD_CLOEXEC))
        guard descriptor >= 0 else { return false }
        guard DetachedThread.start({ loop(descriptor: descriptor) }) else {
            close(descriptor)
            return false
        }
        return true
    }

    private static func watchedMask() -> sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in watched { sigaddset(&mask, number) }
        return mask
    }

    /// Reads the signals as they come and hands each to the handlers watching at that moment.
    private static func loop(descriptor: Int32) {
        // This thread must never take them itself (it starts with the mask of whoever made the
        // first watch, which in a test need not block them).
        var mask = watchedMask()
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        while true {
            let count = withUnsafeMutableBytes(of: &info) { read(descriptor, $0.baseAddress, size) }
            if count < 0 && errno == EINTR { continue }
            guard count == size else { return }
            let number = Int32(bitPattern: info.ssi_signo)
            let handlers = state.withLock { $0.handlers.map(\.handler) }
            for handler in handlers.reversed() { handler(number) }
        }
    }
}
