import FoundationEssentials

/// A file a person names on the command line (an answers file, a list of ids), read with the
/// same care as the configuration: a FIFO or a device is refused before it can block or never
/// end, and a file over `limit` bytes is refused unread.
public enum LocalFile {
    /// The file's bytes; a usage error (exit 2) naming `what` and the path when it cannot be read.
    public static func read(_ path: String, limit: Int, what: String) throws -> Data {
        do {
            guard let bytes = try FileSystem.readFileIfExists(path, limit: limit) else {
                throw FieldOpsError.usage("cannot read \(what) \(path): no such file", hint: "check the path, or pass - to read from stdin")
            }
            return Data(bytes)
        } catch let error as SystemCallError {
            throw FieldOpsError.usage(
                "cannot read \(what) \(path): \(error.reason)", hint: "name a regular file of at most \(FileSystem.sizeText(limit))")
        }
    }

    /// The bytes of a regular file of at most `limit` bytes, nil when it does not exist; a
    /// `SystemCallError` for anything else (a FIFO, a directory, no permission, too large).
    public static func readIfExists(_ path: String, limit: Int) throws -> [UInt8]? {
        try FileSystem.readFileIfExists(path, limit: limit)
    }
}
