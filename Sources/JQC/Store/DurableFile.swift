import FieldOpsCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Photo copies that survive a power cut before the store row pointing at them commits: the
/// bytes go to a temporary file beside the destination, which is fsynced and renamed into place,
/// and then the directory is fsynced so the rename itself is on disk. (The store commits its own
/// rows power-safe; a row must never point at a file the disk lost.)
enum DurableFile {
    /// A failed step of a copy, naming the file and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32

        var description: String { "cannot \(operation) \(path): \(String(cString: strerror(code)))" }
    }

    /// Copies `source` to `destination` (mode `mode`) durably and returns the bytes copied.
    /// On any failure the temporary file is removed and `destination` does not exist.
    @discardableResult
    static func copy(from source: String, to destination: String, mode: mode_t = 0o600) throws -> Int {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Failure(operation: "read", path: source, code: errno) }
        defer { close(input) }
        let temporary = destination + ".partial"
        // A leftover of a copy cut short by a crash: never referenced by any row.
        unlink(temporary)
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard output >= 0 else { throw Failure(operation: "create", path: temporary, code: errno) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        let total: Int
        do {
            defer { close(output) }
            total = try pump(from: input, source: source, to: output, destination: temporary)
            guard fsync(output) == 0 else { throw Failure(operation: "sync", path: temporary, code: errno) }
        }
        guard rename(temporary, destination) == 0 else { throw Failure(operation: "rename into place", path: destination, code: errno) }
        renamed = true
        try syncDirectory(of: destination)
        return total
    }

    /// Creates `directory` (mode 0700) when missing, and makes its own entry durable.
    static func makeDirectory(_ directory: String) throws {
        if mkdir(directory, 0o700) == 0 {
            try syncDirectory(of: directory)
        } else if errno != EEXIST {
            throw Failure(operation: "create directory", path: directory, code: errno)
        }
    }

    /// fsyncs the directory holding `path`, so a rename or creation in it survives a power cut.
    static func syncDirectory(of path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(operation: "open directory", path: directory, code: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw Failure(operation: "sync directory", path: directory, code: errno) }
    }

    private static func pump(from input: Int32, source: String, to output: Int32, destination: String) throws -> Int {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "read", path: source, code: errno)
            }
            if got == 0 { return total }
            var written = 0
            while written < got {
                let count = buffer.withUnsafeBytes { write(output, $0.baseAddress.map { $0 + written }, got - written) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw Failure(operation: "write", path: destination, code: errno)
                }
                written += count
            }
            total += got
        }
    }
}
