import FoundationEssentials

/// What the server answered: status, headers and the whole body (bounded by the size cap).
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data
    /// The URL that produced this answer (after redirects).
    public var url: String
    /// The method of the request that produced this answer.
    public var method: HTTPMethod
    /// The protocol spoken: `"1.1"`, `"2"`, or `"1.0"`.
    public var httpVersion: String
    /// The server's certificate chain, leaf first, when the request asked for it over TLS.
    public var certificates: [TLSCertificate] = []

    public init(
        status: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: String, method: HTTPMethod = .get, httpVersion: String = "1.1"
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.method = method
        self.httpVersion = httpVersion
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Throws `HTTPError.status` with the server's own message unless the status is 2xx.
    @discardableResult
    public func requireSuccess() throws(HTTPError) -> HTTPResponse {
        guard isSuccess else { throw HTTPError.status(HTTPStatusFailure(self)) }
        return self
    }

    /// Decodes the JSON body after checking the status; a mismatch names the failing key path.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws(HTTPError) -> T {
        try requireSuccess()
        if ServerMessage.looksLikeHTML(body: body, contentType: headers["Content-Type"]) {
            throw HTTPError.decoding(url: url, path: "", reason: "the server answered HTML instead of JSON")
        }
        do {
            return try decoder.decode(T.self, from: body)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw HTTPError.decoding(url: url, path: "", reason: JSONBodyProblem.describe(body, contentType: headers["Content-Type"]))
        } catch let error as DecodingError {
            let (path, reason) = Self.describe(error)
            throw HTTPError.decoding(url: url, path: path, reason: reason)
        } catch {
            throw HTTPError.decoding(url: url, path: "", reason: String(describing: error))
        }
    }

    private static func describe(_ error: DecodingError) -> (path: String, reason: String) {
        switch error {
        case .typeMismatch(let type, let context):
            return (render(context.codingPath), "expected \(type), \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (render(context.codingPath), "expected \(type) but found null")
        case .keyNotFound(let key, let context):
            return (render(context.codingPath + [key]), "missing key \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            return (render(context.codingPath), "the body is not valid JSON (\(context.debugDescription))")
        @unknown default:
            return ("", String(describing: error))
        }
    }

    /// Renders a coding path as `data.items[3].name`.
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}
