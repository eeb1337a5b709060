import FieldOpsCore

/// `fieldops api` for an MCMS profile: the session cookie from the keyring, `X-CSRFToken` and
/// `Referer` on unsafe methods and one re-login only with a remembered password — `MCMSClient`'s
/// own rules, so a raw request is sent exactly as `mcms` commands send theirs.
struct MCMSAPITransport: APITransport {
    let client: MCMSClient

    var apiBase: String { client.baseURL }
    /// Pages of 500, as kubectl's `--chunk-size` default: never the whole fleet in one answer.
    var paging: APIPaging { .limitSkip(pageSize: 500) }

    func send(_ request: HTTPRequest, path: String) async throws -> HTTPResponse {
        try await client.send(request)
    }
}
