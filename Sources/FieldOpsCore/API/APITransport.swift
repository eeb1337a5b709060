/// How `fieldops api` reaches one backend: where a PATH is resolved, how its collections page,
/// and a send that adds the credentials exactly as the backend's own commands add them.
///
/// The core builds the request (method, PATH, fields, headers, body) and prints the answer; the
/// backend only authenticates it, so `fieldops api` can never send a credential differently
/// from — or to another origin than — the commands a person already trusts.
public protocol APITransport: Sendable {
    /// The URL a PATH is relative to: the root the backend's own endpoint table is written
    /// against (IL: `base_url`, whose paths start `/api/`; JQC: `base_url/api/v1`; MCMS:
    /// `base_url` normalised to its `/api` root).
    var apiBase: String { get }
    /// The backend's own paging convention, for `--paginate`.
    var paging: APIPaging { get }
    /// Sends `request` (whose URL is `apiBase` + `path`) with the backend's credentials and
    /// returns the answer whatever its status; throws only when no answer came, or when no
    /// credential is stored.
    func send(_ request: HTTPRequest, path: String) async throws -> HTTPResponse
}

/// The three paging conventions of the services fieldops speaks to.
public enum APIPaging: Sendable, Equatable {
    /// `?limit=&offset=`, answered with `{<items>: [...], pagination: {offset, limit, hasMore}}`
    /// (InterlinedList).
    case offsetHasMore
    /// `?limit=&offset=`, answered with `{data: {items: [...], total, limit, offset}}` (JQC).
    case offsetTotal
    /// `?limit=&skip=`, answered with `{data: [...]}`; a page shorter than `limit` is the last
    /// (MCMS). `pageSize` is the `limit` sent when the PATH gives none.
    case limitSkip(pageSize: Int)
}
