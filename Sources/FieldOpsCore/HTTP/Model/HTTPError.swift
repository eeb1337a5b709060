import FoundationEssentials

/// Every way a request can fail, in terms a person can act on. Never a bare libcurl code.
public enum HTTPError: UserFacingError, Equatable, CustomStringConvertible {
    /// The host name did not resolve or nothing accepted the connection.
    case cannotConnect(host: String, reason: String)
    /// The TLS handshake failed, usually an unknown certificate authority.
    case tls(host: String, reason: String)
    /// No complete answer within the time allowed.
    case timedOut(url: String, seconds: Double)
    /// The connection broke before the answer was complete.
    case connectionLost(url: String, reason: String)
    /// The answer was bigger than the response-size cap.
    case responseTooLarge(url: String, limit: Int)
    /// The server answered with a non-2xx status.
    case status(HTTPStatusFailure)
    case tooManyRedirects(url: String, limit: Int)
    case invalidURL(String)
    /// A file to upload could not be read.
    case unreadableFile(path: String, reason: String)
    /// The answer was not the JSON the caller expected; `path` names the failing key.
    case decoding(url: String, path: String, reason: String)
    /// The task was cancelled (Ctrl-C); the transfer was stopped.
    case cancelled
    /// Any other transport failure, with libcurl's explanation.
    case transport(url: String, reason: String)

    public var summary: String {
        switch self {
        case .cannotConnect(let host, let reason):
            return "cannot reach \(host): \(reason)"
        case .tls(let host, let reason):
            return "TLS failure talking to \(host): \(TLSProblem(reason: reason).cause(reason: reason))"
        case .timedOut(let url, let seconds):
            return "no answer from \(url) within \(Self.format(seconds))s"
        case .connectionLost(let url, let reason):
            return "the connection to \(url) broke before the answer was complete (\(reason))"
        case .responseTooLarge(let url, let limit):
            return "the answer from \(url) is larger than the \(Self.bytes(limit)) limit"
        case .status(let failure):
            return failure.summary
        case .tooManyRedirects(let url, let limit):
            return "more than \(limit) redirects starting at \(url)"
        case .invalidURL(let url):
            return "invalid URL \(url)"
        case .unreadableFile(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .decoding(let url, let path, let reason):
            let location = path.isEmpty ? "" : " at \(path)"
            return "unexpected answer from \(url)\(location): \(reason)"
        case .cancelled:
            return "interrupted"
        case .transport(let url, let reason):
            return url.isEmpty ? reason : "request to \(url) failed: \(reason)"
        }
    }

    public var hint: String? {
        switch self {
        case .cannotConnect:
            return "check the network connection and the profile's base_url"
        case .tls(let host, let reason):
            return TLSProblem(reason: reason).hint(host: host)
        case .timedOut:
            return "the server is slow or unreachable; raise http.timeout in the profile if it is only slow"
        case .connectionLost:
            return "try again; if it keeps happening the server or a proxy is closing connections"
        case .responseTooLarge:
            return "narrow the request (a filter, a limit or a projection)"
        case .status(let failure):
            return failure.hint
        case .tooManyRedirects:
            return "check the profile's base_url"
        case .invalidURL:
            return "check the profile's base_url"
        case .unreadableFile:
            return "check that the file exists and is readable"
        case .decoding:
            return "the server's API may differ from what fieldops expects; run with -v to see the answer"
        case .cancelled, .transport:
            return nil
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .cannotConnect, .timedOut, .connectionLost: return .network
        case .status(let failure): return failure.status == 401 ? .notAuthenticated : .failure
        case .invalidURL: return .usage
        case .cancelled: return .interrupted
        default: return .failure
        }
    }

    public var description: String { summary }

    /// Why the server gave no answer, in the few words of the local-copy notice:
    /// `cannot reach lists.example.org:443 (connection refused)`, `no answer from
    /// lists.example.org:443 within 30s`; nil for a failure that is not about reaching it.
    public var unreachableDescription: String? {
        switch self {
        case .cannotConnect(let host, let reason):
            return "cannot reach \(host) (\(Self.plainReason(reason)))"
        case .timedOut(let url, let seconds):
            return "no answer from \(TransferFailure.hostAndPort(of: url)) within \(Self.format(seconds))s"
        case .connectionLost(let url, _):
            return "the connection to \(TransferFailure.hostAndPort(of: url)) broke"
        default:
            return nil
        }
    }

    /// A reason without libcurl's code (`[curl 7]`) and the "(offline?)" guess.
    static func plainReason(_ reason: String) -> String {
        var text = Substring(reason)
        if text.hasSuffix("]"), let open = text.lastIndex(of: "["), text[open...].hasPrefix("[curl ") {
            text = text[..<open]
        }
        for suffix in [" ", " (offline?)"] where text.hasSuffix(suffix) {
            text = text.dropLast(suffix.count)
        }
        return String(text)
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : seconds.fixedPoint(places: 1)
    }

    static func bytes(_ count: Int) -> String {
        count >= 1 << 20 ? "\(count >> 20) MiB" : count >= 1 << 10 ? "\(count >> 10) KiB" : "\(count) B"
    }
}

/// A non-2xx answer: what was asked, what came back, and the server's own message.
public struct HTTPStatusFailure: Sendable, Equatable {
    public var status: Int
    public var method: HTTPMethod
    public var url: String
    /// The message from the JSON error body (`error`, `message`, `detail`, `details.message`).
    public var serverMessage: String?
    /// True when the body was an HTML page where JSON was expected (a proxy or login page).
    public var answeredHTML: Bool
    public var body: Data
    /// The server's `Retry-After`, in seconds from when it answered (429, 503).
    public var retryAfter: Double?
    /// Where a 3xx answer pointed (redirects of a POST, PUT, PATCH or DELETE are not followed).
    public var location: String?
    /// The id the server gave the request (`X-Request-Id` and the like), for its administrators.
    public var requestID: String?

    public init(_ response: HTTPResponse) {
        status = response.status
        method = response.method
        url = response.url
        answeredHTML = ServerMessage.looksLikeHTML(body: response.body, contentType: response.headers["Content-Type"])
        serverMessage = ServerMessage.extract(from: response.body, contentType: response.headers["Content-Type"])
        body = response.body
        retryAfter = response.headers["Retry-After"].flatMap { RetryAfter.seconds($0) }
        location = (300..<400).contains(response.status) ? response.headers["Location"] : nil
        requestID = ServiceWording.requestID(in: response.headers)
    }

    /// `METHOD /path`: the route without host or query (the full URL is in the `-v` trace).
    public var route: String { "\(method) \(URLParts(url)?.path ?? url)" }

    var summary: String {
        if (300..<400).contains(status) {
            var text = "\(method) \(url) failed: HTTP \(status)"
            if let reason = HTTPStatusFailure.reasons[status] { text += " \(reason)" }
            text += location.map { ", redirected to \($0)" } ?? ", a redirect without a Location"
            if !method.followsRedirects { text += " (a \(method.rawValue) is never sent on to another address)" }
            return text
        }
        if answeredHTML {
            return ServiceWording.statusFailure(
                route: route, status: status, message: "the server answered HTML instead of JSON", requestID: requestID)
        }
        return ServiceWording.statusFailure(route: route, status: status, message: serverMessage, requestID: requestID)
    }

    var hint: String? {
        if answeredHTML { return "a proxy or a login page may be in the way; check the profile's base_url" }
        if (300..<400).contains(status) {
            return "the server moved or wants another address: check the profile's base_url (https://, the host, a path prefix)"
        }
        return ServiceWording.statusHint(status, requestID: requestID)
    }

    static let reasons: [Int: String] = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 409: "Conflict", 413: "Payload Too Large", 422: "Unprocessable Content",
        429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}
