import FieldOpsCore

/// `fieldops api` for an InterlinedList profile: each request carries the credential its route
/// accepts (`ILRouteCredential`), exactly as the `il` commands send theirs.
struct ILAPITransport: APITransport {
    let services: ILServices

    var apiBase: String { services.baseURL }
    var paging: APIPaging { .offsetHasMore }

    func send(_ request: HTTPRequest, path: String) async throws -> HTTPResponse {
        var request = request
        let kind = ILRouteCredential.kind(method: request.method, path: path)
        if kind != .none {
            guard let credential = services.credentials.header(for: kind) else {
                if kind == .sessionCookie, services.credentials.syncToken != nil {
                    throw ILError.needsSessionCookie(profile: services.profile, route: "\(request.method) \(path)")
                }
                throw ILError.notLoggedIn(profile: services.profile)
            }
            if !request.headers.contains(credential.name) { request.headers.add(credential.name, credential.value) }
        }
        return try await services.session().send(request)
    }
}

/// Which credential an InterlinedList route accepts, by method and path, for requests the CLI has
/// no endpoint of its own for (`fieldops api`). The server notes (§1–§5) list the cookie-only
/// routes: the server ignores a Bearer token there and treats the caller as anonymous.
enum ILRouteCredential {
    static func kind(method: HTTPMethod, path: String) -> ILCredentialKind {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard segments.first == "api" else { return .syncToken }
        let route = Array(segments.dropFirst())
        switch route.first {
        case "auth":
            return route.count > 1 && route[1] == "logout" ? .sessionCookie : .none
        case "organizations", "exports":
            return .sessionCookie
        case "user":
            // /api/user/organizations, /api/user/identities…, and a user's wall
            // /api/user/{username}/messages, which ignores Bearer.
            if route.count > 1, ["organizations", "identities"].contains(route[1]) { return .sessionCookie }
            if route.count == 3, route[2] == "messages" { return .sessionCookie }
            return .syncToken
        case "messages":
            // /api/messages/{id}/replies, /api/messages/{id}/dig, PATCH /api/messages/{id}.
            if route.count == 3, ["replies", "dig"].contains(route[2]) { return .sessionCookie }
            if route.count == 2, method == .patch { return .sessionCookie }
            return .syncToken
        default:
            return .syncToken
        }
    }
}
