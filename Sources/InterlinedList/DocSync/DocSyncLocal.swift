internal import CLinuxFS
import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The local side of `il docs sync`: the tree of markdown files under the synced directory, and
/// the writes to it (temp file + fsync + rename, never over a file that changed since the scan).
struct DocSyncLocal: Sendable {
    struct File: Sendable, Equatable {
        var size: Int64
        /// Nanoseconds since the epoch.
        var mtime: Int64
    }

    struct Tree: Sendable {
        /// Relative path → file, for every `.md` file whose name is UTF-8.
        var files: [String: File] = [:]
        /// Every directory (relative, "/"-separated), the root excluded.
        var directories: Set<String> = []
        /// Files that are not markdown, dot-files and dot-directories, symbolic links.
        var ignored = 0
        /// Names that are not UTF-8 (the service's titles are), escaped for reporting.
        var unreadableNames: [String] = []
    }

    let root: String

    // MARK: Scanning

    /// The tree as it is; with `cleanTemporaries`, the temporary files of a write that a killed
    /// run left behind are removed (the caller holds the directory's sync lock).
    func scan(cleanTemporaries: Bool = false) throws -> Tree {
        var tree = Tree()
        try walk("", cleanTemporaries: cleanTemporaries, into: &tree)
        return tree
    }

    /// `.NAME.tmp-` and six letters, as `AtomicFile` names temporary files, or `.NAME.PID.RANDOM.tmp`, as
    /// fieldops named them before (a run killed by an older version left them).
    static func isOwnTemporary(_ name: [UInt8]) -> Bool {
        let text = String(decoding: name, as: UTF8.self)
        if AtomicFile.isTemporaryName(text) { return true }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 5, parts.last == "tmp" else { return false }
        return parts[parts.count - 2].allSatisfy(\.isNumber) && parts[parts.count - 3].allSatisfy(\.isNumber)
    }

    private func walk(_ relative: String, cleanTemporaries: Bool, into tree: inout Tree) throws {
        let absolute = relative.isEmpty ? root : root + "/" + relative
        guard let handle = opendir(absolute) else {
            if relative.isEmpty { throw DocSyncError.localIO("cannot read the directory \(root): \(String(cString: strerror(errno)))") }
            tree.ignored += 1
            return
        }
        defer { closedir(handle) }
        var subdirectories: [String] = []
        while let entry = readdir(handle) {
            let nameBytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if nameBytes.first == UInt8(ascii: ".") {
                if nameBytes == [46] || nameBytes == [46, 46] { continue }
                if cleanTemporaries, Self.isOwnTemporary(nameBytes) {
                    unlink(absolute + "/" + String(decoding: nameBytes, as: UTF8.self))  // a write a killed run left
                } else {
                    tree.ignored += 1
                }
                continue
            }
            guard let name = String(validating: nameBytes, as: UTF8.self) else {
                tree.unreadableNames.append((relative.isEmpty ? "" : relative + "/") + Self.escaped(nameBytes))
                continue
            }
            let path = relative.isEmpty ? name : relative + "/" + name
            var info = Glibc.stat()
            guard lstat(root + "/" + path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: subdirectories.append(path)
            case S_IFREG where Self.isMarkdown(name):
                tree.files[path] = File(size: Int64(info.st_size), mtime: Self.nanoseconds(info.st_mtim))
            default: tree.ignored += 1
            }
        }
        for directory in subdirectories {
            tree.directories.insert(directory)
            try walk(directory, cleanTemporaries: cleanTemporaries, into: &tree)
        }
    }

    static func isMarkdown(_ name: String) -> Bool {
        name.count > 3 && name.lowercased().hasSuffix(".md")
    }

    static func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }

    static func escaped(_ bytes: [UInt8]) -> String {
        bytes.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x" + ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The file's current size and mtime, or nil when it is gone.
    func stat(_ relative: String) -> File? {
        var info = Glibc.stat()
        guard lstat(root + "/" + relative, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return File(size: Int64(info.st_size), mtime: Self.nanoseconds(info.st_mtim))
    }

    /// The file's text; nil when it is not UTF-8 (it is then left alone and reported).
    func read(_ relative: String) throws -> String? {
        guard let data = FileManager.default.contents(atPath: root + "/" + relative) else {
            throw DocSyncError.localIO("cannot read \(root)/\(relative): \(String(cString: strerror(errno)))")
        }
        return String(validating: data, as: UTF8.self)
    }

    // MARK: Writing

    /// Writes `text` at `relative` atomically, but only if the file there is still what the scan
    /// saw (`expected`, nil: absent). Returns the new file's size and mtime.
    func write(_ text: String, to relative: String, expected: File?) throws -> File {
        let path = root + "/" + relative
        let directory = PathText.parent(of: path)
        try makeDirectories(directory)
        guard stat(relative) == expected else { throw DocSyncError.changedDuringSync(relative) }
        do {
            try AtomicFile.write(text.utf8, to: path, mode: 0o644, applyingUmask: true)
        } catch {
            throw DocSyncError.localIO(error.summaryText)
        }
        guard let written = stat(relative) else { throw DocSyncError.localIO("\(path) is gone right after writing it") }
        return written
    }

    /// Writes many files with one flush instead of one per file: each goes to a temporary file
    /// beside it, then the file system is flushed once (syncfs), then each is renamed into place
    /// — still only over a file that is what the scan saw — and the renames are flushed. Until
    /// its rename a file is as it was; after it, it is complete on disk.
    func writeAll(_ writes: [(path: String, text: String, expected: File?)]) -> [Result<File, DocSyncError>] {
        // Nothing to write, nothing to flush: syncfs(2) would wait for every other dirty file
        // on the file system (an upload-only run paid for the editor's unsaved-to-disk files).
        guard !writes.isEmpty else { return [] }
        var results = [Result<File, DocSyncError>](repeating: .failure(.localIO("not written")), count: writes.count)
        var staged: [(index: Int, temporary: String)] = []
        var made: Set<String> = []
        for (index, write) in writes.enumerated() {
            let path = root + "/" + write.path
            let directory = PathText.parent(of: path)
            do {
                if made.insert(directory).inserted { try makeDirectories(directory) }
                staged.append((index, try Self.writeNew(write.text, beside: path)))
            } catch let error as DocSyncError {
                results[index] = .failure(error)
            } catch {
                results[index] = .failure(.localIO("cannot write \(path): \(error.summaryText)"))
            }
        }
        flush()
        for (index, temporary) in staged {
            let write = writes[index]
            guard stat(write.path) == write.expected else {
                unlink(temporary)
                results[index] = .failure(.changedDuringSync(write.path))
                continue
            }
            guard rename(temporary, root + "/" + write.path) == 0 else {
                results[index] = .failure(.localIO("cannot rename into \(root)/\(write.path): \(String(cString: strerror(errno)))"))
                unlink(temporary)
                continue
            }
            results[index] = stat(write.path).map { .success($0) } ?? .failure(.changedDuringSync(write.path))
        }
        flush()
        return results
    }

    /// syncfs(2) on the synced directory's file system.
    func flush() {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = syncfs(descriptor)
        close(descriptor)
    }

    /// A new temporary file beside `path` holding `text`, not yet flushed (`writeAll` flushes
    /// them together): its path.
    static func writeNew(_ text: String, beside path: String) throws -> String {
        do {
            let temporary = try AtomicFile.createTemporary(beside: path, mode: 0o644, applyingUmask: true)
            defer { close(temporary.descriptor) }
            do {
                try AtomicFile.writeAll(temporary.descriptor, text.utf8, path: temporary.path)
            } catch {
                unlink(temporary.path)
                throw error
            }
            return temporary.path
        } catch {
            throw DocSyncError.localIO(error.summaryText)
        }
    }

    /// Renames a file whose state is `expected`, never over an existing file.
    func move(_ from: String, to: String, expected: File) throws {
        guard stat(from) == expected else { throw DocSyncError.changedDuringSync(from) }
        let target = root + "/" + to
        try makeDirectories(PathText.parent(of: target))
        guard link(root + "/" + from, target) == 0 else {
            throw DocSyncError.localIO("cannot move \(from) to \(to): \(String(cString: strerror(errno)))")
        }
        unlink(root + "/" + from)
        syncDirectory(PathText.parent(of: target))
        syncDirectory(PathText.parent(of: root + "/" + from))
    }

    /// Removes a file whose state is `expected`; a file that changed since the scan stays.
    func remove(_ relative: String, expected: File) throws {
        guard stat(relative) == expected else { throw DocSyncError.changedDuringSync(relative) }
        guard unlink(root + "/" + relative) == 0 || errno == ENOENT else {
            throw DocSyncError.localIO("cannot remove \(root)/\(relative): \(String(cString: strerror(errno)))")
        }
        syncDirectory(PathText.parent(of: root + "/" + relative))
    }

    /// Removes a directory if it is empty (of everything, dot-files included); true when gone.
    @discardableResult
    func removeDirectoryIfEmpty(_ relative: String) -> Bool {
        rmdir(root + "/" + relative) == 0 || errno == ENOENT
    }

    func makeDirectories(_ absolute: String) throws {
        do {
            try AtomicFile.makeDirectories(absolute, mode: 0o777)
        } catch {
            throw DocSyncError.localIO("cannot create the directory \(absolute): \(SystemCallError.reason(error))")
        }
    }

    /// A failure here loses nothing now: the entry is there, only not yet durable.
    private func syncDirectory(_ absolute: String) {
        try? AtomicFile.syncDirectory(absolute)
    }
}

/// How documents and folders are named on disk: the title (or folder name), with what a file
/// system cannot hold replaced, and a " (2)" before the extension when two would collide —
/// compared case-insensitively, so the tree also works on a case-insensitive file system.
public enum DocSyncNames {
    public static let maximumBytes = 240

    /// A safe file-system name for `title` and whether it had to change.
    public static func safe(_ title: String) -> (name: String, changed: Bool) {
        var name = ""
        // By scalar, not by Character: a prepending mark (U+0600…) joins a following "/" into
        // one Character, which would then not compare equal to "/" and reach the file system.
        for scalar in title.unicodeScalars {
            if scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F {
                name.unicodeScalars.append("_")
            } else {
                name.unicodeScalars.append(scalar)
            }
        }
        name = name.trimmingSpaces()
        if name.isEmpty { name = "untitled" }
        if name.hasPrefix(".") { name = "_" + name }  // a dot-file would be hidden, and ignored
        while name.utf8.count > maximumBytes { name.removeLast() }
        if name.isEmpty { name = "untitled" }  // one character too long for a name on its own
        return (name, name != title)
    }

    static func fileName(_ stem: String, copy: Int) -> String {
        copy <= 1 ? stem + ".md" : "\(stem) (\(copy)).md"
    }

    /// The title a local file's name stands for.
    static func title(ofFile path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return String(name.dropLast(3))
    }

    /// The first of `stem.md`, `stem (2).md`, … (or bare names for directories) not in `taken`
    /// (lowercased names of the same directory); the chosen one is added to `taken`.
    static func unique(_ stem: String, directory: Bool, taken: inout Set<String>) -> String {
        var copy = 1
        while true {
            let candidate = directory ? (copy <= 1 ? stem : "\(stem) (\(copy))") : fileName(stem, copy: copy)
            if taken.insert(candidate.lowercased()).inserted { return candidate }
            copy += 1
        }
    }
}

/// What stops `il docs sync`, in the words every backend uses.
enum DocSyncError: Error, UserFacingError {
    case localIO(String)
    case changedDuringSync(String)
    case refused(String, hint: String)

    var summary: String {
        switch self {
        case .localIO(let text): text
        case .changedDuringSync(let path): "\(path) changed while the sync ran; it was left as it is for the next run"
        case .refused(let text, _): text
        }
    }

    var hint: String? {
        switch self {
        case .localIO: "check the directory's permissions and free space, then run the sync again"
        case .changedDuringSync: "run fieldops il docs sync again"
        case .refused(_, let hint): hint
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .refused: .usage
        default: .failure
        }
    }
}
