#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a command on the process's main thread, so that a command that does one thing at a time
/// starts no threads of its own.
///
/// The default place of Swift's tasks is the global concurrent pool: a command started there
/// first hops from the main queue to a pool thread, and the pool starts threads as work arrives
/// (a `fieldops api` GET started five, which with their stacks, wake-ups and the kernel's work
/// for a process with several threads cost more than the request's own work). A command's task
/// prefers this executor instead (`Task(executorPreference:)`; its child tasks inherit the
/// preference). A job runs on the main thread when the main thread is waiting for one, or when
/// the main thread itself enqueued it and has no other one waiting (the task it is finishing
/// resumes the one that awaited it); otherwise on the global pool, so work that can run side by
/// side (pages decoded while others arrive, files hashed at once) still does. The executor is
/// not serial: like the global pool, it runs the jobs of different tasks in any order; actors
/// keep their own isolation.
public final class MainThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor the running command's tasks prefer: set once by the program before its
    /// command starts; nil in tests, where tasks stay on the global pool.
    public static var current: MainThreadExecutor? { installed.withLock { $0 } }
    private static let installed = Locked<MainThreadExecutor?>(nil)

    /// Its lock guards `waiting`, `next` and `stopping`; it is signalled when a job is handed to
    /// the main thread or the loop is stopped.
    private let wake = Condition()
    /// The main thread is waiting for a job (touched only with `wake` locked).
    private var waiting = true
    /// The job the main thread runs next (touched only with `wake` locked).
    private var next: UnownedJob?
    private var stopping = false
    /// The thread that made the executor, which `serve` then runs on.
    private let mainThread = pthread_self()

    /// An executor whose jobs run on the calling thread once it calls `serve()`.
    init() {}

    /// Starts `operation` as a task that prefers the main thread, and runs jobs on the calling
    /// thread (the main thread) from then on; `operation` ends the process.
    ///
    /// Signals: SIGINT and SIGTERM are blocked here, before any other thread starts, so every
    /// thread blocks them (threads inherit the mask) and they wait for `SignalWatch`'s signalfd —
    /// unblocked in one thread and ignored, a Ctrl-C would be discarded. Every other signal is
    /// open on the main thread, whatever mask the parent passed on, for the handlers ncurses and
    /// libedit install
    /// (SIGWINCH, SIGTSTP, SIGCONT), as `dispatchMain()`'s wait opened them before.
    public static func run(_ operation: @escaping @Sendable () async -> Never) -> Never {
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        sigaddset(&mask, SIGTERM)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        let executor = MainThreadExecutor()
        installed.withLock { $0 = executor }
        Task(executorPreference: executor) { await operation() }
        executor.serve()
        fatalError("the main thread's job loop ended")
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        wake.lock()
        if next == nil && !stopping && (waiting || pthread_equal(pthread_self(), mainThread) != 0) {
            next = UnownedJob(job)
            if waiting {
                waiting = false
                wake.signal()
            }
            wake.unlock()
        } else {
            wake.unlock()
            globalConcurrentExecutor.enqueue(job)
        }
    }

    /// The main thread's loop: wait for a job, run it, wait again; returns after `stop()`.
    func serve() {
        while true {
            wake.lock()
            while next == nil && !stopping {
                waiting = true
                wake.wait()
            }
            waiting = false
            guard let job = next else {
                wake.unlock()
                return
            }
            next = nil
            wake.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Ends `serve()` once no job is handed to it; later jobs run on the global pool.
    func stop() {
        wake.lock()
        stopping = true
        waiting = false
        wake.signal()
        wake.unlock()
    }
}
