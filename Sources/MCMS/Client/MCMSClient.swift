import FieldOpsCore
import FoundationEssentials

/// Talks to one MCMS server over the profile's HTTP session: the envelope, the CSRF rules for
/// writes, and the 401/403 rules (seed).
public final class MCMSClient: Sendable {
    public let http: HTTPSession
    public let baseURL: String
    public let profile: String
    let store: MCMSSessionStore?
    /// The session's generation: one more each time an expired session was logged in again.
    let relogin: RefreshGate<Int>

    /// - Parameter store: where cookies are saved after a re-login; nil in tests of a bare session.
    public init(http: HTTPSession, baseURL: String, profile: String, store: MCMSSessionStore?) {
        self.http = http
        self.baseURL = MCMSEndpoint.normalizedBaseURL(baseURL)
        self.profile = profile
        self.store = store
        relogin = RefreshGate(0)
    }

    // MARK: Login

    /// `POST /v1/users/authenticate/`; the server's cookies land in the session's jar.
    public func login(username: String, password: String) async throws {
        let body = JSONValue.object(
            JSONObject([
                (
                    MCMSField.data,
                    .object(JSONObject([(MCMSField.loginEmail, .string(username)), (MCMSField.loginPassword, .string(password))]))
                )
            ]))
        let response = try await send(.post, .authenticate, body: body, retryOn401: false)
        if response.status == 401 || response.status == 400 {
            throw MCMSError.loginRejected(profile: profile, message: MCMSEnvelope.serverMessage(body: response.body))
        }
        _ = try check(response, endpoint: .authenticate)
        guard csrfToken() != nil, sessionCookiePresent() else {
            throw MCMSError.malformed(
                path: MCMSEndpoint.authenticate.displayPath, reason: "login succeeded but set no session and CSRF cookies")
        }
    }

    /// `POST /v1/users/logout/`, best effort: the server may already have forgotten the session.
    public func logout() async {
        _ = try? await send(.post, .logout, body: nil, retryOn401: false)
    }

    // MARK: Requests

    /// GET an enveloped endpoint; nil when the success had no `data`.
    public func get(_ endpoint: MCMSEndpoint, query: [HTTPRequest.QueryItem] = []) async throws -> JSONValue? {
        let response = try await send(.get, endpoint, query: query, body: nil)
        return try check(response, endpoint: endpoint)
    }

    /// GET an enveloped endpoint whose `data` must be present.
    public func getData(_ endpoint: MCMSEndpoint, query: [HTTPRequest.QueryItem] = []) async throws -> JSONValue {
        guard let data = try await get(endpoint, query: query) else {
            throw MCMSError.malformed(path: endpoint.displayPath, reason: "the answer has no data")
        }
        return data
    }

    /// GET an enveloped list, gathered document by document into what `start` makes: each
    /// document read by `read` straight from the body when it is a plain success
    /// (`MCMSEnvelope.readEach`), else by `decode` from the parsed tree, with `getData`'s errors;
    /// both must gather the same of the same document.
    func getList<Gathered>(
        _ endpoint: MCMSEndpoint, query: [HTTPRequest.QueryItem], start: () -> Gathered,
        read: ((inout Gathered, inout JSONReader) throws(JSONReader.Declined) -> Void)?,
        decode: (inout Gathered, JSONValue) -> Void
    ) async throws -> Gathered {
        let response = try await send(.get, endpoint, query: query, body: nil)
        try checkStatus(response, endpoint: endpoint)
        if let read {
            var gathered = start()
            if MCMSEnvelope.readEach(response.body, { (reader) throws(JSONReader.Declined) in try read(&gathered, &reader) }) {
                return gathered
            }
        }
        guard let data = try check(response, endpoint: endpoint) else {
            throw MCMSError.malformed(path: endpoint.displayPath, reason: "the answer has no data")
        }
        guard let documents = data.arrayValue else {
            throw MCMSError.malformed(path: endpoint.displayPath, reason: "expected a list, found \(data.kindDescription)")
        }
        var gathered = start()
        for document in documents { decode(&gathered, document) }
        return gathered
    }

    /// GET the versionless bare-array CPE endpoint (no envelope, seed).
    public func getBare(_ endpoint: MCMSEndpoint) async throws -> JSONValue {
        let response = try await send(.get, endpoint, body: nil)
        try checkStatus(response, endpoint: endpoint)
        do {
            return try JSONValue(parsing: response.body, source: "GET \(endpoint.displayPath)")
        } catch {
            throw MCMSError.malformed(path: endpoint.displayPath, reason: error.summary)
        }
    }

    /// PUT `{"data": document}`; success is `{"status":"success"}` with no data (seed).
    public func put(_ endpoint: MCMSEndpoint, document: JSONValue) async throws {
        let body = JSONValue.object(JSONObject([(MCMSField.data, document)]))
        let response = try await send(.put, endpoint, body: body)
        _ = try check(response, endpoint: endpoint)
    }

    // MARK: Transport

    /// Sends one request; unsafe methods carry `X-CSRFToken` and `Referer`. A 401 re-logs in
    /// once with a remembered password and retries once; without one it is "session expired".
    func send(
        _ method: HTTPMethod, _ endpoint: MCMSEndpoint, query: [HTTPRequest.QueryItem] = [], body: JSONValue?,
        retryOn401: Bool = true
    ) async throws -> HTTPResponse {
        let request = HTTPRequest(
            method, baseURL: baseURL, path: endpoint.segments, query: query,
            body: body.map { .json($0.jsonData()) } ?? .none)
        return try await send(request, retryOn401: retryOn401)
    }

    /// Sends a request built elsewhere (`fieldops api`) under the same rules: CSRF headers on
    /// unsafe methods, one re-login with a remembered password on a 401.
    public func send(_ request: HTTPRequest, retryOn401: Bool = true) async throws -> HTTPResponse {
        let generation = await relogin.current
        var response = try await sendOnce(request)
        guard response.status == 401, retryOn401 else { return response }
        guard let store, let credentials = try store.rememberedCredentials() else {
            throw MCMSError.sessionExpired(profile: profile)
        }
        // Many bulk workers can meet the same expiry; only the first logs in again.
        _ = try await relogin.refreshed(
            unlessReplaced: { $0 != generation },
            refresh: { seen in
                try await self.login(username: credentials.username, password: credentials.password)
                try store.save(cookies: self.http.cookies, user: credentials.username, password: credentials.password, remember: true)
                return seen + 1
            })
        response = try await sendOnce(request)
        if response.status == 401 { throw MCMSError.sessionExpired(profile: profile) }
        return response
    }

    private func sendOnce(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        if !request.headers.contains("Accept") { request.headers.add("Accept", "application/json") }
        if request.method != .get && request.method != .head {
            // Django's CSRF check wants the token echoed and a same-origin Referer.
            if let token = csrfToken() { request.headers.add("X-CSRFToken", token) }
            request.headers.add("Referer", refererOrigin)
        }
        return try await http.send(request)
    }

    /// `scheme://host[:port]/` of the base URL.
    var refererOrigin: String {
        guard let schemeEnd = baseURL.firstRange(of: "://") else { return baseURL }
        let rest = baseURL[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" }
        return String(baseURL[..<schemeEnd.upperBound]) + authority + "/"
    }

    /// The CSRF cookie, plain or `__Host-` (seed: accept either).
    func csrfToken() -> String? {
        http.cookies.value(named: "__Host-csrftoken", for: baseURL + "/") ?? http.cookies.value(named: "csrftoken", for: baseURL + "/")
    }

    func sessionCookiePresent() -> Bool {
        http.cookies.value(named: "__Host-sessionid", for: baseURL + "/") != nil
            || http.cookies.value(named: "sessionid", for: baseURL + "/") != nil
    }

    private func checkStatus(_ response: HTTPResponse, endpoint: MCMSEndpoint) throws {
        if ServiceWording.isForeignPage(response) {
            throw NotTheServiceError(
                route: "\(response.method) \(endpoint.displayPath)", service: "MCMS", profile: profile,
                body: response.body, contentType: response.headers["Content-Type"])
        }
        // A success is parsed once, by the caller; only a failure's body is read for its message
        // (reading every page of a 100,000-ONU listing twice cost a seventh of its CPU).
        guard !(200..<300).contains(response.status) else { return }
        let message = ServiceWording.message(
            MCMSEnvelope.serverMessage(body: response.body),
            requestID: ServiceWording.requestID(in: response.headers))
        switch response.status {
        case 401: throw MCMSError.sessionExpired(profile: profile)
        // 403 is permission or CSRF: never a logout (seed).
        case 403: throw MCMSError.forbidden(path: endpoint.displayPath, message: message)
        case 404:
            if let (kind, id) = endpoint.subject { throw MCMSError.notFound(kind: kind, id: id, profile: profile, serverMessage: message) }
            throw MCMSError.server(path: "\(response.method) \(endpoint.displayPath)", status: 404, message: message ?? "")
        default:
            throw MCMSError.server(path: "\(response.method) \(endpoint.displayPath)", status: response.status, message: message ?? "")
        }
    }

    private func check(_ response: HTTPResponse, endpoint: MCMSEndpoint) throws -> JSONValue? {
        try checkStatus(response, endpoint: endpoint)
        let route = "\(response.method) \(endpoint.displayPath)"
        do {
            return try MCMSEnvelope.data(from: response.body, source: route)
        } catch .malformed {
            // Not JSON, or JSON without the envelope: something else answered in MCMS's place.
            let sent =
                (try? JSONValue(parsing: response.body)) == nil
                ? ServiceWording.sent(response.body, contentType: response.headers["Content-Type"])
                : "it sent JSON without MCMS's {\"status\", \"data\"} envelope"
            throw NotTheServiceError(route: route, service: "MCMS", profile: profile, sent: sent)
        }
    }
}
