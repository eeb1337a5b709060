import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The store's photo files, `photos/<id>.<ext>`: copies the store owns, never the person's
/// original, so moving or deleting the original after attaching it cannot lose the photo
/// before it is uploaded. The rows that point at them are `JQCStore`'s; this type only sniffs,
/// copies and removes files.
struct PhotoFiles: Sendable {
    let directory: String

    /// The server refuses uploads over 50 MB (413); refusing locally says so before any wait.
    static let maxBytes = 50 * 1024 * 1024

    /// A file copied into the store.
    struct Copy {
        var fileName: String
        var contentType: String
        var byteCount: Int
        var originalName: String
    }

    /// Why a file cannot become a stored photo; the command layer words it (`UserFacingError`).
    enum Problem: Error, Equatable {
        case missing(String)
        /// A directory, a FIFO, a device or a socket: `kind` says which.
        case notAFile(String, kind: String)
        case unreadable(String)
        case notAnImage(String)
        case tooLarge(String, bytes: Int)
        case copyFailed(String, reason: String, directory: String)
    }

    /// The photo types the server accepts, told by the file's first bytes (never its name).
    static func kind(ofHead head: Data) -> (type: String, ext: String)? {
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return ("image/jpeg", "jpg") }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return ("image/png", "png") }
        return nil
    }

    /// Copies `sourcePath` to `photos/<id>.<ext>` durably (the core `AtomicFile`: temp file,
    /// fsync, rename, directory fsync) after checking it is a JPEG or PNG the server accepts and
    /// not over its size limit. Callers insert the row that points at the copy only after this
    /// returns, and `remove` it when that fails.
    func copyIn(_ sourcePath: String, photoID: String) throws(Problem) -> Copy {
        var info = stat()
        guard stat(sourcePath, &info) == 0 else { throw .missing(sourcePath) }
        // Told by type before anything is read: a FIFO would block the read forever (and
        // Ctrl-C with it), a directory or a device is no photo.
        if let kind = Self.notAFile(info.st_mode) { throw .notAFile(sourcePath, kind: kind) }
        let descriptor = open(sourcePath, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(sourcePath) }
        // The name may have been swapped for something else since the stat: the open file decides.
        if fstat(descriptor, &info) != 0 || Self.notAFile(info.st_mode) != nil {
            close(descriptor)
            throw .notAFile(sourcePath, kind: Self.notAFile(info.st_mode) ?? "not a regular file")
        }
        var head = [UInt8](repeating: 0, count: 8)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard let kind = Self.kind(ofHead: Data(head.prefix(max(count, 0)))) else { throw .notAnImage(sourcePath) }
        let size = Int(info.st_size)
        guard size <= Self.maxBytes else { throw .tooLarge(sourcePath, bytes: size) }
        if let refusal = ForeignOwner.refusal(toWriteIn: PathText.parent(of: directory)) {
            throw .copyFailed(sourcePath, reason: refusal, directory: directory)
        }
        do {
            try AtomicFile.makeDirectory(directory)
            let fileName = photoID + "." + kind.ext
            let destination = directory + "/" + fileName
            // A copy cut short by a crash left its temporary file: no row points at it, and no
            // other writer ever writes this photo's name.
            AtomicFile.removeStaleTemporaries(of: destination)
            let copied = try AtomicFile.copy(from: sourcePath, to: destination)
            return Copy(
                fileName: fileName, contentType: kind.type, byteCount: copied, originalName: PathText.lastComponent(of: sourcePath))
        } catch {
            throw .copyFailed(sourcePath, reason: SystemCallError.reason(error), directory: directory)
        }
    }

    /// What a file of mode `mode` is when it is not a regular file ("a directory"), nil for one.
    static func notAFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// Removes stored photo files no row points at any more (a replaced or pruned photo); a
    /// file already gone is fine.
    func remove(_ fileNames: [String]) {
        for name in fileNames { try? FileManager.default.removeItem(atPath: path(of: name)) }
    }

    func path(of fileName: String) -> String { directory + "/" + fileName }
}
