import Foundation

/// Replaces a file's contents all at once: temp file beside it, fsync, rename, fsync the directory.
enum AtomicFile {
    static func write(_ data: Data, to path: String, mode: mode_t) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = "\(directory)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do {
            try data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    guard let base = buffer.baseAddress else { break }
                    let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw failure("write", temporary)
                    }
                    offset += written
                }
            }
            guard fsync(descriptor) == 0 else { throw failure("fsync", temporary) }
            closed = true
            guard close(descriptor) == 0 else { throw failure("close", temporary) }
            guard rename(temporary, path) == 0 else { throw failure("rename into place", path) }
        } catch {
            unlink(temporary)
            throw error
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            // The rename is durable only once the directory entry is; failure here loses nothing now.
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func failure(_ step: String, _ path: String) -> ILCacheError {
        ILCacheError(step: step, path: path, reason: String(cString: strerror(errno)))
    }
}

/// A cache file could not be written.
public struct ILCacheError: Error, Sendable, CustomStringConvertible {
    public var step: String
    public var path: String
    public var reason: String
    public var description: String { "could not \(step) \(path): \(reason)" }
}
