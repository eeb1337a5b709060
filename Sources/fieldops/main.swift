#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FieldOpsCore
import JQC
import MCMS

// The backends this build speaks to; adding a service is one new target and one line here.
let app = App(backends: [JQCBackend(), MCMSBackend()])

let code = await app.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(code)
