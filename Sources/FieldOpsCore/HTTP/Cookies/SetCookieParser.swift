import FoundationEssentials

/// Parses one `Set-Cookie` header into a `Cookie`, applying RFC 6265 §5.2–5.3 storage rules.
enum SetCookieParser {
    /// Returns nil when the header is malformed or the rules say to ignore the cookie
    /// (foreign domain, a `__Host-`/`__Secure-` name breaking its prefix rules, a `Secure`
    /// cookie from a plain-HTTP origin).
    static func parse(_ header: String, from url: CookieURL, at now: Date) -> Cookie? {
        var pieces = header.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard !pieces.isEmpty else { return nil }
        let pair = pieces.removeFirst()
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingSpaces()
        let value = pair[pair.index(after: equals)...].trimmingSpaces()
        guard !name.isEmpty else { return nil }

        var cookie = Cookie(
            name: name, value: value, domain: url.host, hostOnly: true, path: Cookie.defaultPath(for: url.path), created: now)
        cookie.port = url.port
        var maxAge: Date?
        var expires: Date?
        var sawPath = false
        var domainAttribute: String?
        for piece in pieces {
            let parts = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
            guard let key = parts.first?.lowercased(), !key.isEmpty else { continue }
            let argument = parts.count > 1 ? parts[1] : ""
            switch key {
            case "expires":
                expires = HTTPDate.parse(argument)
            case "max-age":
                // A non-number is ignored; zero or less means "already expired".
                if let seconds = Int(argument) {
                    maxAge = seconds <= 0 ? Date(timeIntervalSince1970: 0) : now.addingTimeInterval(Double(seconds))
                }
            case "domain":
                var domain = argument.lowercased()
                if domain.hasPrefix(".") { domain.removeFirst() }
                if !domain.isEmpty { domainAttribute = domain }
            case "path":
                if argument.hasPrefix("/") {
                    cookie.path = argument
                    sawPath = true
                }
            case "secure":
                cookie.secure = true
            case "httponly":
                cookie.httpOnly = true
            default:
                break  // SameSite and unknown attributes do not matter to a command-line client.
            }
        }
        cookie.expires = maxAge ?? expires

        if let domain = domainAttribute {
            guard Cookie.domainMatches(host: url.host, domain: domain) else { return nil }
            // §5.3 step 5: a public suffix ("co.uk", "com") would reach every host under it, so
            // it is refused unless it is the host itself, which then gets a host-only cookie.
            if domain == url.host {
                cookie.hostOnly = true
            } else if PublicSuffix.cookieDomainAcceptable(host: url.host, domain: domain) {
                cookie.domain = domain
                cookie.hostOnly = false
            } else {
                return nil
            }
        }
        if cookie.secure && !url.isSecure { return nil }
        if name.hasPrefix("__Secure-") && !(cookie.secure && url.isSecure) { return nil }
        if name.hasPrefix("__Host-") {
            // RFC 6265bis §4.1.3.2: Secure, from a secure origin, no Domain, Path=/.
            guard cookie.secure, url.isSecure, domainAttribute == nil, sawPath, cookie.path == "/" else { return nil }
        }
        return cookie
    }
}
