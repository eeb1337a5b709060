/// The parts of an absolute http(s) URL the core looks at: scheme, host, port and path.
///
/// A deliberately small parser: it runs several times per request (validation, cookie
/// matching, origin checks), where `URLComponents` with its IDNA handling cost more than the
/// rest of the request's CPU time. Hosts here are ASCII names or IP literals.
struct URLParts: Sendable, Equatable {
    var scheme: String
    var host: String
    var port: Int?
    /// The path as it appears in the URL (still percent-encoded); `/` when empty.
    var path: String

    /// Whether the host is this machine (`localhost`, 127.0.0.0/8, ::1): plain http to it
    /// never crosses a network.
    var isLoopback: Bool {
        host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host.hasPrefix("127.")
    }

    init?(_ url: String) {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            return nil
        }
        scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        let authorityStart = colon + 3
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count, !Self.endsAuthority(bytes[authorityEnd]) { authorityEnd += 1 }
        var pathEnd = authorityEnd
        while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
        path = pathEnd > authorityEnd ? String(decoding: bytes[authorityEnd..<pathEnd], as: UTF8.self) : "/"

        var hostStart = authorityStart
        if let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) { hostStart = at + 1 }
        var hostEnd = authorityEnd
        var portStart: Int?
        if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") {
            guard let close = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]")) else { return nil }
            host = String(decoding: bytes[(hostStart + 1)..<close], as: UTF8.self).lowercased()
            if close + 1 < authorityEnd, bytes[close + 1] == UInt8(ascii: ":") { portStart = close + 2 }
        } else {
            if let portColon = bytes[hostStart..<authorityEnd].lastIndex(of: UInt8(ascii: ":")) {
                hostEnd = portColon
                portStart = portColon + 1
            }
            host = String(decoding: bytes[hostStart..<hostEnd], as: UTF8.self).lowercased()
        }
        guard !host.isEmpty else { return nil }
        if let portStart, portStart < authorityEnd {
            guard let port = Int(String(decoding: bytes[portStart..<authorityEnd], as: UTF8.self)), (0...65535).contains(port) else {
                return nil
            }
            self.port = port
        }
    }

    var isHTTP: Bool { scheme == "http" || scheme == "https" }

    var effectivePort: Int? {
        if let port { return port }
        switch scheme {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }

    /// `host:port` when a port is given, for messages.
    var hostAndPort: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(shown):\($0)" } ?? shown
    }

    func sameOrigin(as other: URLParts) -> Bool {
        scheme == other.scheme && host == other.host && effectivePort == other.effectivePort
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}
