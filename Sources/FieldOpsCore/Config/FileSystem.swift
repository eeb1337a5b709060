#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call on a path, carrying `errno` so each area can phrase its own error.
public struct SystemCallError: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var code: Int32
    /// Replaces strerror's text when the failure is ours (not a regular file, too large).
    public var detail: String?

    public init(operation: String, path: String, code: Int32, detail: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.detail = detail
    }

    public var reason: String { detail ?? String(cString: strerror(code)) }
    public var message: String { "cannot \(operation) \(path): \(reason)" }

    /// The system's words for why `error` happened (`Permission denied`) when it is a failed
    /// call, else its own description.
    public static func reason(_ error: any Error) -> String {
        (error as? SystemCallError)?.reason ?? error.summaryText
    }
    public var description: String { message }
}

/// The few POSIX file operations configuration and keyring need, done with plain system calls
/// (lean at load time, and explicit about modes, fsync and rename for crash-safe writes).
enum FileSystem {
    /// Largest configuration file (`config.yaml`, each `profiles.d/*.yaml`) read.
    static let configLimit = 1 << 20

    /// The file's bytes, or nil when it does not exist; refuses anything but a regular file of
    /// at most `limit` bytes (a FIFO would block, `/dev/zero` would never end).
    static func readFileIfExists(_ path: String, limit: Int = configLimit) throws -> [UInt8]? {
        guard let fd = try openRegularFile(path) else { return nil }
        defer { close(fd) }
        return try readAll(fd, path: path, limit: limit)
    }

    /// Opens `path` for reading without blocking on a FIFO or a device, and checks on the open
    /// descriptor that it is a regular file; nil when it does not exist.
    static func openRegularFile(_ path: String) throws -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw SystemCallError(operation: "read", path: path, code: errno)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw SystemCallError(operation: "read", path: path, code: code)
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(fd)
            throw SystemCallError(operation: "read", path: path, code: EINVAL, detail: "it is \(describe(type)), not a regular file")
        }
        // Back to blocking reads: O_NONBLOCK was only for the open.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }

    /// Reads an open descriptor to its end, refusing more than `limit` bytes.
    static func readAll(_ fd: Int32, path: String, limit: Int = configLimit) throws -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemCallError(operation: "read", path: path, code: errno) }
        if info.st_mode & S_IFMT == S_IFDIR { throw SystemCallError(operation: "read", path: path, code: EISDIR) }
        let tooLarge = SystemCallError(
            operation: "read", path: path, code: EFBIG, detail: "it is larger than the \(sizeText(limit)) allowed")
        if Int(info.st_size) > limit { throw tooLarge }
        // One byte more than the limit, to tell "exactly the limit" from "more" (a file growing
        // while read, or a size fstat does not know).
        var bytes = [UInt8](repeating: 0, count: min(max(Int(info.st_size), 0) + 1, limit + 1))
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { throw tooLarge }
                bytes.append(contentsOf: [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(operation: "read", path: path, code: errno)
            }
            if got == 0 { break }
            count += got
            if count > limit { throw tooLarge }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }

    /// Names in `directory` ending in `suffix` (hidden files skipped), sorted bytewise; empty when absent.
    static func fileNames(in directory: String, suffix: String) throws -> [String] {
        guard let dir = opendir(directory) else {
            if errno == ENOENT || errno == ENOTDIR { return [] }
            throw SystemCallError(operation: "list", path: directory, code: errno)
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = Self.name(of: entry)
            if name.hasPrefix(".") || !name.hasSuffix(suffix) { continue }
            names.append(name)
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The name in a directory entry (d_name is a fixed-size, NUL-terminated array inside it).
    static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
            guard let base = raw.bindMemory(to: CChar.self).baseAddress else { return "" }
            return String(cString: base)
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Creates `path` and missing parents with `mode` (existing directories are left as they are).
    static func makeDirectories(_ path: String, mode: mode_t) throws {
        if path.isEmpty || exists(path) { return }
        let parent = ConfigPaths.directory(of: path)
        if parent != path { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode) != 0 && errno != EEXIST {
            throw SystemCallError(operation: "create directory", path: path, code: errno)
        }
    }

    static func remove(_ path: String) throws {
        guard unlink(path) == 0 else { throw SystemCallError(operation: "remove", path: path, code: errno) }
        try AtomicFile.syncDirectory(of: path)
    }
}
