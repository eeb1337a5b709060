import FieldOpsCore

/// `fieldops api` for a JQC profile: PATH is below `base_url/api/v1`, the bearer token is the
/// stored one (or `$FIELDOPS_TOKEN`), and a 401 refreshes it once — `JQCClient`'s own rules.
struct JQCAPITransport: APITransport {
    let client: JQCClient

    var apiBase: String { client.apiBase }
    var paging: APIPaging { .offsetTotal }

    func send(_ request: HTTPRequest, path: String) async throws -> HTTPResponse {
        if Self.tokenless.contains(path.split(separator: "/").map(String.init)) {
            return try await client.session.send(request)
        }
        return try await client.sendAuthorized { token in
            var authorized = request
            if !authorized.headers.contains("Authorization") { authorized.headers.add("Authorization", "Bearer " + token) }
            return authorized
        }
    }

    /// The calls that obtain a token in the first place carry none.
    static let tokenless: Set<[String]> = [JQCEndpoint.login.path, JQCEndpoint.refresh.path]
}
