import FieldOpsCore

/// Every JQC API path the client uses, in one table: a deployment that differs is one edit here.
///
/// Paths are segments under the API root (`<base_url>/api/v1`); ids are filled in by the
/// functions below so a caller never builds a path by string concatenation.
public struct JQCEndpoint: Sendable, Equatable, CustomStringConvertible {
    public var method: HTTPMethod
    public var path: [String]
    /// False only for the calls that obtain a token in the first place.
    public var needsToken: Bool

    init(_ method: HTTPMethod, _ path: [String], needsToken: Bool = true) {
        self.method = method
        self.path = path
        self.needsToken = needsToken
    }

    /// The API root below the profile's `base_url`.
    public static let apiRoot = ["api", "v1"]

    // MARK: Auth
    public static let login = JQCEndpoint(.post, ["auth", "login"], needsToken: false)
    public static let refresh = JQCEndpoint(.post, ["auth", "refresh"], needsToken: false)
    public static let logout = JQCEndpoint(.post, ["auth", "logout"])
    public static let me = JQCEndpoint(.get, ["auth", "me"])

    // MARK: Reference data
    public static let facilities = JQCEndpoint(.get, ["facilities"])
    public static let areas = JQCEndpoint(.get, ["areas"])
    public static let templates = JQCEndpoint(.get, ["templates"])

    // MARK: Outbox and pulls
    public static let createInspection = JQCEndpoint(.post, ["inspections"])
    public static let listInspections = JQCEndpoint(.get, ["inspections"])
    public static func inspection(_ id: Int) -> JQCEndpoint { JQCEndpoint(.get, ["inspections", String(id)]) }
    public static let createIssue = JQCEndpoint(.post, ["issues"])
    public static let listIssues = JQCEndpoint(.get, ["issues"])
    public static func issue(_ id: Int) -> JQCEndpoint { JQCEndpoint(.get, ["issues", String(id)]) }
    public static func issueStatus(_ id: Int) -> JQCEndpoint { JQCEndpoint(.patch, ["issues", String(id), "status"]) }
    public static let uploadPhoto = JQCEndpoint(.post, ["photos", "upload"])
    public static let notifications = JQCEndpoint(.get, ["notifications"])
    public static let markNotificationsRead = JQCEndpoint(.patch, ["notifications", "mark-read"])

    /// The one record the route names (`issue 12`), for "no issue 12 on site-a"; nil for collections.
    public var subject: String? {
        guard path.count >= 2, let id = Int(path[1]) else { return nil }
        switch path[0] {
        case "inspections": return "inspection \(id)"
        case "issues": return "issue \(id)"
        default: return nil
        }
    }

    /// `POST /inspections`, `/issues` and `/photos/upload` are deduplicated by the server on
    /// `local_id`, so the HTTP core may resend them after a lost answer.
    public var isDeduplicatedByServer: Bool {
        self == .createInspection || self == .createIssue || self == .uploadPhoto
    }

    /// `GET /api/v1/facilities`, for messages and traces.
    public var description: String { "\(method) /" + (JQCEndpoint.apiRoot + path).joined(separator: "/") }

    /// The API root for a profile's `base_url`, which may already end in `/api/v1`.
    public static func apiBase(for baseURL: String) -> String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let suffix = "/" + apiRoot.joined(separator: "/")
        return base.hasSuffix(suffix) ? base : base + suffix
    }

    /// A server photo path (`uploads/photos/x.jpg`) as a URL: `base_url + "/" + path`.
    public static func photoURL(baseURL: String, path: String) -> String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let api = "/" + apiRoot.joined(separator: "/")
        if base.hasSuffix(api) { base.removeLast(api.count) }
        return base + "/" + path
    }
}
