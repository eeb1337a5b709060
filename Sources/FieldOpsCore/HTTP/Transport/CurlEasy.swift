internal import CCurl
import FoundationEssentials

/// Owns one libcurl easy handle and frees it in `deinit`.
///
/// Options are set through the typed shims in `shim.h`. A failing `setopt` means this libcurl
/// lacks a feature we rely on, which is a packaging error, so it is reported, not ignored.
final class CurlEasy {
    let handle: UnsafeMutableRawPointer
    /// libcurl writes a human-readable reason here on failure; it must outlive the handle's use.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The share handle this easy handle is attached to, kept alive until after
    /// `curl_easy_cleanup` has detached it (stored properties are released after `deinit`).
    private var share: CurlShare?

    init() throws(HTTPError) {
        try CurlGlobal.ensureInitialised()
        guard let handle = fieldops_curl_easy_init() else {
            throw HTTPError.transport(url: "", reason: "libcurl could not allocate a transfer")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        _ = fieldops_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    deinit {
        fieldops_curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// The reason libcurl gave for the last failure, if it wrote one.
    var errorMessage: String {
        String(cString: errorBuffer).trimmingWhitespace()
    }

    func set(_ option: CURLoption, _ value: Int) throws(HTTPError) {
        try check(fieldops_easy_setopt_long(handle, option, value), option)
    }

    func set(_ option: CURLoption, _ value: Bool) throws(HTTPError) {
        try check(fieldops_easy_setopt_long(handle, option, value ? 1 : 0), option)
    }

    func set(_ option: CURLoption, offset value: Int64) throws(HTTPError) {
        try check(fieldops_easy_setopt_off_t(handle, option, curl_off_t(value)), option)
    }

    /// Sets a string option. libcurl copies strings passed to `setopt` (since 7.17), so the
    /// Swift string only needs to live for the call.
    func set(_ option: CURLoption, _ value: String) throws(HTTPError) {
        try check(fieldops_easy_setopt_string(handle, option, value), option)
    }

    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws(HTTPError) {
        try check(fieldops_easy_setopt_pointer(handle, option, value), option)
    }

    func set(_ option: CURLoption, callback: fieldops_curl_data_callback) throws(HTTPError) {
        try check(fieldops_easy_setopt_data_callback(handle, option, callback), option)
    }

    func set(_ option: CURLoption, seek: fieldops_curl_seek_callback) throws(HTTPError) {
        try check(fieldops_easy_setopt_seek_callback(handle, option, seek), option)
    }

    func set(_ option: CURLoption, list: CurlHeaderList) throws(HTTPError) {
        try check(fieldops_easy_setopt_slist(handle, option, list.head), option)
    }

    func set(mime: CurlMime) throws(HTTPError) {
        try check(fieldops_easy_setopt_mime(handle, CURLOPT_MIMEPOST, mime.handle), CURLOPT_MIMEPOST)
    }

    func set(share: CurlShare) throws(HTTPError) {
        try check(fieldops_easy_setopt_share(handle, CURLOPT_SHARE, share.handle), CURLOPT_SHARE)
        self.share = share
    }

    /// Copies `bytes` into a blob option; libcurl copies blobs with `CURL_BLOB_COPY`.
    func set(_ option: CURLoption, blob bytes: Data) throws(HTTPError) {
        let code = bytes.withUnsafeBytes { raw -> CURLcode in
            var blob = curl_blob(
                data: UnsafeMutableRawPointer(mutating: raw.baseAddress),
                len: raw.count,
                flags: UInt32(CURL_BLOB_COPY)
            )
            return fieldops_easy_setopt_blob(handle, option, &blob)
        }
        try check(code, option)
    }

    func long(_ info: CURLINFO) -> Int {
        var value = 0
        _ = fieldops_easy_getinfo_long(handle, info, &value)
        return value
    }

    func offset(_ info: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        _ = fieldops_easy_getinfo_off_t(handle, info, &value)
        return Int64(value)
    }

    func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard fieldops_easy_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// The peer's certificate chain of the last transfer made with `CURLOPT_CERTINFO`.
    func certificates() -> [TLSCertificate] {
        (0..<fieldops_easy_certificate_count(handle)).map { index in
            var lines: [String] = []
            var node = fieldops_easy_certificate(handle, index)
            while let item = node {
                if let data = item.pointee.data { lines.append(String(cString: data)) }
                node = item.pointee.next
            }
            return TLSCertificate(lines: lines)
        }
    }

    private func check(_ code: CURLcode, _ option: CURLoption) throws(HTTPError) {
        guard code == CURLE_OK else {
            let reason = String(cString: fieldops_curl_easy_strerror(code))
            throw HTTPError.transport(url: "", reason: "libcurl refused option \(option.rawValue): \(reason)")
        }
    }
}

/// `curl_global_init` must run once before any other libcurl call; a static `let` gives that.
enum CurlGlobal {
    /// nil when libcurl is loaded and initialised; otherwise why not (it is loaded on first use).
    private static let failure: String? = {
        if let error = fieldops_curl_error() {
            return "libcurl could not be loaded (\(String(cString: error))); install it with `apt-get install libcurl4`"
        }
        guard fieldops_curl_global_init(Int(CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32)) == CURLE_OK else {
            return "libcurl could not be initialised"
        }
        return nil
    }()

    static var isAvailable: Bool { failure == nil }

    /// Loads and initialises libcurl once; throws a clear error when it is missing.
    static func ensureInitialised() throws(HTTPError) {
        if let failure {
            throw HTTPError.transport(url: "", reason: failure)
        }
    }

    /// The CA bundle and directory this libcurl trusts when told nothing else.
    static let defaultTrust: (caInfo: String?, caPath: String?) = {
        guard let easy = try? CurlEasy() else { return (nil, nil) }
        return (easy.string(CURLINFO_CAINFO), easy.string(CURLINFO_CAPATH))
    }()
}

/// What the HTTP core runs on, for `fieldops version` and `fieldops doctor`.
public enum HTTPLibrary {
    /// The loaded libcurl's version and its TLS library, or why libcurl cannot be loaded.
    public static func versions() -> (libcurl: String?, tls: String?, error: String?) {
        do {
            try CurlGlobal.ensureInitialised()
        } catch {
            return (nil, nil, error.summary)
        }
        return (String(cString: fieldops_curl_version_string()), String(cString: fieldops_curl_ssl_version_string()), nil)
    }
}
