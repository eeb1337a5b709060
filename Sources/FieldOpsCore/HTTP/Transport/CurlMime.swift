internal import CCurl
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Owns a libcurl MIME structure for a `multipart/form-data` body and frees it in `deinit`.
///
/// File parts use `curl_mime_filedata`, which reads the file while sending: memory stays flat
/// whatever the file size. The structure must outlive the transfer, so the `Transfer` keeps it.
final class CurlMime {
    let handle: OpaquePointer

    init(form: MultipartForm, easy: CurlEasy) throws(HTTPError) {
        guard let handle = fieldops_curl_mime_init(easy.handle) else {
            throw HTTPError.transport(url: "", reason: "libcurl could not allocate a multipart body")
        }
        self.handle = handle
        for part in form.parts {
            guard let mimePart = fieldops_curl_mime_addpart(handle) else {
                throw HTTPError.transport(url: "", reason: "libcurl could not allocate a multipart part")
            }
            switch part {
            case .field(let name, let value):
                fieldops_curl_mime_name(mimePart, name)
                let bytes = Array(value.utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { chars in
                        // curl_mime_data copies the bytes.
                        _ = fieldops_curl_mime_data(mimePart, chars.baseAddress, chars.count)
                    }
                }
            case .file(let name, let path, let filename, let contentType):
                fieldops_curl_mime_name(mimePart, name)
                // Checked here for a precise reason; libcurl would only say "failed to open".
                let descriptor = open(path, O_RDONLY)
                guard descriptor >= 0 else {
                    throw HTTPError.unreadableFile(path: path, reason: String(cString: strerror(errno)))
                }
                close(descriptor)
                let code = fieldops_curl_mime_filedata(mimePart, path)
                guard code == CURLE_OK else {
                    throw HTTPError.unreadableFile(path: path, reason: String(cString: fieldops_curl_easy_strerror(code)))
                }
                if let filename { fieldops_curl_mime_filename(mimePart, filename) }
                fieldops_curl_mime_type(mimePart, contentType ?? "application/octet-stream")
            }
        }
    }

    deinit {
        fieldops_curl_mime_free(handle)
    }
}
