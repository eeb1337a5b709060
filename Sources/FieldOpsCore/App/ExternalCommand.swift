import Foundation

/// Runs `fieldops-<name>` from PATH for an unknown top-level command (the git/kubectl/gh
/// extension convention), with the selected profile and config exported in the environment.
enum ExternalCommand {
    static func run(
        name: String, executable: String, arguments: [String], globals: Invocation, environment: [String: String],
        stderr: TextStream
    ) -> Int32 {
        var environment = environment
        if let profile = globals.value("profile") { environment["FIELDOPS_PROFILE"] = profile }
        if let config = globals.value("config") { environment["FIELDOPS_CONFIG"] = config }
        if globals.flag("json") { environment["FIELDOPS_OUTPUT"] = "json" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        do {
            try process.run()
        } catch {
            stderr.write("fieldops: cannot run \(executable): \(error.localizedDescription)\n")
            return ExitCode.failure.rawValue
        }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            return 128 + process.terminationStatus
        }
        return process.terminationStatus
    }
}
