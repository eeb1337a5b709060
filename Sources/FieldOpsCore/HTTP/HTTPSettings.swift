/// Per-profile transport settings: the `http:` block of a profile (or of the whole config).
///
/// Shared by the configuration loader, which fills it from YAML, and the HTTP core, which obeys it.
public struct HTTPSettings: Sendable, Equatable {
    /// Which HTTP version to negotiate. `.http11` exists for appliances that misbehave over HTTP/2.
    public enum Version: String, Sendable, Equatable, CaseIterable {
        case auto
        case http11 = "1.1"
        case http2 = "2"
    }

    public var version: Version
    /// A PEM file of extra trusted CA certificates; system trust is used as well. Verification is never off.
    public var caFile: String?
    /// Total time allowed for one request, in seconds.
    public var timeout: Double
    /// Time allowed to establish a connection, in seconds.
    public var connectTimeout: Double
    /// How many times a failed idempotent request is retried.
    public var retries: Int
    /// An explicit proxy URL; when nil the standard environment variables apply.
    public var proxy: String?

    public init(
        version: Version = .auto,
        caFile: String? = nil,
        timeout: Double = 30,
        connectTimeout: Double = 10,
        retries: Int = 2,
        proxy: String? = nil
    ) {
        self.version = version
        self.caFile = caFile
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.retries = retries
        self.proxy = proxy
    }

    public static let defaults = HTTPSettings()
}
