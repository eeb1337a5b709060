internal import CCurl
import FoundationEssentials

/// The session-wide part of every transfer: profile settings, identity, and shared caches.
struct TransferConfiguration: Sendable {
    var settings: HTTPSettings
    var userAgent: String
    var maxResponseBytes: Int
    /// Extra PEM bytes replacing the CA bundle, used only when libcurl has no CA directory to
    /// keep system trust alongside `ca_file` (see `trust(for:)`).
    var trustBlob: Data?
    let share: CurlShareBox?
    /// Hosts never reached through a proxy: the environment's `no_proxy` plus loopback, so a
    /// proxy set for the field never captures local emulators and tunnels.
    var noProxy: String

    init(settings: HTTPSettings, userAgent: String, maxResponseBytes: Int) throws(HTTPError) {
        self.settings = settings
        self.userAgent = userAgent
        self.maxResponseBytes = maxResponseBytes
        trustBlob = try Self.trust(for: settings.caFile)
        share = CurlShareBox()
        let configured = Self.variable("no_proxy") ?? Self.variable("NO_PROXY") ?? ""
        noProxy = ([configured, "localhost", "127.0.0.1", "::1"].filter { !$0.isEmpty }).joined(separator: ",")
    }

    var curlHTTPVersion: Int {
        switch settings.version {
        // HTTP/2 where TLS negotiates it (ALPN), HTTP/1.1 in clear text.
        case .auto: return Int(CURL_HTTP_VERSION_2TLS)
        case .http11: return Int(CURL_HTTP_VERSION_1_1)
        case .http2: return Int(CURL_HTTP_VERSION_2_0)
        }
    }

    /// `ca_file` adds to system trust rather than replacing it. Setting CAINFO to the file
    /// keeps the system's CA *directory* (CAPATH) in force; when this libcurl has none, the
    /// system bundle and the file are joined into one in-memory bundle instead.
    private static func trust(for caFile: String?) throws(HTTPError) -> Data? {
        guard let caFile else { return nil }
        guard let extra = FileManager.default.contents(atPath: caFile) else {
            throw HTTPError.unreadableFile(path: caFile, reason: "the http.ca_file cannot be read")
        }
        let system = CurlGlobal.defaultTrust
        if system.caPath != nil { return nil }
        var bundle = system.caInfo.flatMap { FileManager.default.contents(atPath: $0) } ?? Data()
        bundle.append(0x0A)
        bundle.append(extra)
        return bundle
    }

    /// A variable of the process environment (libcurl reads the proxy variables from there too).
    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Makes the share handle travel inside the `Sendable` configuration.
///
/// Safe because Swift never touches the handle after `init`: it is only passed to
/// `curl_easy_setopt(CURLOPT_SHARE)`, and libcurl serialises every use of the shared data
/// through the lock callbacks `CurlShare` installs.
final class CurlShareBox: @unchecked Sendable {
    let share: CurlShare

    init?() {
        guard let share = CurlShare() else { return nil }
        self.share = share
    }
}
