/// Turns any error into the two or three lines a person sees on stderr, and an exit code.
///
/// `fieldops: <what failed>`, optional indented detail lines, then `hint: <what to do>`.
/// Errors that are not `UserFacingError` are still shown as one line (never a stack trace).
public enum ErrorReporter {
    public static func render(_ error: any Error, color: Bool = false) -> (text: String, exitCode: ExitCode) {
        if error is CancellationError {
            return ("fieldops: interrupted\n", .interrupted)
        }
        let prefix = Style.bold.apply("fieldops:", enabled: color)
        guard let error = error as? any UserFacingError else {
            return ("\(prefix) \(error.summaryText)\n", .failure)
        }
        var text = "\(prefix) \(error.summary)\n"
        for line in error.details {
            text += "  \(line)\n"
        }
        if let hint = error.hint {
            text += Style.dim.apply("hint: \(hint)", enabled: color) + "\n"
        }
        return (text, error.exitCode)
    }
}
