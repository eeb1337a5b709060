/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// Methods RFC 9110 defines as idempotent: repeating them cannot do more harm than sending once.
    public var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE": return true
        default: return false
        }
    }

    /// Whether a redirect answer to this method is followed. Only safe reads are: following a
    /// 302 for a POST would either replay the body or silently turn it into a GET.
    var followsRedirects: Bool {
        rawValue == "GET" || rawValue == "HEAD"
    }

    public var description: String { rawValue }
}
