import Foundation

/// A fresh directory under the system temp dir, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    public init(prefix: String = "fieldops-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes a file of `size` bytes in 1 MiB chunks (never holding it all in memory).
    @discardableResult
    public func makeFile(_ name: String, size: Int, byte: UInt8 = 0x61) throws -> String {
        let path = self.path(name)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let chunk = Data(repeating: byte, count: 1 << 20)
        var remaining = size
        while remaining > 0 {
            let piece = min(remaining, chunk.count)
            try handle.write(contentsOf: chunk.prefix(piece))
            remaining -= piece
        }
        return path
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
