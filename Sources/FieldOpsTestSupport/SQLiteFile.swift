import Foundation

/// What a SQLite database file says about itself, read from its header.
public enum SQLiteFile {
    /// Whether the file is in write-ahead-log mode: the header's write and read versions
    /// (bytes 18 and 19) are 2. False for a file too short to hold a header.
    public static func isInWALMode(_ path: String) throws -> Bool {
        guard let header = FileManager.default.contents(atPath: path) else {
            throw TestSupportError("no SQLite file at \(path)")
        }
        return header.count > 19 && header[18] == 2 && header[19] == 2
    }
}
