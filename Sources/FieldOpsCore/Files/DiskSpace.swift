internal import CGlibcExtras

#if canImport(Glibc)
    import Glibc
#endif

/// Room on a disk, asked for before it is needed.
public enum DiskSpace {
    /// Reserves `bytes` of disk past the end of the open file `descriptor` without changing its
    /// size (fallocate with FALLOC_FL_KEEP_SIZE), so later appends up to that much cannot meet a
    /// full disk. Returns the error number when the disk has no room (ENOSPC, EDQUOT) or fails
    /// otherwise; nil when reserved, or when the file system cannot reserve (EOPNOTSUPP: the
    /// appends then find out for themselves).
    public static func reserve(_ bytes: Int, after descriptor: Int32) -> Int32? {
        var info = stat()
        guard bytes > 0, fstat(descriptor, &info) == 0 else { return nil }
        guard fallocate(descriptor, FIELDOPS_FALLOC_FL_KEEP_SIZE, info.st_size, off_t(bytes)) != 0 else { return nil }
        let code = errno
        return code == EOPNOTSUPP || code == ENOSYS ? nil : code
    }

    /// " (N bytes free)" for the disk holding the file at `path`, or "" when that is unknown.
    public static func freeNote(at path: String) -> String {
        guard let disk = fileSystem(holding: path) else { return "" }
        return " (\(UInt64(disk.f_bavail) * UInt64(disk.f_frsize)) bytes free)"
    }

    /// Whether the file system holding the file at `path` is mounted read-only.
    public static func isReadOnly(at path: String) -> Bool {
        guard let disk = fileSystem(holding: path) else { return false }
        return disk.f_flag & UInt(ST_RDONLY) != 0
    }

    /// What statvfs(3) says of the file system holding the file at `path` (its directory, which
    /// exists when the file does not yet).
    private static func fileSystem(holding path: String) -> statvfs? {
        let directory = PathText.parent(of: path)
        var disk = statvfs()
        return statvfs(directory.isEmpty ? "." : directory, &disk) == 0 ? disk : nil
    }
}
