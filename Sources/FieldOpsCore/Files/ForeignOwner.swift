#if canImport(Glibc)
    import Glibc
#endif

/// A run as root (`sudo -E fieldops …`) in a person's own data directory: every file it made
/// there (a store's WAL, a photo copy) would be root's, and that person's next run could not
/// use them ("Permission denied" at the next sync). Root refuses to write into a directory that
/// belongs to someone else; its own directories (a root-only setup) are fine.
public enum ForeignOwner {
    /// The sentence to refuse with, or nil when this process may write into `directory` (not
    /// root, the directory is root's, or it does not exist yet).
    public static func refusal(toWriteIn directory: String) -> String? {
        guard geteuid() == 0 else { return nil }
        var info = stat()
        guard stat(directory, &info) == 0, info.st_uid != 0 else { return nil }
        let owner = getpwuid(info.st_uid).map { String(cString: $0.pointee.pw_name) }.map { "\($0) (uid \(info.st_uid))" }
        return
            "refusing to write into \(directory) as root: it belongs to \(owner ?? "uid \(info.st_uid)"), and files made there now would be root's, which that user's next run could not use"
    }

    /// What to do instead.
    public static let hint = "run the command as the directory's owner, without sudo (or with sudo -u OWNER)"
}
