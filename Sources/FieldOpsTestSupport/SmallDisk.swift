import Foundation

/// A real, small file system for one test: a tmpfs of a few megabytes mounted on a fresh
/// directory, to meet a full disk with real files (ENOSPC from the kernel, not a fake).
///
/// Mounting needs root, as the test machines run the suite; where it cannot mount, `init`
/// throws and the test fails saying why: a disk-full test that did not run is not a pass.
public final class SmallDisk: Sendable {
    public let path: String

    /// Mounts the disk on `path` (created when missing: a profile's data directory, say), or on
    /// a fresh temporary directory.
    public init(megabytes: Int = 2, at path: String? = nil) throws {
        if let path {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            self.path = path
        } else {
            self.path = try TemporaryDirectory(prefix: "fieldops-small-disk").url.path
        }
        let mounted = try ProcessRunner.run(
            "/bin/mount", arguments: ["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0700", "tmpfs", self.path])
        guard mounted.exitCode == 0 else {
            throw SetupFailure(
                description: "cannot mount a \(megabytes) MB tmpfs at \(self.path) (the disk-full tests need root): \(mounted.stderr)")
        }
    }

    /// Makes the disk read-only (`ro`) or writable again, as a remount does.
    public func remount(readOnly: Bool) throws {
        let result = try ProcessRunner.run("/bin/mount", arguments: ["-o", "remount,\(readOnly ? "ro" : "rw")", path])
        guard result.exitCode == 0 else { throw SetupFailure(description: "cannot remount \(path): \(result.stderr)") }
    }

    /// Frees what `fill` took.
    public func empty() {
        try? FileManager.default.removeItem(atPath: file(".filler"))
    }

    public struct SetupFailure: Error, CustomStringConvertible {
        public var description: String
    }

    public func file(_ name: String) -> String { path + "/" + name }

    /// Bytes still free for writing.
    public var freeBytes: Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// Fills the disk with one file until `leaving` bytes (rounded to pages) are free.
    public func fill(leaving: Int = 0) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file(".filler")).creatingFile())
        defer { try? handle.close() }
        let page = Data(repeating: 0x2E, count: 4096)
        while freeBytes > leaving {
            do { try handle.write(contentsOf: page) } catch { break }
        }
    }

    /// Unmounts the disk (lazily: a process that still holds a file in it lets go later) and
    /// removes the directory it was on.
    public func remove() {
        _ = try? ProcessRunner.run("/bin/umount", arguments: ["-l", path])
        try? FileManager.default.removeItem(atPath: path)
    }

    deinit { remove() }
}

extension URL {
    fileprivate func creatingFile() -> URL {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return self
    }
}
