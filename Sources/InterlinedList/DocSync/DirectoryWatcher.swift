import Dispatch
import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// inotify on a directory tree, for `il docs sync --watch`: a thread of its own reads the
/// events (new subdirectories are watched as they appear), waits out the debounce and the sync
/// loop's deadline, and wakes the loop only then — an idle watch costs no wake-ups at all.
///
/// Dot-files are not counted, so the sync's own temporary files never wake it.
final class DirectoryWatcher: Sendable {
    enum Wake: Sendable { case localChange, deadline, cancelled }

    private struct State: Sendable {
        var pending = 0
        /// Monotonic nanoseconds of the last event.
        var lastEvent: UInt64 = 0
        var waiter: CheckedContinuation<Wake, Never>?
        var deadline: UInt64 = 0
        var stopped = false
    }

    private let descriptor: Int32
    /// A pipe that tells the thread a waiter arrived or left.
    private let poke: (read: Int32, write: Int32)
    private let root: String
    private let debounce: UInt64
    private let state = Locked(State())
    private let watches = Locked<[Int32: String]>([:])

    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_DELETE_SELF | IN_ATTRIB)

    init(root: String, debounce: Duration) throws {
        self.root = root
        self.debounce = UInt64(debounce.components.seconds) * 1_000_000_000 + UInt64(debounce.components.attoseconds / 1_000_000_000)
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else {
            throw DocSyncError.localIO("cannot watch \(root) for changes (inotify: \(String(cString: strerror(errno))))")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(descriptor)
            throw DocSyncError.localIO("cannot watch \(root) for changes (pipe: \(String(cString: strerror(errno))))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        poke = (ends[0], ends[1])
        addTree("")
        guard DetachedThread.start({ [self] in self.loop() }) else {
            throw DocSyncError.localIO("cannot watch \(root) for changes: the system has no thread left")
        }
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Waits until a local change has settled (no event for the debounce time), or until
    /// `deadline` (monotonic nanoseconds), or until the task is cancelled.
    func next(until deadline: UInt64) async -> Wake {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Wake, Never>) in
                // Checked under the lock the cancellation handler takes: a task cancelled before
                // the waiter is stored (a SIGTERM during the sync run) is seen here, one cancelled
                // after finds the waiter; either way the wait ends at once, not at the deadline.
                let cancelledAlready = state.withLock { state -> Bool in
                    if state.stopped || Task.isCancelled { return true }
                    state.waiter = continuation
                    state.deadline = deadline
                    return false
                }
                if cancelledAlready { continuation.resume(returning: .cancelled) } else { wakeThread() }
            }
        } onCancel: {
            resume(.cancelled)
        }
    }

    /// Stops the thread (it closes its descriptors) and wakes a waiter.
    func stop() {
        state.withLock { $0.stopped = true }
        resume(.cancelled)
        wakeThread()
    }

    private func resume(_ wake: Wake) {
        let waiter = state.withLock { state -> CheckedContinuation<Wake, Never>? in
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: wake)
    }

    private func wakeThread() {
        var byte: UInt8 = 1
        _ = write(poke.write, &byte, 1)
    }

    private func addTree(_ relative: String) {
        let path = relative.isEmpty ? root : root + "/" + relative
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        if watch >= 0 { watches.withLock { $0[watch] = relative } }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names where !name.hasPrefix(".") {
            var info = stat()
            let child = relative.isEmpty ? name : relative + "/" + name
            if lstat(root + "/" + child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { addTree(child) }
        }
    }

    private func loop() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var drain = [UInt8](repeating: 0, count: 64)
        while true {
            // Sleep until the earliest thing that could wake the waiter; with no waiter, until poked.
            let (stopped, timeout) = state.withLock { state -> (Bool, Int32) in
                guard state.waiter != nil else { return (state.stopped, -1) }
                var wakeAt = state.deadline
                if state.pending > 0 { wakeAt = min(wakeAt, state.lastEvent &+ debounce) }
                let now = Self.now()
                return (state.stopped, wakeAt <= now ? 0 : Int32(min((wakeAt - now) / 1_000_000 + 1, 60_000)))
            }
            if stopped { break }
            var pollers = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: poke.read, events: Int16(POLLIN), revents: 0),
            ]
            _ = poll(&pollers, 2, timeout)
            if pollers[1].revents != 0 { _ = drain.withUnsafeMutableBytes { read(poke.read, $0.baseAddress, $0.count) } }
            if pollers[0].revents != 0 { readEvents(&buffer) }
            let now = Self.now()
            let wake = state.withLock { state -> Wake? in
                guard state.waiter != nil else { return nil }
                if state.pending > 0 && now &- state.lastEvent >= debounce {
                    state.pending = 0
                    return .localChange
                }
                return now >= state.deadline ? .deadline : nil
            }
            if let wake { resume(wake) }
        }
        close(descriptor)
        close(poke.read)
        close(poke.write)
    }

    private func readEvents(_ buffer: inout [UInt8]) {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        var offset = 0
        var counted = false
        while offset + 16 <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                (
                    raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                    raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                    Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                )
            }
            let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
            offset += 16 + length
            if nameBytes.first == UInt8(ascii: ".") { continue }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let parent = watches.withLock({ $0[watch] }) {
                addTree(parent.isEmpty ? name : parent + "/" + name)
            }
            counted = true
        }
        if counted {
            let now = Self.now()
            state.withLock { state in
                state.pending += 1
                state.lastEvent = now
            }
        }
    }
}
