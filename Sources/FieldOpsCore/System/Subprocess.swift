internal import CGlibcExtras

#if canImport(Glibc)
    import Glibc
#endif

/// Another program, started with posix_spawn(3) and waited for: an editor, `sh -c` for a hook
/// or a passphrase command, a tool doctor asks, a `fieldops-<name>` extension.
///
/// The child starts as a program started by a shell would: every signal at its default action
/// and none blocked, whatever fieldops itself ignores or blocks (SIGINT and SIGTERM, which wait
/// for `SignalWatch`); no descriptor of fieldops but the three standard ones; and none of
/// fieldops' secret variables (`ProcessEnvironment.secretVariables`: the keyring passphrase,
/// a password, a token) unless `passesSecrets` says so: a notification hook, an editor or a
/// passphrase command has no use for them, and a hook that logs its environment would leak them.
public struct Subprocess: Sendable {
    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        /// fieldops' own.
        case inherit
        /// /dev/null.
        case null
        /// A pipe fieldops reads to the end (`Result.stdout`, `Result.stderr`).
        case capture
    }

    public struct Result: Sendable {
        /// The exit status, or 128 + the signal's number when a signal ended it (as a shell says).
        public var status: Int32
        /// The signal that ended it, if one did.
        public var signal: Int32?
        public var stdout: [UInt8] = []
        public var stderr: [UInt8] = []
    }

    /// Why the program did not start: the system's words (`No such file or directory`).
    public struct StartFailure: Error, CustomStringConvertible, Sendable {
        public var executable: String
        public var reason: String
        public var description: String { reason }
    }

    public var executable: String
    /// The arguments after the program's name (which is `executable`).
    public var arguments: [String]
    /// The whole environment of the child; nil: fieldops' own.
    public var environment: [String: String]?
    public var stdin: Stream = .inherit
    public var stdout: Stream = .inherit
    public var stderr: Stream = .inherit
    /// Whether the child gets the secret variables too: only a `fieldops-<name>` extension does,
    /// a part of fieldops the person installed that may run fieldops itself.
    public var passesSecrets = false

    public init(_ executable: String, arguments: [String], environment: [String: String]? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }

    /// Starts the program, reads what it writes to captured streams and waits for it to end.
    public func run() throws(StartFailure) -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipes: [(read: Int32, write: Int32)?] = [nil, nil]
        defer {
            for case let pipe? in pipes where pipe.read >= 0 { close(pipe.read) }
        }
        for (index, stream) in [(0, stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .inherit:
                break
            case .null:
                posix_spawn_file_actions_addopen(&actions, Int32(index), "/dev/null", index == 0 ? O_RDONLY : O_WRONLY, 0)
            case .capture where index > 0:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else {
                    let failed = failure()
                    for case let pipe? in pipes { close(pipe.write) }
                    throw failed
                }
                // Close-on-exec, so that no other program fieldops starts holds them open.
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                pipes[index - 1] = (ends[0], ends[1])
                posix_spawn_file_actions_adddup2(&actions, ends[1], Int32(index))
            case .capture:
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
        }

        // Whatever a library opened without close-on-exec stays fieldops' own.
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        // glibc keeps its two internal signals (32 and 33) to itself and leaves them ignored.
        for number in Int32(1)...64 where number != SIGKILL && number != SIGSTOP { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) }
        let variables = (environment ?? ProcessEnvironment.current())
            .filter { passesSecrets || !ProcessEnvironment.secretVariables.contains($0.key) }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = (argv + [nil]).withUnsafeBufferPointer { arguments in
            (envp + [nil]).withUnsafeBufferPointer { variables in
                posix_spawn(&pid, executable, &actions, &attributes, arguments.baseAddress!, variables.baseAddress!)
            }
        }
        for case let pipe? in pipes { close(pipe.write) }
        guard spawned == 0 else {
            throw StartFailure(executable: executable, reason: String(cString: strerror(spawned)))
        }

        let captured = Self.readToEnd(pipes.map { $0?.read })
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7F
        var result =
            signalled == 0
            ? Result(status: (status >> 8) & 0xFF, signal: nil)
            : Result(status: 128 + signalled, signal: signalled)
        result.stdout = captured[0]
        result.stderr = captured[1]
        return result
    }

    private func failure() -> StartFailure {
        StartFailure(executable: executable, reason: String(cString: strerror(errno)))
    }

    /// Reads every given descriptor until its end, all at once (poll(2)), so that a program that
    /// fills one pipe while fieldops waits on the other never blocks.
    private static func readToEnd(_ descriptors: [Int32?]) -> [[UInt8]] {
        var output: [[UInt8]] = descriptors.map { _ in [] }
        var open = descriptors.enumerated().compactMap { index, fd in fd.map { (index, $0) } }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0.1, events: Int16(POLLIN), revents: 0) }
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            var finished: [Int] = []
            for (slot, entry) in polled.enumerated() where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    output[open[slot].0].append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    finished.append(slot)
                }
            }
            for slot in finished.reversed() { open.remove(at: slot) }
        }
        // What passed through may be a secret (a passphrase command's output).
        buffer.withUnsafeMutableBytes { _ = memset($0.baseAddress!, 0, $0.count) }
        return output
    }
}
