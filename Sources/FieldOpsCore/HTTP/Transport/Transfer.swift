internal import CCurl
import FoundationEssentials

/// One attempt of one request: a configured easy handle plus everything it points at.
///
/// libcurl keeps raw pointers to the header list, the MIME body, the upload file and this
/// object (as callback context), so all of them live here until the transfer is over.
///
/// Thread confinement: the submitting task configures the transfer, then hands it to the
/// `TransferEngine` under the engine's lock; from then on only the engine thread touches the
/// handle and the mutable fields below, until it resumes the continuation with a value
/// (`Completion`) that holds no reference to them. The lock hand-over orders the accesses.
final class Transfer: @unchecked Sendable {
    let easy: CurlEasy
    let url: String
    let method: HTTPMethod
    let sizeLimit: Int
    let collectsCertificates: Bool
    private let headerList: CurlHeaderList
    private let mime: CurlMime?
    private let upload: UploadFile?

    // Written by libcurl callbacks on the engine thread only (Transfer+Callbacks.swift).
    var body = Data()
    var headers = HTTPHeaders()
    var exceededLimit = false

    // Guarded by the engine's lock.
    var continuation: CheckedContinuation<Completion, Never>?
    var cancelRequested = false

    /// What the engine hands back: a finished answer or the libcurl failure, as plain values.
    enum Completion: Sendable {
        case finished(HTTPResponse, elapsed: Double)
        case failed(TransferFailure)
        case cancelled
    }

    init(request: HTTPRequest, url: String, headerLines: [String], configuration: TransferConfiguration) throws(HTTPError) {
        easy = try CurlEasy()
        self.url = url
        method = request.method
        sizeLimit = request.maxResponseBytes ?? configuration.maxResponseBytes
        collectsCertificates = request.collectsCertificates
        headerList = CurlHeaderList(headerLines)
        switch request.body {
        case .multipart(let form):
            mime = try CurlMime(form: form, easy: easy)
            upload = nil
        case .file(let path, _):
            mime = nil
            upload = try UploadFile(path: path)
        default:
            mime = nil
            upload = nil
        }
        try configure(request: request, configuration: configuration)
    }

    private func configure(request: HTTPRequest, configuration: TransferConfiguration) throws(HTTPError) {
        try easy.set(CURLOPT_URL, url)
        try easy.set(CURLOPT_NOSIGNAL, true)
        try easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try easy.set(CURLOPT_HTTPHEADER, list: headerList)
        try easy.set(CURLOPT_USERAGENT, configuration.userAgent)
        try easy.set(CURLOPT_ACCEPT_ENCODING, "")
        try easy.set(CURLOPT_HTTP_VERSION, configuration.curlHTTPVersion)
        let timeout = request.timeout ?? configuration.settings.timeout
        if request.timeout == nil && request.body.isStreamedFromDisk {
            // A big upload on a slow link may rightly take longer than the profile's timeout:
            // give up when it stalls (under 1 byte/s for that long), not at a fixed total.
            try easy.set(CURLOPT_LOW_SPEED_LIMIT, 1)
            try easy.set(CURLOPT_LOW_SPEED_TIME, max(1, Self.milliseconds(timeout) / 1000))
        } else {
            try easy.set(CURLOPT_TIMEOUT_MS, Self.milliseconds(timeout))
        }
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(configuration.settings.connectTimeout, timeout)))
        try easy.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(sizeLimit))
        try easy.set(CURLOPT_SSL_VERIFYPEER, true)
        try easy.set(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = configuration.settings.caFile { try easy.set(CURLOPT_CAINFO, caFile) }
        if let blob = configuration.trustBlob { try easy.set(CURLOPT_CAINFO_BLOB, blob: blob) }
        // Without an explicit proxy libcurl reads http_proxy/https_proxy/all_proxy itself.
        if let proxy = configuration.settings.proxy { try easy.set(CURLOPT_PROXY, proxy) }
        try easy.set(CURLOPT_NOPROXY, configuration.noProxy)
        if let box = configuration.share { try easy.set(share: box.share) }
        if request.collectsCertificates { try easy.set(CURLOPT_CERTINFO, true) }
        try configureBody(request.body)
        try configureMethod(request.method, hasBody: !request.body.isEmpty)

        let context = Unmanaged.passUnretained(self).toOpaque()
        try easy.set(CURLOPT_WRITEDATA, pointer: context)
        try easy.set(CURLOPT_WRITEFUNCTION, callback: Transfer.onBody)
        try easy.set(CURLOPT_HEADERDATA, pointer: context)
        try easy.set(CURLOPT_HEADERFUNCTION, callback: Transfer.onHeader)
    }

    /// Seconds from a profile or a caller as libcurl milliseconds: at least 1 ms (0 would mean
    /// "no limit"), at most a week, and no trap on a NaN or an absurd value.
    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 7 * 86_400_000 }
        return Int(min(max(seconds * 1000, 1), 7 * 86_400_000))
    }

    private func configureBody(_ body: HTTPBody) throws(HTTPError) {
        switch body {
        case .none:
            break
        case .bytes(let data, _), .json(let data):
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(data.count))
            let copy = [UInt8](data) + [0]
            let code = copy.withUnsafeBufferPointer { buffer in
                // COPYPOSTFIELDS copies the bytes, so the buffer only lives for this call.
                fieldops_easy_setopt_pointer(easy.handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress))
            }
            guard code == CURLE_OK else { throw HTTPError.transport(url: url, reason: "libcurl could not take the request body") }
        case .file:
            guard let upload else { return }
            try easy.set(CURLOPT_POST, true)
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: upload.size)
            // Without a READFUNCTION libcurl calls fread() on READDATA itself.
            try easy.set(CURLOPT_READDATA, pointer: UnsafeMutableRawPointer(upload.stream))
            try easy.set(CURLOPT_SEEKDATA, pointer: UnsafeMutableRawPointer(upload.stream))
            try easy.set(CURLOPT_SEEKFUNCTION, seek: UploadFile.seek)
        case .multipart:
            if let mime { try easy.set(mime: mime) }
        }
    }

    private func configureMethod(_ method: HTTPMethod, hasBody: Bool) throws(HTTPError) {
        switch method {
        case .get where !hasBody:
            try easy.set(CURLOPT_HTTPGET, true)
        case .head:
            try easy.set(CURLOPT_NOBODY, true)
        case .post:
            if !hasBody {
                // COPYPOSTFIELDS, not POSTFIELDS: libcurl keeps POSTFIELDS' pointer.
                try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: 0)
                try easy.set(CURLOPT_COPYPOSTFIELDS, "")
            }
        default:
            // The body options above select POST's machinery; CUSTOMREQUEST renames the verb.
            try easy.set(CURLOPT_CUSTOMREQUEST, method.rawValue)
        }
    }

    // MARK: - Completion (engine thread)

    /// Turns libcurl's result into a plain value that no longer refers to this object.
    func complete(with code: CURLcode) -> Completion {
        let elapsed = Double(easy.offset(CURLINFO_TOTAL_TIME_T)) / 1_000_000
        guard code == CURLE_OK else {
            return .failed(
                TransferFailure(
                    code: code, message: easy.errorMessage, url: url, exceededLimit: exceededLimit, sizeLimit: sizeLimit,
                    osErrno: Int32(truncatingIfNeeded: easy.long(CURLINFO_OS_ERRNO))))
        }
        var response = HTTPResponse(
            status: easy.long(CURLINFO_RESPONSE_CODE),
            headers: headers,
            body: body,
            url: url,
            method: method,
            httpVersion: Self.versionName(easy.long(CURLINFO_HTTP_VERSION))
        )
        if collectsCertificates { response.certificates = easy.certificates() }
        return .finished(response, elapsed: elapsed)
    }

    private static func versionName(_ value: Int) -> String {
        switch value {
        case Int(CURL_HTTP_VERSION_1_0): return "1.0"
        case Int(CURL_HTTP_VERSION_2_0): return "2"
        case Int(CURL_HTTP_VERSION_3): return "3"
        default: return "1.1"
        }
    }
}
