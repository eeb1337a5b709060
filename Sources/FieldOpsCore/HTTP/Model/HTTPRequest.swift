import FoundationEssentials

/// One request as a backend describes it: method, where, what to send, and how patient to be.
///
/// The URL is a base URL (kept verbatim, it comes from the profile) plus raw path segments,
/// each percent-encoded exactly once when the URL is built: an OLT id `70:b3:d5:52:31:27`
/// keeps its colons, `a b` becomes `a%20b`, and a `%` inside an id becomes `%25`.
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    public var baseURL: String
    public var path: [String]
    public var query: [QueryItem]
    public var headers: HTTPHeaders
    public var body: HTTPBody
    /// Overrides the session's total timeout for this request, in seconds.
    public var timeout: Double?
    /// Overrides the session's response-size cap for this request, in bytes.
    public var maxResponseBytes: Int?
    /// Whether a failed attempt may be sent again. Defaults to the method's own idempotency;
    /// a caller sets it for a POST the server deduplicates (the JQC outbox keys on `local_id`).
    public var isIdempotent: Bool
    /// Ask libcurl for the server's certificate chain (`HTTPResponse.certificates`); only
    /// `fieldops doctor` needs it, and only a new connection carries it.
    public var collectsCertificates = false

    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(
        _ method: HTTPMethod = .get,
        baseURL: String,
        path: [String] = [],
        query: [QueryItem] = [],
        headers: HTTPHeaders = [:],
        body: HTTPBody = .none,
        timeout: Double? = nil,
        maxResponseBytes: Int? = nil,
        isIdempotent: Bool? = nil
    ) {
        self.method = method
        self.baseURL = baseURL
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.isIdempotent = isIdempotent ?? method.isIdempotent
    }

    /// The full URL: base, then each path segment encoded once, then the query.
    public var url: String {
        var result = baseURL
        if !path.isEmpty {
            while result.hasSuffix("/") { result.removeLast() }
            for segment in path {
                result += "/" + PercentEncoding.pathSegment(segment)
            }
        }
        if !query.isEmpty {
            let encoded = query.map { PercentEncoding.queryComponent($0.name) + "=" + PercentEncoding.queryComponent($0.value) }
            result += (result.contains("?") ? "&" : "?") + encoded.joined(separator: "&")
        }
        return result
    }
}
