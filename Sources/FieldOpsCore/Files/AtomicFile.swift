#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way fieldops replaces a file: the new bytes go to a hidden temporary file beside it
/// (`.NAME.tmp-` and six random letters, created with O_EXCL), which is fsynced and renamed over
/// the target, and then the directory is fsynced so the rename itself survives a power cut. A
/// reader sees the old file or the new one, never half of either.
///
/// Used by the configuration and the keyring (`write`), the IL cache, current user and
/// documents (`write`), the MCMS completion cache (`Writer`, page by page as a listing
/// arrives), JQC photo copies (`copy`) and the docs sync's batch of writes (`createTemporary`,
/// `writeAll`, `syncDirectory`). Every failure is a `SystemCallError` naming the step and path.
public enum AtomicFile {
    /// Replaces `path` with `bytes`. With `exclusive`, fails with EEXIST when `path` exists
    /// (link(2) never overwrites), so two creators cannot both win. The file gets exactly `mode`
    /// (a keyring is 0600 whatever the umask) unless `applyingUmask`, as for a file the person
    /// owns (a synced document), where the umask narrows it as it would for any new file.
    ///
    /// A symlink at `path` is followed and its target replaced, so dotfile managers that link
    /// `config.yaml` into a repository keep working.
    public static func write(
        _ bytes: some Collection<UInt8>, to path: String, mode: mode_t, applyingUmask: Bool = false,
        exclusive: Bool = false
    ) throws {
        let writer = try Writer(replacing: path, mode: mode, applyingUmask: applyingUmask)
        do {
            try writer.append(bytes)
            try writer.commit(exclusive: exclusive)
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Copies the file at `source` to `destination` (mode `mode`) in 1 MB reads and returns the
    /// bytes copied; on any failure `destination` is as it was.
    @discardableResult
    public static func copy(from source: String, to destination: String, mode: mode_t = 0o600) throws -> Int {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw SystemCallError(operation: "read", path: source, code: errno) }
        defer { close(input) }
        let writer = try Writer(replacing: destination, mode: mode)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        do {
            while true {
                let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if got < 0 {
                    if errno == EINTR { continue }
                    throw SystemCallError(operation: "read", path: source, code: errno)
                }
                if got == 0 { break }
                try writer.append(buffer[..<got])
                total += got
            }
            try writer.commit()
        } catch {
            writer.discard()
            throw error
        }
        return total
    }

    /// A file written a piece at a time and put in place only by `commit()`; `discard()` (or
    /// the writer going away uncommitted) removes the temporary file and leaves the old one.
    /// Appends are buffered into 64 KB writes.
    public final class Writer {
        public let path: String
        public let temporaryPath: String
        private var descriptor: Int32
        private var buffer: [UInt8] = []
        static let chunk = 64 * 1024

        public init(replacing path: String, mode: mode_t, applyingUmask: Bool = false) throws {
            self.path = AtomicFile.resolvingSymlink(path)
            (descriptor, temporaryPath) = try AtomicFile.createTemporary(beside: self.path, mode: mode, applyingUmask: applyingUmask)
            buffer.reserveCapacity(Self.chunk)
        }

        deinit { discard() }

        public func append(_ bytes: some Collection<UInt8>) throws {
            if try bytes.withContiguousStorageIfAvailable({ try append(buffer: $0) }) == nil {
                try Array(bytes).withUnsafeBufferPointer { try append(buffer: $0) }
            }
        }

        /// Text, appended from its UTF-8 storage. This and `append(_: UInt8)` are not generic on
        /// purpose: called from another module, the generic `append` runs unspecialized (type
        /// metadata looked up on every call), which was a tenth of listing 100,000 ONUs while
        /// their completion cache was written.
        public func append(_ text: String) throws {
            var text = text
            try text.withUTF8 { try append(buffer: $0) }
        }

        public func append(_ byte: UInt8) throws {
            buffer.append(byte)
            if buffer.count >= Self.chunk { try flush() }
        }

        /// `first`, `separator`, `second` and a line break: one line of a two-column file (a
        /// completion cache's id and name), made in the buffer taken out once (each access to a
        /// class's property is checked at run time; a line appended piece by piece was eight).
        public func appendLine(_ first: String, _ separator: UInt8, _ second: String) throws {
            try appendLine(first, separator, second, nil)
        }

        /// A line of two or three fields (`third` nil: two), each separated by `separator`.
        public func appendLine(_ first: String, _ separator: UInt8, _ second: String, _ third: String?) throws {
            var bytes: [UInt8] = []
            swap(&bytes, &buffer)
            func add(_ text: String) {
                if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                    bytes.append(contentsOf: Array(text.utf8))
                }
            }
            add(first)
            bytes.append(separator)
            add(second)
            if let third {
                bytes.append(separator)
                add(third)
            }
            bytes.append(UInt8(ascii: "\n"))
            swap(&bytes, &buffer)
            if buffer.count >= Self.chunk { try flush() }
        }

        private func append(buffer bytes: UnsafeBufferPointer<UInt8>) throws {
            if buffer.isEmpty, bytes.count >= Self.chunk {
                // A piece as large as a chunk (a copy's 1 MB reads) goes out as it is, uncopied.
                guard descriptor >= 0 else { return }
                try AtomicFile.writeAll(descriptor, bytes, path: temporaryPath)
                return
            }
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.chunk { try flush() }
        }

        /// Syncs the new file and renames it over `path` (with `exclusive`, links it only where
        /// nothing is), then syncs the directory. Not `synced`: renamed without the two syncs,
        /// for a file that is only ever a cache of what the next run writes again (a reader
        /// still sees the old file or the new one; a power cut may lose the new one).
        public func commit(exclusive: Bool = false, synced: Bool = true) throws {
            try flush()
            guard descriptor >= 0 else { throw SystemCallError(operation: "replace", path: path, code: EBADF) }
            let fd = descriptor
            descriptor = -1
            /// A failed step: its errno, with the temporary file removed.
            func failed(_ operation: String, _ target: String) -> SystemCallError {
                let code = errno
                unlink(temporaryPath)
                return SystemCallError(operation: operation, path: target, code: code)
            }
            let failure = !synced || fsync(fd) == 0 ? nil : failed("sync", temporaryPath)
            close(fd)
            if let failure { throw failure }
            if exclusive {
                guard link(temporaryPath, path) == 0 else { throw failed("create", path) }
                unlink(temporaryPath)
            } else {
                guard rename(temporaryPath, path) == 0 else { throw failed("replace", path) }
            }
            if synced { try AtomicFile.syncDirectory(of: path) }
        }

        /// Drops the new file (nothing happens after `commit()`).
        public func discard() {
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
            unlink(temporaryPath)
        }

        private func flush() throws {
            guard !buffer.isEmpty, descriptor >= 0 else { return }
            try AtomicFile.writeAll(descriptor, buffer, path: temporaryPath)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    // MARK: Pieces, for writers that batch their syncs (the docs sync)

    /// A new temporary file beside `path` (`.NAME.tmp-` and six random letters, never an existing file), with
    /// exactly `mode`, or `mode` narrowed by the umask when `applyingUmask`: its descriptor and path.
    public static func createTemporary(beside path: String, mode: mode_t, applyingUmask: Bool = false) throws -> (
        descriptor: Int32, path: String
    ) {
        let prefix = directory(of: path) + "/." + name(of: path) + temporaryMark
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            // One draw from the system's generator (one getrandom(2)) gives all six letters: 62^6
            // names need 36 of its 64 bits. A sync writing 2,000 files made 12,000 calls.
            var bits = generator.next()
            let suffix = String(
                decoding: (0..<suffixLength).map { _ in
                    defer { bits /= UInt64(letters.count) }
                    return letters[Int(bits % UInt64(letters.count))]
                }, as: UTF8.self)
            let temporary = prefix + suffix
            // O_EXCL: never another writer's file, nor a symlink planted at the name.
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd < 0 {
                if errno == EEXIST || errno == EINTR { continue }
                throw SystemCallError(operation: "create a temporary file in", path: directory(of: path), code: errno)
            }
            if !applyingUmask, fchmod(fd, mode) != 0 {
                let code = errno
                close(fd)
                unlink(temporary)
                throw SystemCallError(operation: "set permissions on", path: temporary, code: code)
            }
            return (fd, temporary)
        }
        throw SystemCallError(operation: "create a temporary file in", path: directory(of: path), code: EEXIST)
    }

    static let temporaryMark = ".tmp-"
    /// The random letters that end a temporary file's name.
    static let suffixLength = 6

    /// True for the name of a temporary file `createTemporary` makes (`.NAME.tmp-` and six letters).
    public static func isTemporaryName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let mark = Array(temporaryMark.utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count >= 2 + mark.count + suffixLength else { return false }
        return bytes[(bytes.count - suffixLength - mark.count)..<(bytes.count - suffixLength)].elementsEqual(mark)
    }

    /// Removes the temporary files writers of `path` left when killed between creating and
    /// renaming one (a keyring's would be a full copy of its secrets). Only safe where no other
    /// writer of `path` can be running (under the lock they all hold, or for a path only one
    /// writer ever writes). Returns how many were removed.
    @discardableResult
    public static func removeStaleTemporaries(of path: String) -> Int {
        let path = resolvingSymlink(path)
        let directory = directory(of: path)
        let prefix = "." + name(of: path) + temporaryMark
        guard let dir = opendir(directory) else { return 0 }
        var stale: [String] = []
        while let entry = readdir(dir) {
            let entryName = FileSystem.name(of: entry)
            if entryName.hasPrefix(prefix), entryName.utf8.count == prefix.utf8.count + suffixLength { stale.append(entryName) }
        }
        closedir(dir)
        return stale.filter { unlink(directory + "/" + $0) == 0 }.count
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and EINTR.
    public static func writeAll(_ fd: Int32, _ bytes: some Collection<UInt8>, path: String) throws {
        let failure: Int32? =
            bytes.withContiguousStorageIfAvailable { buffer in writeAll(fd, UnsafeRawBufferPointer(buffer)) }
            ?? Array(bytes).withUnsafeBytes { writeAll(fd, $0) }
        if let failure { throw SystemCallError(operation: "write", path: path, code: failure) }
    }

    /// nil, or the errno of the write that failed.
    private static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }
        var written = 0
        while written < buffer.count {
            let count = Glibc.write(fd, base + written, buffer.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }

    /// fsyncs the directory holding `path`, so a rename or a creation in it survives a power cut.
    public static func syncDirectory(of path: String) throws {
        try syncDirectory(directory(of: path))
    }

    /// fsyncs `directory` itself.
    public static func syncDirectory(_ directory: String) throws {
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError(operation: "open directory", path: directory, code: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw SystemCallError(operation: "sync directory", path: directory, code: errno) }
    }

    /// Creates `directory` (mode `mode`) when missing and makes its entry durable.
    public static func makeDirectory(_ directory: String, mode: mode_t = 0o700) throws {
        if mkdir(directory, mode) == 0 {
            try syncDirectory(of: directory)
        } else if errno != EEXIST {
            throw SystemCallError(operation: "create directory", path: directory, code: errno)
        }
    }

    /// Creates `path` and its missing parents with `mode`.
    public static func makeDirectories(_ path: String, mode: mode_t) throws {
        try FileSystem.makeDirectories(path, mode: mode)
    }

    /// The real path when `path` is a symlink; `path` itself otherwise.
    static func resolvingSymlink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    static func directory(of path: String) -> String { ConfigPaths.directory(of: path) }

    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
