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
        do {
            var process = Subprocess(executable, arguments: arguments, environment: environment)
            process.passesSecrets = true  // an extension may run fieldops, which reads them
            return try process.run().status
        } catch {
            stderr.write("fieldops: cannot run \(executable): \(error.reason)\n")
            return ExitCode.failure.rawValue
        }
    }
}
