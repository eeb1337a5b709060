internal import CCurl
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A libcurl failure classified into what a person (and the retry policy) needs to know.
struct TransferFailure: Error, Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case resolve, connect, tls, timeout, connectionLost, tooLarge, readFile, invalidURL, other
    }

    var kind: Kind
    var error: HTTPError

    /// Connection-level failures where sending the same request again may well succeed.
    /// A name that does not resolve or a certificate that does not verify will not change.
    var isTransient: Bool {
        kind == .connect || kind == .connectionLost
    }

    /// The server was never reached: its name did not resolve or nothing accepted the connection
    /// (refused, no route), so no request reached it and nothing on it changed.
    var isUnreachable: Bool {
        kind == .resolve || kind == .connect
    }

    init(kind: Kind, error: HTTPError) {
        self.kind = kind
        self.error = error
    }

    /// - Parameter osErrno: the system's error of the failed connect (`CURLINFO_OS_ERRNO`), which
    ///   tells "connection refused" from "no route to host" where libcurl 7.88 says only
    ///   "Couldn't connect to server".
    init(code: CURLcode, message: String, url: String, exceededLimit: Bool, sizeLimit: Int, osErrno: Int32 = 0) {
        let reason = Self.reason(code: code, message: message)
        let host = Self.hostAndPort(of: url)
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            kind = .resolve
            error = .cannotConnect(host: host, reason: "the host name does not resolve (offline?)")
        case CURLE_COULDNT_CONNECT:
            kind = .connect
            error = .cannotConnect(host: host, reason: Self.connectCause(osErrno).map { "\($0) [curl \(code.rawValue)]" } ?? reason)
        case CURLE_OPERATION_TIMEDOUT:
            kind = .timeout
            error = .timedOut(url: url, seconds: 0)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_INITFAILED:
            kind = .tls
            error = .tls(host: host, reason: reason)
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2,
            CURLE_HTTP2_STREAM, CURLE_HTTP3:
            kind = .connectionLost
            error = .connectionLost(url: url, reason: reason)
        case CURLE_WRITE_ERROR where exceededLimit, CURLE_FILESIZE_EXCEEDED:
            kind = .tooLarge
            error = .responseTooLarge(url: url, limit: sizeLimit)
        case CURLE_READ_ERROR:
            kind = .readFile
            error = .transport(url: url, reason: "the file being uploaded could not be read (\(reason))")
        case CURLE_OUT_OF_MEMORY:
            // What libcurl reports for a header block over its 100 KB limit ("Avoided giant
            // realloc for header"); a real shortage of memory would not get this far.
            kind = .other
            error = .transport(
                url: url,
                reason:
                    "the server's response headers are larger than the 100 KB libcurl accepts (it reports \"out of memory\"): this is not the service's normal answer; check base_url, or a proxy in between"
            )
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            kind = .invalidURL
            error = .invalidURL(url)
        default:
            kind = .other
            error = .transport(url: url, reason: reason)
        }
    }

    /// libcurl's specific message when it wrote one, its generic one otherwise, and the code
    /// last so that a bug report can quote it.
    private static func reason(code: CURLcode, message: String) -> String {
        let generic = String(cString: fieldops_curl_easy_strerror(code))
        let text = message.isEmpty ? generic : message
        return "\(text) [curl \(code.rawValue)]"
    }

    /// A failed connect in the words `connect(2)`'s errors mean; nil for one without a plain name.
    static func connectCause(_ osErrno: Int32) -> String? {
        switch osErrno {
        case ECONNREFUSED: return "connection refused"
        case EHOSTUNREACH: return "no route to host"
        case ENETUNREACH: return "the network is unreachable"
        case ETIMEDOUT: return "the connection timed out"
        default: return nil
        }
    }

    static func hostAndPort(of url: String) -> String {
        URLParts(url)?.hostAndPort ?? url
    }
}
