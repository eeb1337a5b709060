import FoundationEssentials

/// The HTTP client of one profile: one connection pool, one cookie jar, one set of settings.
///
/// Backends describe requests; the session sends them, reusing connections, following safe
/// redirects, retrying what is safe to retry, and mapping every failure to an `HTTPError`.
/// Any number of tasks may call `send` concurrently; at most `maxConcurrentTransfers` run at
/// once and the rest wait their turn.
public final class HTTPSession: Sendable {
    public let settings: HTTPSettings
    public let cookies: CookieJar
    public let userAgent: String
    public let maxRedirects: Int
    let configuration: TransferConfiguration
    let retryPolicy: RetryPolicy
    let trace: HTTPTraceSink?
    private let engine: TransferEngine

    /// - Parameters:
    ///   - version: the program version, sent as `User-Agent: fieldops/<version>`.
    ///   - maxResponseBytes: the default response-size cap; a larger answer fails cleanly.
    ///   - retryBaseDelay: the first backoff step in seconds; later steps double.
    ///   - trace: receives the verbose trace, secrets redacted.
    public init(
        settings: HTTPSettings = .defaults,
        version: String,
        cookies: CookieJar = CookieJar(),
        maxConcurrentTransfers: Int = 8,
        maxResponseBytes: Int = 64 << 20,
        maxRedirects: Int = 10,
        retryBaseDelay: Double = 0.5,
        trace: HTTPTraceSink? = nil
    ) throws(HTTPError) {
        try CurlGlobal.ensureInitialised()
        self.settings = settings
        self.cookies = cookies
        self.userAgent = "fieldops/\(version)"
        self.maxRedirects = maxRedirects
        self.trace = trace
        configuration = try TransferConfiguration(settings: settings, userAgent: userAgent, maxResponseBytes: maxResponseBytes)
        retryPolicy = RetryPolicy(maxRetries: max(0, settings.retries), baseDelay: retryBaseDelay)
        engine = try TransferEngine(maxInFlight: maxConcurrentTransfers, share: configuration.share)
    }

    deinit {
        engine.shutdown()
    }

    /// Sends `request` and returns the answer, whatever its status (see `requireSuccess()`).
    ///
    /// Throws `HTTPError` for transport failures, and `HTTPError.cancelled` when the task is
    /// cancelled; the transfer is then removed from libcurl before this returns.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        var current = request
        var hops = 0
        while true {
            let response = try await sendRetrying(current)
            guard let next = redirect(from: current, answeredBy: response) else { return response }
            hops += 1
            guard hops <= maxRedirects else { throw HTTPError.tooManyRedirects(url: request.url, limit: maxRedirects) }
            current = next
        }
    }

    // MARK: - Retries

    private func sendRetrying(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        var attempt = 0
        while true {
            let outcome = try await sendOnce(request)
            let delay: Double?
            let because: String
            switch outcome {
            case .success(let response):
                guard request.isIdempotent, attempt < retryPolicy.maxRetries,
                    let wait = retryPolicy.delay(after: response, attempt: attempt)
                else { return response }
                delay = wait
                because = "HTTP \(response.status)"
            case .failure(let failure):
                guard request.isIdempotent, attempt < retryPolicy.maxRetries, failure.isTransient else { throw failure.error }
                if failure.isUnreachable, LocalAnswer.isAvailable {
                    trace?("* no retry: the server is unreachable and a local copy answers")
                    throw failure.error
                }
                delay = retryPolicy.backoff(attempt: attempt)
                because = failure.error.summary
            }
            attempt += 1
            let wait = delay ?? 0
            trace?("* retry \(attempt) of \(retryPolicy.maxRetries) in \(wait.fixedPoint(places: 2))s after \(because)")
            do {
                try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
            } catch {
                throw HTTPError.cancelled
            }
        }
    }

    // MARK: - One attempt

    private func sendOnce(_ request: HTTPRequest) async throws(HTTPError) -> Result<HTTPResponse, TransferFailure> {
        if Task.isCancelled { throw HTTPError.cancelled }
        let url = request.url
        guard let parts = URLParts(url), parts.isHTTP else { throw HTTPError.invalidURL(url) }
        let lines = try headerLines(for: request, url: url)
        traceRequest(request, url: url)
        let transfer = try Transfer(request: request, url: url, headerLines: lines, configuration: configuration)
        switch await engine.run(transfer) {
        case .finished(let response, let elapsed):
            cookies.store(setCookieHeaders: response.headers.values(for: "Set-Cookie"), from: url)
            traceResponse(response, elapsed: elapsed)
            return .success(response)
        case .failed(var failure):
            if failure.kind == .timeout {
                failure.error = .timedOut(url: url, seconds: request.timeout ?? settings.timeout)
            }
            trace?("! \(request.method) \(HTTPTraceRedaction.url(url)): \(failure.error.summary)")
            return .failure(failure)
        case .cancelled:
            trace?("! \(request.method) \(HTTPTraceRedaction.url(url)): cancelled")
            throw HTTPError.cancelled
        }
    }

    /// The raw header lines for libcurl: the caller's headers, the jar's cookies for this URL,
    /// a default content type, and `Expect:` blanked (it costs a round trip per upload and
    /// some appliances never answer it).
    private func headerLines(for request: HTTPRequest, url: String) throws(HTTPError) -> [String] {
        var headers = request.headers
        if let jar = cookies.cookieHeader(for: url) {
            headers["Cookie"] = headers["Cookie"].map { "\($0); \(jar)" } ?? jar
        }
        if !headers.contains("Content-Type"), let type = request.body.defaultContentType {
            headers["Content-Type"] = type
        }
        var lines: [String] = []
        for field in headers {
            // Bytes, not Characters: "\r\n" is one Character and would slip past a Character test.
            let breaksLine = [field.name, field.value].contains { $0.utf8.contains(0x0D) || $0.utf8.contains(0x0A) }
            guard !field.name.isEmpty, !breaksLine else {
                throw HTTPError.transport(url: url, reason: "header \"\(field.name)\" contains a line break")
            }
            // "Name:" would make libcurl drop the header; "Name;" sends it empty.
            lines.append(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
        }
        if !headers.contains("Expect") { lines.append("Expect:") }
        return lines
    }
}
