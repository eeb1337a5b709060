import FieldOpsCore
import FoundationEssentials

/// How a failed request for one outbox item is handled.
enum AttemptOutcome: Sendable {
    /// The server or the store refused this item for a reason of its own: it counts toward the
    /// item's five attempts, and the rest of the sync goes on.
    case counted(String)
    /// The network failed, not the item: the message is kept, no attempt is counted, and the
    /// sync stops starting new requests.
    case network(String)
    /// Not the item's problem and not to be recorded on it (no valid session, Ctrl-C, a store
    /// that cannot be written): the sync stops and the error is reported as is.
    case fatal(any Error)

    init(_ error: any Error) {
        switch error {
        case let error as HTTPError:
            switch error {
            case .cancelled: self = .fatal(error)
            case .cannotConnect, .timedOut, .connectionLost, .tls, .transport: self = .network(error.summary)
            case .status(let failure):
                var text = "HTTP \(failure.status)"
                if let message = failure.serverMessage {
                    text += ": " + message
                } else if failure.answeredHTML {
                    text += ": an HTML error page"
                }
                self = .counted(text)
            default: self = .counted(error.summary)
            }
        case let error as JQCError:
            switch error {
            case .refused(_, let message): self = .counted(message)
            case .notFound: self = .counted(error.summary)
            case .unexpectedAnswer: self = .counted(error.summary)
            default: self = .fatal(error)
            }
        case let error as MissingRouteError:
            // The server has no such route: no item is to blame, the sync stops and says which.
            self = .fatal(error)
        case let error as NotTheServiceError:
            // The server is not JQC at all (a proxy's page): no item is to blame, the sync stops.
            self = .fatal(error)
        case let reuse as ServerIDReuse:
            self = .counted(reuse.description)
        case let error as SyncItemError:
            self = .counted(error.description)
        case let error as StoreError where error.kind == .constraint:
            // One record's answer that the store cannot take (a rule of the schema): that item's
            // problem, said in words; SQLite's own message names tables and columns, not work.
            self = .counted("the local store could not record the server's answer: it conflicts with another local record")
        case is CancellationError:
            self = .fatal(error)
        default:
            self = .fatal(error)
        }
    }

    /// Whether `error` means the server answered and did not take the item (or it was never
    /// sent): only then is an inspection known not to be on the server.
    static func isRefusal(_ error: any Error) -> Bool {
        switch error {
        case HTTPError.status(let failure): return (400..<500).contains(failure.status)
        case JQCError.refused, JQCError.notFound: return true
        case is SyncItemError: return true
        default: return false
        }
    }
}

/// A local record that cannot become a request: that item fails (and counts), the sync goes on.
struct SyncItemError: Error, CustomStringConvertible {
    var description: String

    /// Runs `build`, turning any failure into an item failure that names what was unreadable.
    static func building<T>(_ what: String, _ build: () throws -> T) throws -> T {
        do {
            return try build()
        } catch {
            let reason = error.summaryText
            throw SyncItemError(description: "\(what) cannot be read: \(reason)")
        }
    }
}
