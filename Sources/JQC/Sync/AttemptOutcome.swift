import FieldOpsCore
import Foundation

/// How a failed request for one outbox item is handled.
enum AttemptOutcome: Sendable {
    /// The server refused or failed this item: it counts toward the item's five attempts.
    case counted(String)
    /// The network failed, not the item: the message is kept, no attempt is counted, and the
    /// sync stops starting new requests.
    case network(String)
    /// Not the item's problem and not to be recorded on it (no valid session, Ctrl-C, a store
    /// failure): the sync stops and the error is reported as is.
    case fatal(any Error)

    init(_ error: any Error) {
        switch error {
        case let error as HTTPError:
            switch error {
            case .cancelled: self = .fatal(error)
            case .cannotConnect, .timedOut, .connectionLost, .tls, .transport: self = .network(error.summary)
            case .status(let failure):
                var text = "HTTP \(failure.status)"
                if let message = failure.serverMessage { text += ": " + message } else if failure.answeredHTML { text += ": an HTML error page" }
                self = .counted(text)
            default: self = .counted(error.summary)
            }
        case let error as JQCError:
            switch error {
            case .refused(_, let message): self = .counted(message)
            case .unexpectedAnswer: self = .counted(error.summary)
            default: self = .fatal(error)
            }
        case is CancellationError:
            self = .fatal(error)
        default:
            self = .fatal(error)
        }
    }
}
