import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Appends report lines to a file, one `write` per line, flushed to disk as each ONU finishes,
/// so an interrupted run leaves a report `--resume` can trust.
public actor BulkReportWriter {
    private let descriptor: Int32
    public let path: String

    /// Opens `path` for appending, creating it when missing.
    public init(path: String) throws(FieldOpsError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw FieldOpsError(
                "cannot open the report \(path): \(String(cString: strerror(errno)))",
                hint: "choose a writable path with --report")
        }
        descriptor = fd
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    public func append(_ entry: BulkReportEntry) throws(FieldOpsError) {
        try append(line: entry.line)
    }

    /// Appends one line (without its newline) and flushes it to disk.
    public func append(line: String) throws(FieldOpsError) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw FieldOpsError("cannot write the report \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        fsync(descriptor)
    }
}
