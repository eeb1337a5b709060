import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Keyring {
    // MARK: permission checks

    /// Refuses a directory that group or other may write to: they could swap the file. A
    /// keyring reached through a symlink is checked where it really lives too (a link into
    /// /tmp would otherwise pass for a file in a private directory).
    func checkDirectory() throws {
        try Self.checkDirectory(directory, keyring: path)
        var link = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return }
        let real = String(cString: resolved)
        free(resolved)
        let realDirectory = PathText.parent(of: real)
        if realDirectory != directory { try Self.checkDirectory(realDirectory, keyring: path, through: real) }
    }

    private static func checkDirectory(_ directory: String, keyring path: String, through real: String? = nil) throws {
        var info = stat()
        guard stat(directory, &info) == 0 else { return }
        if info.st_mode & 0o022 != 0 {
            let linked = real.map { " (the keyring is a link to \($0))" } ?? ""
            throw KeyringError(
                .insecureDirectory, path: path,
                "keyring directory \(directory) is writable by other users (mode \(Keyring.octal(info.st_mode)))\(linked); refusing to use it",
                hint: real == nil
                    ? "run: chmod 700 \(directory)"
                    : "keep the keyring in a directory only you can write (chmod 700), not through a link into \(directory)")
        }
    }

    /// The file's bytes after checking owner and mode on the open descriptor; nil when absent.
    func readVerifiedBytes() throws -> [UInt8]? {
        try readVerifiedBytes(unlessStamped: nil).map { $0.bytes ?? [] }
    }

    /// The file's identity: a write renames a new file over the keyring, so a file with the same
    /// device, inode, size and modification time holds the bytes read last time.
    struct FileStamp: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var modifiedNanoseconds: Int64
    }

    /// Opens and checks the file as above; its bytes are read unless its stamp is `known` (then
    /// `bytes` is nil). Nil when there is no file.
    func readVerifiedBytes(unlessStamped known: FileStamp?) throws -> (bytes: [UInt8]?, stamp: FileStamp)? {
        try checkDirectory()
        // O_NONBLOCK: a FIFO at the keyring path must not block the open; the type is checked below.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw KeyringError.fileSystem(SystemCallError(operation: "open", path: path, code: errno), keyring: path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw KeyringError.fileSystem(SystemCallError(operation: "inspect", path: path, code: errno), keyring: path)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw KeyringError(
                .foreign, path: path,
                "keyring \(path) is \(FileSystem.describe(info.st_mode & S_IFMT)), not a regular file; refusing to use it",
                hint: "point keyring.path at a file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard info.st_uid == geteuid() else {
            throw KeyringError(
                .notOwned, path: path, "keyring \(path) belongs to another user (uid \(info.st_uid)); refusing to read it",
                hint: "use your own keyring, or run: chown $(id -un) \(path)")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw KeyringError(
                .insecurePermissions, path: path,
                "keyring \(path) is accessible by other users (mode \(Keyring.octal(info.st_mode))); refusing to read it",
                hint: "run: chmod 600 \(path)")
        }
        let stamp = FileStamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
        if stamp == known { return (nil, stamp) }
        do {
            return (try FileSystem.readAll(fd, path: path, limit: Keyring.sizeLimit), stamp)
        } catch let error as SystemCallError {
            throw KeyringError.fileSystem(error, keyring: path)
        }
    }

    static func octal(_ mode: mode_t) -> String {
        // Special bits too: a sticky 01777 directory is not a plain 0777 one.
        let text = String(mode & 0o7777, radix: 8)
        return "0" + (text.count < 3 ? String(repeating: "0", count: 3 - text.count) + text : text)
    }
}
