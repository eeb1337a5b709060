import FoundationEssentials

/// One wording for the failures every backend meets — an answer that is not the service's, an
/// HTTP error status, a record that does not exist — so a person reads the same sentence, with
/// the same hint and exit code, whichever service failed. Backends keep their own error types
/// (they decide retries and exit codes from them) and build their messages here.
///
/// Routes are written `METHOD /path` without host or query: the full URL is shown by `-v`.
public enum ServiceWording {
    // MARK: Not the service

    /// Names the setting to check: the profile's `base_url`.
    public static func notTheServiceHint(profile: String) -> String {
        "a proxy, a captive portal or a login page may be answering in the service's place (-v shows the answer); check the base_url: fieldops profile show \(profile)"
    }

    /// What an answer that is not the expected JSON was.
    public static func sent(_ body: Data, contentType: String?) -> String {
        if ServerMessage.looksLikeHTML(body: body, contentType: contentType) { return "it sent an HTML page instead of JSON" }
        return JSONBodyProblem.describe(body, contentType: contentType)
    }

    /// Whether an answer is another program's page: HTML with a status below 500 (a proxy's,
    /// a captive portal's or a login page; a 5xx page is the server failing, and said as such).
    /// A body that fails to parse as JSON is the other sign; the caller's parser finds that.
    public static func isForeignPage(_ response: HTTPResponse) -> Bool {
        response.status < 500 && ServerMessage.looksLikeHTML(body: response.body, contentType: response.headers["Content-Type"])
    }

    // MARK: HTTP error statuses

    /// `GET /api/lists failed: HTTP 500 Internal Server Error: database down (request id r-7f3a)`.
    public static func statusFailure(route: String, status: Int, message: String?, requestID: String?) -> String {
        var text = "\(route) failed: HTTP \(status)"
        let reason = HTTPStatusFailure.reasons[status]
        if let reason { text += " \(reason)" }
        // `HTTP 404 Not Found: Not Found` says nothing twice.
        if let message, !message.isEmpty, message.lowercased() != reason?.lowercased() { text += ": \(message)" }
        if let requestID { text += " (request id \(requestID))" }
        return text
    }

    /// The hint for an error status a command does not explain better itself.
    public static func statusHint(_ status: Int, requestID: String?) -> String? {
        switch status {
        case 401: return "log in again"
        case 403: return "the account lacks permission for this"
        case 429: return "the server is limiting requests; wait a little and run the command again"
        case 500...599:
            return "the server had a problem; try again later"
                + (requestID.map { ", and quote request id \($0) to its administrators if it persists" } ?? "")
        default: return nil
        }
    }

    /// The id a server gave the failed request, from the headers servers and proxies use for it.
    public static func requestID(in headers: HTTPHeaders) -> String? {
        for name in ["X-Request-Id", "Request-Id", "X-Correlation-Id", "X-Amzn-Trace-Id", "CF-Ray"] {
            if let value = headers[name]?.trimmingSpaces(), !value.isEmpty {
                return String(value.prefix(128))
            }
        }
        return nil
    }

    // MARK: Not found

    /// `no document d006 on profile lists (HTTP 404)`; the server's own words and the request
    /// id it gave follow the status when they say more: `(HTTP 404: Dig not found, request id r-7)`.
    public static func notFound(_ subject: String, profile: String, serverMessage: String? = nil, requestID: String? = nil) -> String {
        var status = "HTTP 404"
        if let message = serverMessage?.trimmingSpaces(), !message.isEmpty, !["not found", "404 not found"].contains(message.lowercased()) {
            status += ": \(message)"
        }
        if let requestID { status += ", request id \(requestID)" }
        return "no \(subject) on profile \(profile) (\(status))"
    }

    /// `no OLT with MAC or name Kirkegate 12 on profile lab-pon`: a name looked up in what the
    /// server listed (no 404 was answered; the listing had no such entry). Exit 1.
    public static func notListed(_ subject: String, profile: String) -> String {
        "no \(subject) on profile \(profile)"
    }

    /// `no inspection 7f3a in the local store of profile site-a`: a look-up that never asked a
    /// server. Exit 1, as a server's 404 is.
    public static func notInLocalStore(_ subject: String, profile: String) -> String {
        "no \(subject) in the local store of profile \(profile)"
    }

    /// What a path names, from its last collection and id: `/api/documents/d006` → `document
    /// d006`, `/inspections/5` → `inspection 5`; nil when the path ends in a collection.
    public static func subject(ofPath segments: [String], names: [String: String] = [:]) -> String? {
        let parts = segments.filter { !$0.isEmpty }
        guard parts.count >= 2 else { return nil }
        let collection = parts[parts.count - 2]
        let id = parts[parts.count - 1]
        guard collection.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }), !id.allSatisfy(\.isLetter) || id.count <= 3 else {
            return nil
        }
        let noun = names[collection] ?? (collection.hasSuffix("s") ? String(collection.dropLast()) : collection)
        return "\(noun.replacingEvery("-", with: " ")) \(id)"
    }
}

extension ServiceWording {
    /// A server's message with the request id it gave, for error types that keep one string.
    public static func message(_ text: String?, requestID: String?) -> String? {
        guard let requestID else { return text }
        return (text.map { $0 + " " } ?? "") + "(request id \(requestID))"
    }
}

/// An answer that is not the service's at all — an HTML page (a proxy, a captive portal, a login
/// page), text that is not JSON, or JSON without the service's envelope — said the same way by
/// every backend, with the same hint naming the profile's `base_url`, exit 1. The server, not an
/// item, is wrong: a sync stops instead of counting a failed attempt on every item.
public struct NotTheServiceError: UserFacingError, Equatable {
    public var route: String
    public var service: String
    public var profile: String
    /// What came instead (`it sent an HTML page instead of JSON`).
    public var sent: String

    public init(route: String, service: String, profile: String, sent: String) {
        self.route = route
        self.service = service
        self.profile = profile
        self.sent = sent
    }

    public init(route: String, service: String, profile: String, body: Data, contentType: String?) {
        self.init(route: route, service: service, profile: profile, sent: ServiceWording.sent(body, contentType: contentType))
    }

    public var summary: String { "\(route) did not answer as \(service) does: \(sent)" }
    public var hint: String? { ServiceWording.notTheServiceHint(profile: profile) }
    public var exitCode: ExitCode { .failure }
}

/// A route the server does not have: a 404 or 405 whose body is not JSON (an HTML page, the
/// web framework's own answer for a path no handler serves — an API's JSON error handlers never
/// see routing errors). A JSON 404 names a missing record; this names a missing route, which
/// is what an older server without the API in question answers.
public struct MissingRouteError: UserFacingError, Equatable {
    /// `GET /api/v1/facilities`.
    public var route: String
    public var status: Int
    public var service: String
    public var profile: String

    public init(route: String, status: Int, service: String, profile: String) {
        self.route = route
        self.status = status
        self.service = service
        self.profile = profile
    }

    /// The error for `response` when it is a routing error (404/405 without JSON), else nil.
    public init?(_ response: HTTPResponse, route: String, service: String, profile: String) {
        guard response.status == 404 || response.status == 405, (try? JSONValue(parsing: response.body)) == nil else { return nil }
        self.init(route: route, status: response.status, service: service, profile: profile)
    }

    public var summary: String {
        status == 405 ? "HTTP 405: this server does not take \(route)" : "HTTP \(status): this server has no \(route)"
    }

    public var hint: String? {
        "the server of profile \(profile) may run an older \(service) version without this part of the API; ask its administrators which version runs there, or check its base_url: fieldops profile show \(profile)"
    }

    public var exitCode: ExitCode { .failure }
}
