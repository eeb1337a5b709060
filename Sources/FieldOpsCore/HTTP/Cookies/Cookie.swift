import FoundationEssentials

/// One stored cookie, with the attributes RFC 6265 §5.3 keeps.
public struct Cookie: Sendable, Equatable, Codable {
    public var name: String
    public var value: String
    /// The domain, lower-cased, without a leading dot.
    public var domain: String
    /// True when the server sent no `Domain` attribute: then only this exact host gets it back.
    public var hostOnly: Bool
    public var path: String
    public var secure: Bool
    public var httpOnly: Bool
    /// Nil for a session cookie. The keyring keeps session cookies too: a CLI "session" spans
    /// many processes.
    public var expires: Date?
    public var created: Date
    /// The port of the origin that set it: it goes back to that port only, never to another
    /// service on the same host (stricter than RFC 6265, which ignores ports). Nil for a cookie
    /// stored before ports were recorded; it keeps matching any port until the next login.
    public var port: Int?

    public init(
        name: String, value: String, domain: String, hostOnly: Bool = true, path: String = "/", secure: Bool = false,
        httpOnly: Bool = false, expires: Date? = nil, created: Date = Date()
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.hostOnly = hostOnly
        self.path = path
        self.secure = secure
        self.httpOnly = httpOnly
        self.expires = expires
        self.created = created
    }

    func isExpired(at now: Date) -> Bool {
        if let expires { return expires <= now }
        return false
    }

    /// RFC 6265 §5.4: whether this cookie goes with a request to `url`.
    func matches(_ url: CookieURL, at now: Date) -> Bool {
        if isExpired(at: now) { return false }
        if secure && !url.isSecure { return false }
        if let port, port != url.port { return false }
        if hostOnly {
            if url.host != domain { return false }
        } else if !Cookie.domainMatches(host: url.host, domain: domain) {
            return false
        }
        return Cookie.pathMatches(requestPath: url.path, cookiePath: path)
    }

    /// §5.1.3: the host equals the domain, or ends with "." + domain and is not an IP address.
    static func domainMatches(host: String, domain: String) -> Bool {
        if host == domain { return true }
        return host.hasSuffix("." + domain) && !CookieURL.isIPAddress(host)
    }

    /// §5.1.4: the cookie path is the request path, or a prefix of it ending at a `/`.
    static func pathMatches(requestPath: String, cookiePath: String) -> Bool {
        if requestPath == cookiePath { return true }
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return cookiePath.hasSuffix("/") || requestPath.dropFirst(cookiePath.count).hasPrefix("/")
    }

    /// §5.1.4: the directory of the request path, used when `Path` is absent or invalid.
    static func defaultPath(for requestPath: String) -> String {
        guard requestPath.hasPrefix("/"), let slash = requestPath.lastIndex(of: "/"), slash != requestPath.startIndex else {
            return "/"
        }
        return String(requestPath[..<slash])
    }
}

/// The parts of a request URL the cookie rules look at.
struct CookieURL: Sendable, Equatable {
    var host: String
    var path: String
    var isSecure: Bool
    /// The effective port: the URL's, else the scheme's default.
    var port: Int

    init?(_ url: String) {
        guard let parts = URLParts(url) else { return nil }
        self.init(parts)
    }

    init(_ parts: URLParts) {
        host = parts.host
        path = parts.path
        isSecure = parts.scheme == "https"
        port = parts.port ?? (isSecure ? 443 : 80)
    }

    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }
}
