import FoundationEssentials

/// What a failed TLS handshake comes to, told from libcurl's words (OpenSSL's verification
/// messages), so the fix fits the cause: `http.ca_file` makes a private certificate authority
/// trusted, and fixes neither an expired certificate nor one issued for another name.
enum TLSProblem: Equatable {
    /// The certificate's end date has passed (or this machine's clock is ahead).
    case expired
    /// Its start date is still to come (or this machine's clock is behind).
    case notYetValid
    /// It was issued for other names than the one in base_url.
    case nameMismatch
    /// Signed by an authority this machine does not trust (a private CA, a self-signed one).
    case untrusted
    /// Anything else (a protocol or cipher failure): libcurl's words alone.
    case other

    init(reason: String) {
        let text = reason.lowercased()
        if text.contains("certificate has expired") {
            self = .expired
        } else if text.contains("not yet valid") {
            self = .notYetValid
        } else if text.contains("subject name") || text.contains("hostname mismatch") || text.contains("does not match target host") {
            self = .nameMismatch
        } else if text.contains("self-signed") || text.contains("self signed") || text.contains("unable to get local issuer")
            || text.contains("unknown ca") || text.contains("unable to get issuer")
        {
            self = .untrusted
        } else {
            self = .other
        }
    }

    /// The summary's cause: the plain words first, libcurl's after them.
    func cause(reason: String, now: Date = Date()) -> String {
        let today = String(Timestamp.isoUTC(milliseconds: Int64(now.timeIntervalSince1970 * 1000)).prefix(10))
        switch self {
        case .expired:
            return "its certificate has expired (this machine's date is \(today)) — \(reason)"
        case .notYetValid:
            return "its certificate is not valid yet (this machine's date is \(today)) — \(reason)"
        case .nameMismatch:
            return "its certificate was issued for another name — \(reason)"
        case .untrusted:
            return "its certificate is signed by an authority this machine does not trust — \(reason)"
        case .other:
            return reason
        }
    }

    func hint(host: String) -> String {
        let name = host.split(separator: ":").first.map(String.init) ?? host
        switch self {
        case .expired:
            return
                "the server's administrators must renew its certificate; if this machine's date is wrong, set it (`timedatectl set-ntp true`). http.ca_file cannot fix an expired certificate"
        case .notYetValid:
            return
                "if this machine's date is wrong, set it (`timedatectl set-ntp true`); otherwise the server's certificate starts later than it should. http.ca_file cannot fix this"
        case .nameMismatch:
            return
                "use the host name the certificate is issued for in base_url (`fieldops doctor` shows the names once it connects); \(name) is not among them. http.ca_file cannot fix a name mismatch"
        case .untrusted, .other:
            return "if \(host) uses its own certificate authority, set http.ca_file in the profile to that CA's PEM file"
        }
    }
}
