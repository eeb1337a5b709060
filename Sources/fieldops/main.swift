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

// A reader that goes away (`fieldops … | head`) is an EPIPE the output stream remembers, not a
// death by SIGPIPE mid-write: the command stops as on Ctrl-C, its temporary files removed, and
// exits 141 quietly (`OutputFailure`). Programs fieldops starts get SIGPIPE back (Subprocess).
signal(SIGPIPE, SIG_IGN)

// A standard descriptor the caller closed (`fieldops … >&-`) would be the next file opened: the
// keyring or a store would then receive the output. /dev/null read-only takes its place, so a
// write to it still fails (EBADF: "standard output is closed") and nothing else lands there.
for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
    let placeholder = open("/dev/null", O_RDONLY)
    if placeholder >= 0 && placeholder != descriptor {
        dup2(placeholder, descriptor)
        close(placeholder)
    }
}

// A core file of this process could hold every profile's tokens, cookies and the keyring's
// passphrase: none is ever written (the soft and hard limit 0, for the programs it starts too).
var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)

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
