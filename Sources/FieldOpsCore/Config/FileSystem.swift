#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call on a path, carrying `errno` so each area can phrase its own error.
struct SystemCallError: Error, Sendable {
    var operation: String
    var path: String
    var code: Int32

    var reason: String { String(cString: strerror(code)) }
    var message: String { "cannot \(operation) \(path): \(reason)" }
}

/// The few POSIX file operations configuration and keyring need, done with plain system calls
/// (lean at load time, and explicit about modes, fsync and rename for crash-safe writes).
enum FileSystem {
    /// The file's bytes, or nil when it does not exist.
    static func readFileIfExists(_ path: String) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw SystemCallError(operation: "read", path: path, code: errno)
        }
        defer { close(fd) }
        return try readAll(fd, path: path)
    }

    /// Reads an open descriptor to its end.
    static func readAll(_ fd: Int32, path: String) throws -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemCallError(operation: "read", path: path, code: errno) }
        if info.st_mode & S_IFMT == S_IFDIR { throw SystemCallError(operation: "read", path: path, code: EISDIR) }
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: bytes.count)) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(operation: "read", path: path, code: errno)
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return bytes
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
            // d_name is a fixed-size, NUL-terminated array inside the entry.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                guard let base = raw.bindMemory(to: CChar.self).baseAddress else { return "" }
                return String(cString: base)
            }
            if name.hasPrefix(".") || !name.hasSuffix(suffix) { continue }
            names.append(name)
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
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

    /// Replaces `path` with `bytes` atomically: a temp file in the same directory created with
    /// `mode`, written, fsynced, renamed over the target, then the directory fsynced so the rename
    /// itself survives a crash. With `exclusive`, fails with EEXIST if `path` already exists.
    ///
    /// A symlink at `path` is followed and its target replaced, so dotfile managers that link
    /// `config.yaml` into a repository keep working.
    static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t, exclusive: Bool = false) throws {
        let path = resolvingSymlink(path)
        let directory = ConfigPaths.directory(of: path)
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        // mkstemp replaces the six trailing X characters with a unique suffix.
        let uniqueSuffix = String(repeating: "X", count: 6)
        var template = Array((directory + "/." + name + ".tmp-" + uniqueSuffix).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else { throw SystemCallError(operation: "create a temporary file in", path: directory, code: errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            guard fchmod(fd, mode) == 0 else { throw SystemCallError(operation: "set permissions on", path: temporary, code: errno) }
            try writeAll(fd, bytes, path: temporary)
            guard fsync(fd) == 0 else { throw SystemCallError(operation: "sync", path: temporary, code: errno) }
        }
        if exclusive {
            // link(2) fails if the target exists, so a concurrent writer can never be overwritten.
            guard link(temporary, path) == 0 else { throw SystemCallError(operation: "create", path: path, code: errno) }
            unlink(temporary)
        } else {
            guard rename(temporary, path) == 0 else { throw SystemCallError(operation: "replace", path: path, code: errno) }
        }
        renamed = true
        try syncDirectory(directory)
    }

    /// The real path when `path` is a symlink; `path` itself otherwise.
    static func resolvingSymlink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(operation: "write", path: path, code: errno)
            }
            written += count
        }
    }

    static func syncDirectory(_ directory: String) throws {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError(operation: "open directory", path: directory, code: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw SystemCallError(operation: "sync directory", path: directory, code: errno) }
    }

    static func remove(_ path: String) throws {
        guard unlink(path) == 0 else { throw SystemCallError(operation: "remove", path: path, code: errno) }
        try syncDirectory(ConfigPaths.directory(of: path))
    }
}
