import FoundationEssentials

extension HTTPSession {
    /// Headers that carry credentials: never sent on to a different origin.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie", "X-CSRFToken"]

    /// The request to send next when `response` redirects `request`, or nil to stop here.
    ///
    /// Only GET and HEAD follow redirects (libcurl's FOLLOWLOCATION is not used, so this rule
    /// and the credential rule are ours). Moving to another scheme, host or port drops the
    /// caller's credential headers; the jar adds cookies only where they belong.
    func redirect(from request: HTTPRequest, answeredBy response: HTTPResponse) -> HTTPRequest? {
        guard request.method.followsRedirects, [301, 302, 303, 307, 308].contains(response.status),
            let location = response.headers["Location"], !location.isEmpty,
            let base = URL(string: response.url),
            let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            return nil
        }
        var next = request
        next.baseURL = target.absoluteString
        next.path = []
        next.query = []
        if !Self.sameOrigin(response.url, target.absoluteString) {
            for name in Self.credentialHeaders { next.headers.remove(name) }
        }
        trace?("* redirect \(response.status) to \(target.absoluteString)")
        return next
    }

    static func sameOrigin(_ a: String, _ b: String) -> Bool {
        guard let first = URLParts(a), let second = URLParts(b) else { return false }
        return first.sameOrigin(as: second)
    }
}
