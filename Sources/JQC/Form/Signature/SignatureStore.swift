import FieldOpsCore
import FoundationEssentials

/// A drawn signature becomes a PNG attached exactly as a photo is.
enum SignatureStore {
    static func attach(_ drawing: SignatureDrawing, store: JQCStore, localID: String, fieldID: String) throws -> LocalPhoto {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fieldops-signature-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("signature.png").path
        try SignatureImage.writePNG(drawing, to: file)
        return try store.attachPhoto(inspectionLocalID: localID, fieldID: fieldID, sourcePath: file)
    }
}
