internal import CGlibcExtras
import Foundation

/// A child process whose first stdout line is awaited and whose stderr goes to a temp file.
///
/// Started with posix_spawn(3) and every descriptor above stderr closed in the child
/// (`posix_spawn_file_actions_addclosefrom_np`), and waited for with waitpid(2) here, not with
/// Foundation's `Process`: that one closes the parent's descriptors in the child from a list it
/// reads first, so a child started while another test opens a pipe or starts a process keeps
/// that descriptor open — and a pooled emulator lives for the whole suite. It kept the socket by
/// which `Process` learns that another child ended, and that test waited for ever (seen with the
/// tests in parallel: a zombie nobody reaped).
///
/// `@unchecked Sendable`: the process state is only touched while holding `lock`; the reader
/// thread writes `state` under the same lock.
final class ChildProcess: @unchecked Sendable {
    enum FirstLine: Sendable, Equatable {
        case pending
        case line(String)
        case ended
    }

    private let lock = NSLock()
    private let pid: pid_t
    private let stderrURL: URL
    private var state: FirstLine = .pending
    /// The exit status once reaped (128 + the signal's number when a signal ended it).
    private var exitStatus: Int32?
    private var stopped = false

    private init(pid: pid_t, stderrURL: URL) {
        self.pid = pid
        self.stderrURL = stderrURL
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: stderrURL)
    }

    /// Runs `/usr/bin/env ARGUMENTS…` with this process's environment, stdin from /dev/null,
    /// stdout to a pipe read for the first line, stderr to a temp file, and every signal at its
    /// default action and unblocked (a test thread may have some blocked).
    static func launch(_ arguments: [String]) throws -> ChildProcess {
        let stderrURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("fieldops-emulator-\(UUID().uuidString).stderr")
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw TestSupportError("pipe: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec: no other child of the tests keeps them (ours gets its stdout by dup2).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, stderrURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in Int32(1)...31 where number != SIGKILL && number != SIGSTOP { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) }
        defer {
            for pointer in argv { free(pointer) }
        }
        var pid = pid_t()
        let spawned = (argv + [nil]).withUnsafeBufferPointer { argv in
            posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv.baseAddress!, environ)
        }
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            throw TestSupportError("posix_spawn /usr/bin/env \(arguments.joined(separator: " ")): \(String(cString: strerror(spawned)))")
        }
        let child = ChildProcess(pid: pid, stderrURL: stderrURL)
        let reader = ends[0]
        let thread = Thread { [child] in child.readFirstLine(from: reader) }
        thread.start()
        return child
    }

    /// Blocks this helper thread until a newline or EOF; the emulator prints nothing else.
    /// Plain read(2) with an EINTR retry: `FileHandle.availableData` traps on EINTR.
    private func readFirstLine(from descriptor: Int32) {
        defer { close(descriptor) }  // the emulator prints nothing after its first line
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                lock.withLock { state = .ended }
                return
            }
            bytes.append(contentsOf: buffer[..<count])
            if let newline = bytes.firstIndex(of: 0x0A) {
                let line = String(decoding: bytes[..<newline], as: UTF8.self)
                lock.withLock { state = .line(line) }
                return
            }
        }
    }

    func firstLine() -> FirstLine {
        lock.withLock { state }
    }

    var isRunning: Bool {
        lock.withLock { reap(blocking: false) == nil }
    }

    /// The exit status if the child has ended (reaping it the first time), else nil; with
    /// `blocking`, waits for it to end. Called with `lock` held.
    private func reap(blocking: Bool) -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        } while result < 0 && errno == EINTR
        guard result == pid else { return nil }
        let signalled = status & 0x7F
        exitStatus = signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled
        return exitStatus
    }

    func stderrText() -> String {
        (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
    }

    /// SIGTERM, then SIGKILL after `grace` seconds; returns the exit status (128 + the signal's
    /// number when a signal ended it). Idempotent.
    @discardableResult
    func stop(grace: Double = 2) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if !stopped {
            stopped = true
            if reap(blocking: false) == nil {
                kill(pid, SIGTERM)
                let deadline = Date().addingTimeInterval(grace)
                while reap(blocking: false) == nil && Date() < deadline { usleep(10_000) }
                if reap(blocking: false) == nil { kill(pid, SIGKILL) }
            }
        }
        return reap(blocking: true) ?? -1
    }
}

extension Process {
    /// Waits for the child to end by polling `isRunning`, which Foundation updates from its own
    /// queue. `waitUntilExit()` spins the calling thread's run loop instead and, with several
    /// children ending at once on different threads (parallel tests), can wait for ever.
    public func waitForExit() {
        while isRunning { usleep(5_000) }
    }
}
