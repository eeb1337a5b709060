import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `fieldops doctor`'s look at one profile's server, a layer at a time, so that the first
/// failing layer is the one named: the name resolves, a TCP connection opens, TLS verifies
/// (against `http.ca_file` and the system store), HTTP answers, and the server's clock agrees.
struct NetworkProbe {
    var section: String
    var profile: Profile
    var now: @Sendable () -> Date = { Date() }

    /// Clock differences up to this many seconds are fine; beyond it notification cursors and
    /// token expiry go wrong in ways that are hard to see.
    static let clockTolerance: Double = 60
    /// A certificate that expires within this many days is a warning.
    static let expiryWarningDays = 30

    /// Every layer's check; stops after the first layer that fails, since the next cannot work.
    func run() async -> (checks: [DoctorCheck], reachable: Bool) {
        guard let url = URLParts(profile.baseURL), url.scheme == "http" || url.scheme == "https" else {
            return (
                [
                    .failure(
                        section, "base_url", "\(profile.baseURL) is not an http(s) URL",
                        fix: "set base_url in \(profile.origin) to the server's https:// address")
                ], false
            )
        }
        let port = url.port ?? (url.scheme == "https" ? 443 : 80)
        var checks: [DoctorCheck] = []
        let proxy = profile.http.proxy ?? Self.environmentProxy(scheme: url.scheme, host: url.host)
        if let proxy {
            checks.append(.ok(section, "proxy", "requests go through \(Self.withoutCredentials(proxy)); DNS and TCP are the proxy's"))
        } else {
            let addresses: [Endpoint]
            switch Self.resolve(host: url.host, port: port) {
            case .failure(let reason):
                checks.append(
                    .failure(
                        section, "DNS", "\(url.host) does not resolve: \(reason)",
                        fix: "check the host name in base_url (\(profile.origin)) and the network's DNS"))
                return (checks, false)
            case .success(let found):
                addresses = found
                checks.append(
                    .ok(
                        section, "DNS",
                        found.map(\.text) == [url.host]
                            ? "\(url.host) is an address (nothing to resolve)"
                            : "\(url.host) → " + found.prefix(3).map(\.text).joined(separator: ", ")))
            }
            let timeout = min(profile.http.connectTimeout, profile.http.timeout)
            var failures: [String] = []
            var connected: Endpoint?
            for address in addresses.prefix(3) {
                if let reason = Self.connect(address, timeout: timeout) {
                    failures.append("\(address.text): \(reason)")
                } else {
                    connected = address
                    break
                }
            }
            guard let connected else {
                checks.append(
                    .failure(
                        section, "TCP", "cannot connect to port \(port): " + failures.joined(separator: "; "),
                        fix: "is the server up and listening on \(url.host):\(port)? check base_url's port and any firewall"))
                return (checks, false)
            }
            checks.append(.ok(section, "TCP", "connected to \(connected.text) port \(port)"))
        }
        let (httpChecks, reachable) = await http(url: url)
        return (checks + httpChecks, reachable)
    }

    /// One HEAD of the base URL on a fresh connection: TLS, protocol and the server's clock.
    private func http(url: URLParts) async -> ([DoctorCheck], Bool) {
        var checks: [DoctorCheck] = []
        let trust = profile.http.caFile.map { "http.ca_file \($0) and the system store" } ?? "the system store"
        let response: HTTPResponse
        do {
            let session = try HTTPSession(settings: profile.http, version: FieldOpsVersion.current, maxConcurrentTransfers: 1)
            var request = HTTPRequest(.head, baseURL: profile.baseURL)
            request.collectsCertificates = true
            let asked = now()
            response = try await session.send(request)
            let answered = now()
            if url.scheme == "https" {
                checks += tlsChecks(response.certificates, trust: trust, now: answered)
            } else if url.isLoopback {
                checks.append(.ok(section, "TLS", "none: plain http to a loopback address, which never crosses a network"))
            } else if LoginTransport.allowsInsecureHTTP(profile) {
                checks.append(
                    .warning(
                        section, "TLS",
                        "base_url is plain http and \(ProfileKey.allowInsecureHTTP) is set: passwords and tokens cross the network readable",
                        fix: "use the server's https:// address in base_url and remove \(ProfileKey.allowInsecureHTTP)"))
            } else {
                checks.append(
                    .failure(
                        section, "TLS",
                        "base_url is plain http to a host that is not loopback: `auth login` refuses to send a password there",
                        fix: "use the server's https:// address in base_url (\(profile.origin))"))
            }
            checks.append(.ok(section, "HTTP", "HTTP/\(response.httpVersion) (HEAD \(url.path) answered \(response.status))"))
            checks.append(clockCheck(response.headers["Date"], asked: asked, answered: answered))
        } catch {
            checks.append(failure(for: error, url: url, trust: trust))
            return (checks, false)
        }
        return (checks, true)
    }

    private func tlsChecks(_ certificates: [TLSCertificate], trust: String, now: Date) -> [DoctorCheck] {
        guard let leaf = certificates.first else {
            return [.ok(section, "TLS", "verified against \(trust)")]
        }
        var checks = [DoctorCheck.ok(section, "TLS", "verified against \(trust); issued by \(leaf.issuer.map(Self.commonName) ?? "?")")]
        guard let expires = leaf.expires else {
            checks.append(.warning(section, "certificate", "expiry date unreadable (\(leaf.fields["Expire date"] ?? "absent"))", fix: nil))
            return checks
        }
        let days = Int((expires.timeIntervalSince(now) / 86_400).rounded(.down))
        let subject = leaf.subject.map(Self.commonName) ?? "the server"
        if expires <= now {
            checks.append(
                .failure(
                    section, "certificate", "\(subject) expired on \(Self.iso(expires))",
                    fix: "the server's administrator must renew its certificate"))
        } else if days < Self.expiryWarningDays {
            checks.append(
                .warning(
                    section, "certificate", "\(subject) expires in \(days) day\(days == 1 ? "" : "s") (\(Self.iso(expires)))",
                    fix: "ask the server's administrator to renew its certificate before then"))
        } else {
            checks.append(.ok(section, "certificate", "\(subject) valid for \(days) more days"))
        }
        return checks
    }

    /// The server's `Date` against this machine's clock, allowing for the request's own time.
    private func clockCheck(_ header: String?, asked: Date, answered: Date) -> DoctorCheck {
        guard let header, let server = HTTPDate.parse(header) else {
            return .warning(section, "server clock", "the server sent no Date header; its clock cannot be compared", fix: nil)
        }
        let midpoint = asked.addingTimeInterval(answered.timeIntervalSince(asked) / 2)
        // Date has whole seconds: allow the one second it cannot show.
        var skew = server.timeIntervalSince(midpoint)
        skew = abs(skew) <= 1 ? 0 : skew
        let amount = DurationText.spoken(abs(skew))
        if abs(skew) > Self.clockTolerance {
            let side = skew > 0 ? "ahead of" : "behind"
            return .warning(
                section, "server clock", "the server's clock is \(amount) \(side) this machine's",
                fix:
                    "set this machine's clock right (timedatectl set-ntp true); if it is right, the server's is off: notification times and token expiry will be off by as much"
            )
        }
        return .ok(section, "server clock", skew == 0 ? "agrees with this machine's" : "within \(amount) of this machine's")
    }

    private func failure(for error: any Error, url: URLParts, trust: String) -> DoctorCheck {
        guard let error = error as? HTTPError else {
            return .failure(section, "HTTP", error.summaryText, fix: nil)
        }
        switch error {
        case .tls(_, let reason):
            let lowered = reason.lowercased()
            if lowered.contains("expired") {
                return .failure(
                    section, "TLS", "the server's certificate has expired (\(reason))",
                    fix: "the server's administrator must renew its certificate")
            }
            return .failure(
                section, "TLS", "not trusted by \(trust): \(reason)",
                fix: profile.http.caFile == nil
                    ? "if \(url.host) uses its own certificate authority, set http.ca_file in \(profile.origin) to that CA's PEM file"
                    : "http.ca_file \(profile.http.caFile!) is not the CA that signed \(url.host)'s certificate: point it at the right PEM file"
            )
        case .unreadableFile(let path, _):
            return .failure(
                section, "TLS", "http.ca_file \(path) cannot be read",
                fix: "fix the path in \(profile.origin) or make the file readable")
        default:
            return .failure(section, "HTTP", error.summary, fix: error.hint)
        }
    }

    // MARK: Sockets

    struct Endpoint {
        var family: Int32
        var address: [UInt8]
        var text: String
    }

    static func resolve(host: String, port: Int) -> Result<[Endpoint], ProbeFailure> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &list)
        guard code == 0, let first = list else {
            return .failure(ProbeFailure(String(cString: gai_strerror(code))))
        }
        defer { freeaddrinfo(first) }
        var endpoints: [Endpoint] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let item = node {
            if let address = item.pointee.ai_addr {
                let length = Int(item.pointee.ai_addrlen)
                let bytes = Array(UnsafeRawBufferPointer(start: address, count: length))
                var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
                getnameinfo(address, item.pointee.ai_addrlen, &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST)
                let text = String(cBuffer: name)
                if !endpoints.contains(where: { $0.text == text }) {
                    endpoints.append(Endpoint(family: item.pointee.ai_family, address: bytes, text: text))
                }
            }
            node = item.pointee.ai_next
        }
        return endpoints.isEmpty ? .failure(ProbeFailure("no addresses")) : .success(endpoints)
    }

    /// nil when a TCP connection opened within `timeout`; otherwise the reason.
    static func connect(_ endpoint: Endpoint, timeout: Double) -> String? {
        let fd = socket(endpoint.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        let started = endpoint.address.withUnsafeBytes { raw in
            Glibc.connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if started == 0 { return nil }
        guard errno == EINPROGRESS else { return String(cString: strerror(errno)) }
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let milliseconds = Int32(min(max(timeout, 0.05), 600) * 1000)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready == 0 { return "no answer within \(HTTPError.format(timeout))s" }
        if ready < 0 { return String(cString: strerror(errno)) }
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
        return code == 0 ? nil : String(cString: strerror(code))
    }

    struct ProbeFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The proxy libcurl will use for this URL from the environment, unless `no_proxy` exempts
    /// the host (loopback always is, as in the HTTP core).
    static func environmentProxy(scheme: String, host: String) -> String? {
        let environment = ProcessInfo.processInfo.environment
        func value(_ name: String) -> String? {
            (environment[name] ?? environment[name.uppercased()]).flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let proxy = value("\(scheme)_proxy") ?? value("all_proxy") else { return nil }
        if ["localhost", "127.0.0.1", "::1"].contains(host) { return nil }
        let exempt = (value("no_proxy") ?? "").split(separator: ",").map { $0.trimmingSpaces() }
        if exempt.contains(where: { $0 == "*" || host == $0 || host.hasSuffix($0.hasPrefix(".") ? $0 : "." + $0) }) { return nil }
        return proxy
    }

    static func commonName(_ distinguished: String) -> String {
        for part in distinguished.split(separator: ",") {
            let trimmed = part.trimmingSpaces()
            if trimmed.hasPrefix("CN=") || trimmed.hasPrefix("CN = ") {
                return String(trimmed.drop(while: { $0 != "=" }).dropFirst()).trimmingSpaces()
            }
        }
        return distinguished
    }

    static func iso(_ date: Date) -> String {
        Timestamp.isoUTC(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// A proxy URL without any `user:password@` it carries.
    static func withoutCredentials(_ url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://"), let at = url[schemeEnd.upperBound...].firstIndex(of: "@") else { return url }
        return String(url[..<schemeEnd.upperBound]) + "…@" + String(url[url.index(after: at)...])
    }
}
