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

let code = await app.run(arguments: Array(CommandLine.arguments.dropFirst()))
// Everything the command wrote went out with write(2), and every store commit is durable when
// it returns, so nothing waits for exit-time handlers. Skipping them (`_exit`) matters: an HTTP
// engine thread may still be releasing its connections while `exit` runs the TLS library's
// destructors, which crashed `doctor` (many sessions, torn down at the end) under load.
fflush(nil)
_exit(code)
