/// Turns any error into the two or three lines a person sees on stderr, and an exit code.
///
/// `fieldops: <what failed>`, optional indented detail lines, then `hint: <what to do>`.
/// Errors that are not `UserFacingError` are still shown as one line (never a stack trace).
public enum ErrorReporter {
    /// - Parameter profile: the profile the command ran against; a failure to reach the server
    ///   (exit 4) that does not name it says it at the end, `(profile lab-pon)`, in every backend.
    public static func render(_ error: any Error, color: Bool = false, profile: String? = nil) -> (text: String, exitCode: ExitCode) {
        if error is CancellationError {
            return ("fieldops: interrupted\n", .interrupted)
        }
        let prefix = Style.bold.apply("fieldops:", enabled: color)
        guard let error = error as? any UserFacingError else {
            return ("\(prefix) \(error.summaryText)\n", .failure)
        }
        var summary = error.summary
        if error.exitCode == .network, let profile, !summary.contains("profile \(profile)") {
            summary += " (profile \(profile))"
        }
        var text = "\(prefix) \(summary)\n"
        for line in error.details {
            text += "  \(line)\n"
        }
        if let hint = error.hint {
            text += Style.dim.apply("hint: \(hint)", enabled: color) + "\n"
        }
        return (text, error.exitCode)
    }
}
