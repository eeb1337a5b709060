import FieldOpsCore
import FoundationEssentials

/// The InterlinedList API for one profile: sends each route the credential it accepts, decodes
/// camelCase JSON with `ILJSON`, and turns every failure into an `ILError`.
///
/// A 401 is never taken at its word: `GET /api/user` is asked first, and only its 401 means the
/// user is logged out (see `UnauthorizedVerdict`).
public struct ILClient: Sendable {
    public let session: HTTPSession
    public let baseURL: String
    public let profile: String
    public let credentials: ILStoredCredentials

    public init(session: HTTPSession, baseURL: String, profile: String, credentials: ILStoredCredentials) {
        self.session = session
        self.baseURL = baseURL
        self.profile = profile
        self.credentials = credentials
    }

    // MARK: Typed calls

    /// Sends `endpoint` (with `body`, encoded by `ILJSON`) and decodes the 2xx answer as `T`.
    public func call<T: Decodable>(_ endpoint: ILEndpoint, body: (any ILRequestBody)? = nil, as type: T.Type) async throws -> T {
        let response = try await send(endpoint, body: body)
        return try decode(type, response, endpoint)
    }

    /// Sends `endpoint` and returns the 2xx answer; every other outcome throws an `ILError`.
    public func send(_ endpoint: ILEndpoint, body: (any ILRequestBody)? = nil) async throws -> HTTPResponse {
        let response = try await exchange(endpoint, body: body)
        if (200..<300).contains(response.status) { return response }
        if response.status == 401 {
            throw await unauthorized(endpoint)
        }
        throw failure(endpoint, response)
    }

    /// One request and its raw answer, whatever the status; transport failures become `.offline`.
    func exchange(_ endpoint: ILEndpoint, body: (any ILRequestBody)?) async throws -> HTTPResponse {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if endpoint.credential != .none {
            guard let credential = credentials.header(for: endpoint.credential) else {
                if endpoint.credential == .sessionCookie, credentials.syncToken != nil {
                    throw ILError.needsSessionCookie(profile: profile, route: endpoint.description)
                }
                throw ILError.notLoggedIn(profile: profile)
            }
            headers[credential.name] = credential.value
        }
        let requestBody = try body.map { HTTPBody.json(try $0.jsonBytes()) } ?? HTTPBody.none
        let request = HTTPRequest(
            endpoint.method, baseURL: baseURL, path: endpoint.segments,
            query: endpoint.query.map { HTTPRequest.QueryItem($0.name, $0.value) }, headers: headers, body: requestBody)
        do {
            return try await session.send(request)
        } catch {
            throw Self.transportFailure(endpoint, error)
        }
    }

    // MARK: The 401 contract

    /// Re-validates with `GET /api/user` and returns the error that the 401 really means.
    func unauthorized(_ endpoint: ILEndpoint) async -> any Error {
        if endpoint == .currentUser {
            return ILError.loggedOut(profile: profile, route: endpoint.description)
        }
        let check: UnauthorizedVerdict.Check
        do {
            check = .status(try await exchange(.currentUser, body: nil).status)
        } catch let error as ILError {
            if case .offline(_, let reason) = error {
                check = .unreachable(reason)
            } else {
                return error
            }
        } catch {
            return error
        }
        switch UnauthorizedVerdict.decide(route: endpoint, check: check) {
        case .loggedOut:
            return ILError.loggedOut(profile: profile, route: endpoint.description)
        case .routeRefused(let needsCookie):
            return ILError.routeRefused(profile: profile, route: endpoint.description, cookieRoute: needsCookie)
        case .unreachable(let reason):
            return ILError.offline(route: ILEndpoint.currentUser.description, reason: reason)
        case .inconclusive(let status):
            return ILError.server(
                route: endpoint.description, status: 401,
                serverMessage: "and GET /api/user answered HTTP \(status) while checking the credentials")
        }
    }

    // MARK: Errors

    func failure(_ endpoint: ILEndpoint, _ response: HTTPResponse) -> any Error {
        if ServiceWording.isForeignPage(response) {
            return NotTheServiceError(
                route: endpoint.description, service: "InterlinedList", profile: profile,
                body: response.body, contentType: response.headers["Content-Type"])
        }
        let message = (try? ILJSON.decode(ILServerError.self, from: response.body))?.error
        if response.status == 404, let subject = ServiceWording.subject(ofPath: Array(endpoint.segments.dropFirst()), names: Self.nouns) {
            return ILError.notFound(
                subject: subject, profile: profile,
                serverMessage: ServiceWording.message(message, requestID: ServiceWording.requestID(in: response.headers)))
        }
        return Self.failure(endpoint, response, message: message)
    }

    /// What the collections in IL paths hold, where dropping the plural's `s` is not the word.
    static let nouns = ["data": "row", "folders": "folder", "follow": "user"]

    static func failure(
        _ endpoint: ILEndpoint, _ response: HTTPResponse,
        message: String? = nil
    ) -> ILError {
        let message = message ?? (try? ILJSON.decode(ILServerError.self, from: response.body))?.error
        if response.status == 400, let details = (try? JSONValue(parsing: response.body))?["details"]?.arrayValue, !details.isEmpty {
            let problems = details.map { detail in
                ILRowValidator.Problem(
                    field: detail["field"]?.stringValue ?? "?", message: detail["message"]?.stringValue ?? ILCell.text(detail))
            }
            return .invalidData(route: endpoint.description, serverMessage: message, problems: problems)
        }
        switch response.status {
        case 403:
            return .forbidden(route: endpoint.description, reason: ForbiddenReason(serverMessage: message), serverMessage: message)
        case 429:
            return .rateLimited(route: endpoint.description, retryAfter: LoginRetry.seconds(response.headers["Retry-After"]))
        default:
            return .server(
                route: endpoint.description, status: response.status,
                serverMessage: ServiceWording.message(message, requestID: ServiceWording.requestID(in: response.headers)))
        }
    }

    static func transportFailure(_ endpoint: ILEndpoint, _ error: any Error) -> any Error {
        guard let error = error as? HTTPError else { return error }
        switch error {
        case .cannotConnect, .timedOut, .connectionLost:
            return ILError.offline(route: endpoint.description, reason: error.unreachableDescription ?? error.summary)
        default:
            return error
        }
    }

    func decode<T: Decodable>(_ type: T.Type, _ response: HTTPResponse, _ endpoint: ILEndpoint) throws -> T {
        do {
            return try ILJSON.decode(type, from: response.body)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // Foundation says only "The given data was not valid JSON."; the body is not the service's.
            throw NotTheServiceError(
                route: endpoint.description, service: "InterlinedList", profile: profile,
                body: response.body, contentType: response.headers["Content-Type"])
        } catch {
            throw ILError.unexpectedResponse(route: endpoint.description, detail: Self.describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
        @unknown default:
            return String(describing: error)
        }
    }
}
