import FieldOpsCore

/// The JQC failures a person acts on that the core's HTTP and store errors do not already name.
public enum JQCError: UserFacingError, Equatable, CustomStringConvertible {
    /// No token is stored for the profile (and `$FIELDOPS_TOKEN` is unset).
    case notLoggedIn(profile: String)
    /// The server refused the stored credentials and a refresh did not help.
    case sessionExpired(profile: String, reason: String)
    /// `auth login` was refused.
    case invalidCredentials(profile: String, message: String)
    /// The server refused a request itself (a 4xx that is not about the credentials, such as
    /// a deployment's "The CSRF token is missing."): not a password or session problem.
    case requestRefused(route: String, status: Int, message: String?, profile: String)
    /// A refresh was refused with something other than 401: the stored tokens are kept.
    case refreshRefused(profile: String, route: String, status: Int, message: String?)
    /// A refresh was not asked for: its new pair could be stored nowhere (`problem` says why).
    case refreshUnstorable(profile: String, problem: String)
    /// The server cannot be reached; `waiting` local items are kept for the next sync.
    case offline(profile: String, waiting: Int, reason: String)
    /// The connection broke during a sync; what was not confirmed stays queued.
    case connectionLost(profile: String, waiting: Int, reason: String)
    /// The answer was not the `{"ok", "data", "error"}` envelope.
    case unexpectedAnswer(endpoint: String, reason: String)
    /// The server answered 2xx with `ok: false`.
    case refused(endpoint: String, message: String)
    /// A local id or server id names nothing in the store.
    case unknownRecord(kind: String, id: String, profile: String)
    /// The server has no such record (404 on a route naming one: `no issue 999 on site-a`).
    case notFound(subject: String, profile: String, serverMessage: String?)
    /// A workflow rule of the store refused the change; `next` is what would help, if anything
    /// (the store names the step, the command line words it).
    case notAllowed(String, next: NextStep?)

    /// What a person can do about a refusal of the store.
    public enum NextStep: Sendable, Equatable {
        /// Change the draft in the form.
        case edit(inspection: String)
        /// Finish or clear a half-typed answer in the form, then submit.
        case finishThenSubmit(inspection: String)
        /// Follow a sent inspection up with a new one.
        case reinspect(inspection: String)
        /// Sync first (the server may already hold it).
        case syncFirst
        /// Re-queue a failed item.
        case retry(localID: String)
        /// See a template's fields.
        case showTemplate(Int)
        /// See a facility's areas.
        case showFacility(Int)
        /// Name the inspection more exactly.
        case typeMoreOfTheID
        /// Give the issue a description.
        case describeTheIssue
    }

    public var summary: String {
        switch self {
        case .notLoggedIn(let profile):
            return "profile \(profile) is not logged in"
        case .sessionExpired(let profile, let reason):
            return "the session of profile \(profile) has expired: \(reason)"
        case .invalidCredentials(let profile, let message):
            return "login to profile \(profile) failed: \(message)"
        case .requestRefused(let route, let status, let message, let profile):
            return "\(route) on profile \(profile) failed: the server refused the request itself (HTTP \(status)"
                + (message.map { " \($0)" } ?? "") + ") — not a password problem"
        case .refreshRefused(let profile, let route, let status, let message):
            return "the server refused to refresh the session of profile \(profile): \(route) answered HTTP \(status)"
                + (message.map { " \($0)" } ?? "") + "; the stored tokens are kept"
        case .refreshUnstorable(let profile, let problem):
            return
                "not refreshing the session of profile \(profile): the new tokens could be stored nowhere (\(problem)); the current ones are kept and stay valid"
        case .offline(_, let waiting, let reason):
            return "offline: \(waiting) item\(waiting == 1 ? "" : "s") waiting (\(reason))"
        case .connectionLost(_, let waiting, let reason):
            return "the connection to the server broke during sync: \(waiting) item\(waiting == 1 ? "" : "s") still waiting (\(reason))"
        case .unexpectedAnswer(let endpoint, let reason):
            return "unexpected answer to \(endpoint): \(reason)"
        case .refused(let endpoint, let message):
            return "\(endpoint) was refused: \(message)"
        case .unknownRecord(let kind, let id, let profile):
            return ServiceWording.notInLocalStore("\(kind) \(id)", profile: profile)
        case .notFound(let subject, let profile, let message):
            return ServiceWording.notFound(subject, profile: profile, serverMessage: message)
        case .notAllowed(let message, _):
            return message
        }
    }

    public var hint: String? {
        switch self {
        case .notLoggedIn(let profile), .sessionExpired(let profile, _):
            return "log in again (queued work is kept): fieldops -p \(profile) auth login"
        case .invalidCredentials(_, let message):
            return message.hasPrefix("Account is disabled")
                ? "ask the server's administrators to enable the account" : "check the username and password"
        case .requestRefused, .refreshRefused:
            return
                "the server's configuration refuses this request (no password or token will change that): tell its administrators what it answered; -v shows the whole answer"
        case .refreshUnstorable:
            return
                "free space on the keyring's disk (or make it writable, or set XDG_RUNTIME_DIR), then run the command again; nothing was sent"
        case .offline:
            return "nothing was sent or changed; when the server is reachable, run: fieldops jqc sync"
        case .connectionLost:
            return "everything the server confirmed is recorded; send the rest: fieldops jqc sync"
        case .unexpectedAnswer:
            return "a proxy or an error page may be in the way; check the profile's base_url, or run with -v"
        case .refused:
            return nil
        case .unknownRecord(let kind, _, let profile):
            return JQCError.lookupHint(kind: kind, profile: profile)
        case .notAllowed(_, let next):
            return next?.hint
        case .notFound:
            return "check the id against the listing: fieldops jqc issue list (or fieldops jqc history)"
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .notLoggedIn, .sessionExpired, .invalidCredentials: return .notAuthenticated
        case .offline, .connectionLost: return .network
        default: return .failure
        }
    }

    public var description: String { summary }

    /// Where the ids of a kind of local record are listed, as a runnable command.
    static func lookupHint(kind: String, profile: String) -> String {
        let command = "fieldops -p \(profile) jqc"
        switch kind {
        case "facility", "area": return "the store holds what the last sync pulled; refresh it: \(command) sync"
        case "template": return "the store holds the templates the last sync pulled; refresh them: \(command) sync"
        case "inspection": return "list the local inspections: \(command) inspect list"
        case "issue": return "list the issues (a sync pulls yours): \(command) issue list"
        case "notification": return "list the notifications: \(command) notifications list"
        default: return "see what waits to be sent: \(command) status"
        }
    }
}

extension HTTPError {
    /// True for failures of the network rather than of the request: the server was not reached
    /// or did not finish answering. These never count against an item's retries.
    var isNetworkFailure: Bool {
        switch self {
        case .cannotConnect, .timedOut, .connectionLost, .tls: return true
        default: return false
        }
    }
}
