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

    /// Opens `path` for appending, creating it (0600) when missing, and reserves `reserving`
    /// bytes of disk after its end, so that a command acting on devices learns that its report
    /// cannot be written before it acts, not after it rebooted them (a full disk, a quota).
    public init(path: String, reserving bytes: Int = 0) throws(FieldOpsError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw FieldOpsError(
                "cannot open the report \(path): \(String(cString: strerror(errno)))",
                hint: "choose a writable path with --report")
        }
        if let code = DiskSpace.reserve(bytes, after: fd) {
            close(fd)
            throw FieldOpsError(
                "cannot write the report \(path): \(String(cString: strerror(code)))\(DiskSpace.freeNote(at: path)); nothing was done",
                hint: "free space on that disk or choose another --report path, then run the command again")
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
