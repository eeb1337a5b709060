import FieldOpsCore
import InterlinedList
import JQC
import MCMS

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The backends this build speaks to; adding a service is one new target and one line here.
let app = App(backends: [JQCBackend(), MCMSBackend(), InterlinedListBackend()])

/// Everything the command wrote went out with write(2), and every store commit is durable when
/// it returns, so nothing waits for exit-time handlers. Skipping them (`_exit`) matters: an HTTP
/// engine thread may still be releasing its connections while `exit` runs the TLS library's
/// destructors, which crashed `doctor` (many sessions, torn down at the end) under load.
func finish(_ code: Int32) -> Never {
    fflush(nil)
    _exit(code)
}

// Completion, help, the version and usage errors are answered on this thread, before the
// concurrency runtime starts its threads; a command runs in a task that prefers this thread
// (`MainThreadExecutor`: the pool only for work that can run beside it).
// The environment is read once, here, for both steps.
let environment = ProcessEnvironment.current()
switch app.start(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment) {
case .finished(let code):
    finish(code)
case .command(let command, let invocation):
    MainThreadExecutor.run { finish(await app.run(command, invocation, environment: environment)) }
}
