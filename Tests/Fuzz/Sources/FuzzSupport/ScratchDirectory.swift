import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A private directory (mode 0700) for targets whose API reads a path, made once per process
/// under `$TMPDIR` and removed when libFuzzer exits normally; the files in it are rewritten
/// for every input, so a run never fills the disk.
public final class ScratchDirectory: Sendable {
    public let path: String

    /// The process's directory; `Tests/Fuzz/run.sh` points `TMPDIR` into the build folder.
    public static let shared = ScratchDirectory()

    private init() {
        var base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        if base.isEmpty { base = "/tmp" }
        var template = Array("\(base)/fieldops-fuzz-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            fatalError("cannot create a scratch directory under \(base): errno \(errno)")
        }
        path = String(cString: made)
        atexit { ScratchDirectory.shared.removeAll() }
    }

    /// `name` inside the directory, with any directories it names created (mode 0700).
    public func file(_ name: String) -> String {
        let full = path + "/" + name
        var directory = ""
        for part in name.split(separator: "/").dropLast() {
            directory += "/" + part
            _ = mkdir(path + directory, 0o700)
        }
        return full
    }

    /// Replaces `name` with `bytes`, created with exactly `mode` (the umask does not apply).
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String, mode: mode_t = 0o600) -> String {
        let full = file(name)
        let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { fatalError("cannot write \(full): errno \(errno)") }
        defer { close(fd) }
        _ = fchmod(fd, mode)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { posixWrite(fd, $0.baseAddress, $0.count) }
            guard written > 0 else {
                if written < 0, errno == EINTR { continue }
                fatalError("cannot write \(full): errno \(errno)")
            }
            offset += written
        }
        return full
    }

    /// Deletes `name` if it exists (a file).
    public func remove(_ name: String) {
        _ = unlink(path + "/" + name)
    }

    /// Removes the directory and everything in it (symbolic links are removed, not followed).
    private func removeAll() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

// The C function, named apart from the method above that shares its name.
private func posixWrite(_ fd: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
