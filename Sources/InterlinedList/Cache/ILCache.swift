import Foundation

/// The offline cache of one profile and one user: feed, lists, folders and documents as the
/// server last sent them, so commands show data instantly and keep working offline.
///
/// Lives at `$XDG_CACHE_HOME/fieldops/<profile>/interlinedlist/<user id>/<name>.cache`, in
/// directories only the user can read. Each file is a header line and a JSON payload:
///
///     fieldops-il-cache 1 <saved at, Unix ms> <payload bytes> <FNV-1a 64 of payload, hex>
///     {"lists":[…]}
///
/// Writes go to a temporary file in the same directory, are fsynced, then renamed over the old
/// file (and the directory fsynced), so a reader sees the old file or the new one, never half.
/// A file that fails any check is deleted and reported as a warning; a cache is never fatal.
public struct ILCache: Sendable {
    /// The directory of this profile's and user's files.
    public let directory: String

    static let magic = "fieldops-il-cache"
    static let version = 1

    /// - Parameters:
    ///   - profileDirectory: the profile's cache directory, `$XDG_CACHE_HOME/fieldops/<profile>`.
    ///   - userID: the signed-in user; another user of the same profile never sees these files.
    public init(profileDirectory: String, userID: String) {
        self.directory = Self.backendDirectory(profileDirectory: profileDirectory) + "/" + Self.fileSafe(userID)
    }

    /// Everything this backend caches for a profile, whichever user: removed on logout.
    public static func backendDirectory(profileDirectory: String) -> String {
        profileDirectory + "/interlinedlist"
    }

    /// Removes every cached file of a profile (logout). A missing directory is not an error.
    public static func removeProfile(profileDirectory: String) throws {
        let path = backendDirectory(profileDirectory: profileDirectory)
        guard FileManager.default.fileExists(atPath: path) else { return }
        try FileManager.default.removeItem(atPath: path)
    }

    public func path(of name: String) -> String { directory + "/" + Self.fileSafe(name) + ".cache" }

    // MARK: Writing

    /// Saves `payload` under `name`, atomically, stamped with `savedAt` (Unix ms).
    public func store(_ payload: Data, as name: String, savedAt: Int64) throws {
        try createDirectory()
        let header = "\(Self.magic) \(Self.version) \(savedAt) \(payload.count) \(Self.checksum(payload))\n"
        var bytes = Data(header.utf8)
        bytes.append(payload)
        try AtomicFile.write(bytes, to: path(of: name), mode: 0o600)
    }

    /// Encodes `value` with the backend's one encoder and saves it.
    public func store<T: Encodable>(_ value: T, as name: String, savedAt: Int64) throws {
        try store(try ILJSON.encode(value), as: name, savedAt: savedAt)
    }

    private func createDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue { return }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    // MARK: Removing

    /// Deletes the files whose names start with `prefix` (`feed` removes every feed query's file),
    /// after a change on the server that makes them stale.
    public func remove(prefix: String) {
        let safePrefix = Self.fileSafe(prefix)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(safePrefix) && name.hasSuffix(".cache") {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }

    /// Deletes every file of this user's cache.
    public func removeAll() throws {
        guard FileManager.default.fileExists(atPath: directory) else { return }
        try FileManager.default.removeItem(atPath: directory)
    }

    // MARK: Helpers

    /// FNV-1a 64 of `data`, as 16 hex digits: cheap, and enough to catch a torn or edited file.
    static func checksum(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { buffer in
            for byte in buffer {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A name safe as one path component: letters, digits, `-`, `_` and `.` (not leading) kept,
    /// anything else written as `%XX`, so `../x` or `a/b` can never leave the directory.
    static func fileSafe(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            let keep = (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || (byte == UInt8(ascii: ".") && !out.isEmpty)
            if keep {
                out.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out.isEmpty ? "%00" : out
    }
}
