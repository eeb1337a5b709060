import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a command so that Ctrl-C cancels it cleanly instead of killing the process mid-write.
///
/// The first SIGINT (or SIGTERM) cancels the command's task: in-flight HTTP transfers stop,
/// SQLite transactions roll back, atomic file writes never rename a half-written file, and the
/// process exits 130. A second Ctrl-C exits at once, for a person who really means it.
///
/// A write to `stoppedBy` that fails (the reader of `fieldops … | head` went away, a full disk)
/// cancels the command the same way, without counting as an interrupt: the dispatcher then says
/// what became of the output (`OutputFailure`).
public enum InterruptHandler {
    public struct Outcome<T: Sendable>: Sendable {
        public var result: Result<T, any Error>
        /// A signal arrived while the command ran.
        public var interrupted: Bool
    }

    public static func run<T: Sendable>(
        stoppedBy output: TextStream? = nil,
        _ operation: @escaping @Sendable () async throws -> T
    ) async -> Outcome<T> {
        let state = SignalState()
        // The signals are caught before the command starts: a prompt it shows at once must never
        // meet a Ctrl-C that still has its default action (death with the terminal's echo off).
        let running = Locked<Task<T, any Error>?>(nil)
        let watch = SignalWatch.watch { _ in
            if state.record() == 1 {
                running.withLock { $0 }?.cancel()
            } else {
                // A second Ctrl-C leaves at once, but never with echo off or in raw mode.
                StatusLine.terminal.clearAll()
                TerminalModes.restore()
                _exit(ExitCode.interrupted.rawValue)
            }
        }
        let task = Task(executorPreference: MainThreadExecutor.current) { try await operation() }
        running.withLock { $0 = task }
        if state.count > 0 { task.cancel() }  // a signal that came before the task was stored
        output?.whenWriteFails { _ in task.cancel() }
        let result: Result<T, any Error>
        do {
            result = .success(try await task.value)
        } catch {
            result = .failure(error)
        }
        watch.cancel()
        return Outcome(result: result, interrupted: state.count > 0)
    }
}

/// How many interrupt signals have arrived; touched from the signal thread and the main task.
private final class SignalState: Sendable {
    private let signals = Locked(0)

    func record() -> Int {
        signals.withLock { count in
            count += 1
            return count
        }
    }

    var count: Int { signals.withLock { $0 } }
}
