import Foundation

/// A real directory under the system temp dir for one test, removed when the value goes away.
final class StoreScratchDirectory {
    let path: String

    init() throws {
        let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("fieldops-store-tests")
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = (base as NSString).appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }
}
