import FieldOpsCore
import FoundationEssentials

/// The JQC API of one profile: requests built from the endpoint table, the bearer token added,
/// one refresh-and-retry on a 401, and the `{"ok", "data", "error"}` envelope unwrapped.
public final class JQCClient: Sendable {
    public let profile: Profile
    /// `<base_url>/api/v1`.
    public let apiBase: String
    let session: HTTPSession
    let tokens: TokenKeeper
    /// The zone of the server's zone-less stamps (the profile's `time_zone`).
    public let serverZone: ServerZone
    /// The server's clock less this machine's, in seconds, from the last answer with a readable
    /// `Date` header (whole seconds: a header has no finer ones); nil before one arrived.
    private let skew = Locked<Double?>(nil)

    /// - Parameters:
    ///   - session: the profile's HTTP session (its concurrency bound is the sync's upload bound).
    ///   - token: a token given from outside (`$FIELDOPS_TOKEN`, or one being logged in with),
    ///     used instead of the keyring's and never written to it.
    ///   - keyring: where tokens are read and rotated tokens written; nil for a login call.
    public init(profile: Profile, session: HTTPSession, token: String?, keyring: Keyring?) throws {
        self.profile = profile
        self.apiBase = JQCEndpoint.apiBase(for: profile.baseURL)
        self.session = session
        self.tokens = try TokenKeeper(profile: profile.name, given: token, keyring: keyring)
        self.serverZone = try ServerZone(profile: profile)
    }

    /// A client for the command's profile on the context's session and keyring.
    public convenience init(context: CommandContext, profile: Profile, maxConcurrentTransfers: Int = 6) throws {
        try self.init(
            profile: profile, session: try context.httpSession(for: profile, maxConcurrentTransfers: maxConcurrentTransfers),
            token: CredentialLookup.environmentToken(in: context.environment), keyring: try context.keyring())
    }

    /// A client that only logs in: no stored token is read.
    static func forLogin(context: CommandContext, profile: Profile, token: String? = nil) throws -> JQCClient {
        try JQCClient(
            profile: profile, session: try context.httpSession(for: profile),
            token: token, keyring: nil)
    }

    // MARK: Calls

    /// Sends one call and returns the envelope's `data`.
    public func call(
        _ endpoint: JQCEndpoint, query: [HTTPRequest.QueryItem] = [], body: HTTPBody = .none
    ) async throws -> JSONValue {
        let response = try await send(endpoint, query: query, body: body)
        return try Self.unwrap(response, endpoint: endpoint, profile: profile.name)
    }

    /// Sends one call and decodes the envelope's `data` as `T`.
    public func call<T: Decodable>(
        _ endpoint: JQCEndpoint, query: [HTTPRequest.QueryItem] = [], body: HTTPBody = .none, as type: T.Type
    ) async throws -> T {
        try Self.decode(type, from: try await call(endpoint, query: query, body: body), endpoint: endpoint)
    }

    /// Sends a JSON body (already serialised) and decodes `data` as `T`.
    public func call<T: Decodable>(_ endpoint: JQCEndpoint, json: Data, as type: T.Type) async throws -> T {
        try await call(endpoint, body: .json(json), as: type)
    }

    /// Sends one call and decodes `data` as `T`, with the answer's status and the moment its
    /// `Date` header names (nil when it sent none or an unreadable one): what a record the
    /// server just created can be compared with to see the server's UTC offset.
    public func callObservingServerDate<T: Decodable>(
        _ endpoint: JQCEndpoint, json: Data, as type: T.Type
    ) async throws -> (value: T, status: Int, date: Date?) {
        let response = try await send(endpoint, query: [], body: .json(json))
        let value = try Self.decode(type, from: try Self.unwrap(response, endpoint: endpoint, profile: profile.name), endpoint: endpoint)
        return (value, response.status, response.headers["Date"].flatMap { ServerClock.parse(httpDate: $0) })
    }

    /// The raw answer, after one refresh-and-retry when the token was refused.
    func send(_ endpoint: JQCEndpoint, query: [HTTPRequest.QueryItem], body: HTTPBody) async throws -> HTTPResponse {
        let response: HTTPResponse
        if endpoint.needsToken {
            response = try await sendAuthorized { [self] token in request(endpoint, query: query, body: body, token: token) }
        } else {
            response = try await session.send(request(endpoint, query: query, body: body, token: nil))
        }
        if let date = response.headers["Date"].flatMap({ ServerClock.parse(httpDate: $0) }) {
            let seen = Date().timeIntervalSince1970.rounded(.down)
            skew.withLock { $0 = date.timeIntervalSince1970 - seen }
        }
        return response
    }

    /// How far the server's clock is ahead of this machine's (negative: behind), from the last
    /// answer that said; nil before one did. See `ClockCheck`.
    public var clockSkew: Double? { skew.withLock { $0 } }

    /// Sends the request `build` makes with the current token; on a 401, refreshes the token once
    /// (one refresh shared by concurrent callers) and sends it again. `fieldops api` uses this too.
    public func sendAuthorized(_ build: @Sendable (String) -> HTTPRequest) async throws -> HTTPResponse {
        let token = try await tokens.current()
        let first = try await session.send(build(token))
        guard first.status == 401 else { return first }
        let fresh = try await tokens.refreshed(replacing: token) { [self] refreshToken in
            try await exchange(refreshToken: refreshToken)
        }
        let second = try await session.send(build(fresh))
        guard second.status == 401 else { return second }
        throw JQCError.sessionExpired(
            profile: profile.name, reason: HTTPStatusFailure(second).serverMessage ?? "the server refused a freshly refreshed token")
    }

    /// `POST /auth/refresh`: a new token pair for the refresh token (which dies with this call).
    func exchange(refreshToken: String) async throws -> TokenGrant {
        let body = try JSONValue(encoding: ["refresh_token": refreshToken]).jsonData()
        let response = try await session.send(request(.refresh, query: [], body: .json(body), token: nil))
        return try Self.decode(TokenGrant.self, from: Self.unwrap(response, endpoint: .refresh, profile: profile.name), endpoint: .refresh)
    }

    func request(_ endpoint: JQCEndpoint, query: [HTTPRequest.QueryItem], body: HTTPBody, token: String?) -> HTTPRequest {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let token { headers["Authorization"] = "Bearer " + token }
        return HTTPRequest(
            endpoint.method, baseURL: apiBase, path: endpoint.path, query: query, headers: headers, body: body,
            isIdempotent: endpoint.method.isIdempotent || endpoint.isDeduplicatedByServer)
    }

    // MARK: Envelope

    /// The `data` of a successful envelope; an HTTP error status keeps the server's message.
    static func unwrap(_ response: HTTPResponse, endpoint: JQCEndpoint, profile: String) throws -> JSONValue {
        let contentType = response.headers["Content-Type"]
        if let missing = MissingRouteError(response, route: endpoint.description, service: "JQC", profile: profile) { throw missing }
        if ServiceWording.isForeignPage(response) {
            throw NotTheServiceError(
                route: endpoint.description, service: "JQC", profile: profile, body: response.body, contentType: contentType)
        }
        guard response.isSuccess else {
            if response.status == 404, let subject = endpoint.subject {
                let message = (try? JSONValue(parsing: response.body))?["error"]?.stringValue
                throw JQCError.notFound(
                    subject: subject, profile: profile,
                    serverMessage: ServiceWording.message(message, requestID: ServiceWording.requestID(in: response.headers)))
            }
            throw HTTPError.status(HTTPStatusFailure(response))
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: response.body, source: endpoint.description)
        } catch {
            throw NotTheServiceError(
                route: endpoint.description, service: "JQC", profile: profile, body: response.body, contentType: contentType)
        }
        guard let ok = document["ok"]?.boolValue else {
            throw NotTheServiceError(
                route: endpoint.description, service: "JQC", profile: profile,
                sent: "it sent JSON without JQC's {\"ok\", \"data\", \"error\"} envelope")
        }
        guard ok else {
            throw JQCError.refused(endpoint: endpoint.description, message: document["error"]?.stringValue ?? "no reason given")
        }
        return document["data"] ?? .null
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: JSONValue, endpoint: JQCEndpoint) throws -> T {
        do {
            return try data.decode(type)
        } catch let error as DecodingError {
            throw JQCError.unexpectedAnswer(endpoint: endpoint.description, reason: Self.describe(error))
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "data\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context): return "data\(path(context.codingPath)) is not \(type)"
        case .valueNotFound(let type, let context): return "data\(path(context.codingPath)) is null, expected \(type)"
        case .dataCorrupted(let context): return "data\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
