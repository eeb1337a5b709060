internal import CPSL

/// The public-suffix list (libpsl): which `Domain=` attributes a cookie may carry.
enum PublicSuffix {
    /// Whether a cookie from `host` may be stored for `domain` (a suffix of the host that is not
    /// a public suffix such as `co.uk`). Without libpsl on the machine, the old stand-in rule
    /// applies: a domain of two labels or more.
    static func cookieDomainAcceptable(host: String, domain: String) -> Bool {
        switch fieldops_psl_cookie_domain_acceptable(host, domain) {
        case 1: return true
        case 0: return false
        default: return domain.contains(".")
        }
    }

    /// The loaded libpsl's version, nil when it cannot be loaded.
    static var version: String? {
        fieldops_psl_version().map { String(cString: $0) }
    }
}
