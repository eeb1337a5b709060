internal import CCurl
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A file opened for streaming as a request body; closed in `deinit`.
final class UploadFile {
    let stream: UnsafeMutablePointer<FILE>
    let size: Int64

    init(path: String) throws(HTTPError) {
        guard let stream = fopen(path, "rb") else {
            throw HTTPError.unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        var info = stat()
        guard fstat(fileno(stream), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            fclose(stream)
            throw HTTPError.unreadableFile(path: path, reason: "not a regular file")
        }
        self.stream = stream
        size = Int64(info.st_size)
    }

    deinit {
        fclose(stream)
    }

    /// libcurl rewinds the body when it must resend it on a fresh connection.
    static let seek: fieldops_curl_seek_callback = { context, offset, origin in
        guard let context else { return Int32(CURL_SEEKFUNC_FAIL) }
        let stream = context.assumingMemoryBound(to: FILE.self)
        return fseeko(stream, off_t(offset), origin) == 0 ? Int32(CURL_SEEKFUNC_OK) : Int32(CURL_SEEKFUNC_FAIL)
    }
}
