/// The documented exit codes of `fieldops` (DESIGN.md §6). Every user-facing error maps to one.
public enum ExitCode: Int32, Sendable, CaseIterable {
    case ok = 0
    /// Something failed; the message says what.
    case failure = 1
    /// The command line or the configuration is wrong.
    case usage = 2
    /// No valid credential: log in again.
    case notAuthenticated = 3
    /// The server could not be reached (offline, DNS, refused, timeout).
    case network = 4
    /// A bulk command where some items failed; the report says which.
    case partialFailure = 5
    /// Interrupted by Ctrl-C (SIGINT).
    case interrupted = 130
    /// The output's reader went away (`fieldops … | head`): the status a process ended by
    /// SIGPIPE has, said without a message.
    case outputClosed = 141

    /// One line for the exit-code table in help, the man page and the README.
    public var meaning: String {
        switch self {
        case .ok: return "success"
        case .failure: return "failure (not found included)"
        case .usage: return "usage or configuration error"
        case .notAuthenticated: return "not authenticated (log in again)"
        case .network: return "network error or offline"
        case .partialFailure: return "partial failure (some items of a bulk command failed)"
        case .interrupted: return "interrupted (Ctrl-C)"
        case .outputClosed: return "the output's reader stopped reading (as with | head); nothing is said"
        }
    }
}
