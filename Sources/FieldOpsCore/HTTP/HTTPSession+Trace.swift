import FoundationEssentials

/// The verbose trace (`-v`): one line per event, secrets redacted by `HTTPTraceRedaction`.
extension HTTPSession {
    func traceRequest(_ request: HTTPRequest, url: String) {
        guard let trace else { return }
        trace("> \(request.method) \(HTTPTraceRedaction.url(url))")
        for field in request.headers { trace(HTTPTrace.headerLine(">", field)) }
        if !request.headers.contains("Cookie"), cookies.cookieHeader(for: url) != nil { trace("> Cookie: <redacted>") }
        switch request.body {
        case .json(let data):
            if let line = HTTPTrace.bodyLine(">", data, contentType: "application/json") { trace(line) }
        case .bytes(let data, let type):
            if let line = HTTPTrace.bodyLine(">", data, contentType: type) { trace(line) }
        case .file(let path, _):
            trace("> (body streamed from \(path))")
        case .multipart(let form):
            trace("> (multipart form, \(Noun.count(form.parts.count, "part")))")
        case .none:
            break
        }
    }

    func traceResponse(_ response: HTTPResponse, elapsed: Double) {
        guard let trace else { return }
        trace("< HTTP/\(response.httpVersion) \(response.status) (\(HTTPTrace.milliseconds(elapsed)), \(response.body.count) bytes)")
        for field in response.headers { trace(HTTPTrace.headerLine("<", field)) }
        if let line = HTTPTrace.bodyLine("<", response.body, contentType: response.headers["Content-Type"]) { trace(line) }
    }
}
