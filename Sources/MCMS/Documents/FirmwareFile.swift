import FieldOpsCore

/// One ONU firmware image the server offers (`GET /v1/files/onu-firmware/`).
public struct FirmwareFile: Sendable, Equatable {
    public var filename: String
    public var version: String
    /// ONU models the image supports.
    public var models: [String]

    public init(filename: String, version: String, models: [String]) {
        self.filename = filename
        self.version = version
        self.models = models
    }

    /// Reads the server's list, skipping entries without a filename.
    public static func list(from value: JSONValue) -> [FirmwareFile] {
        (value.arrayValue ?? []).compactMap { entry in
            guard let filename = entry[MCMSField.fileName]?.stringValue else { return nil }
            return FirmwareFile(
                filename: filename,
                version: entry[MCMSField.fileVersion]?.stringValue ?? "",
                models: (entry[MCMSField.fileModels]?.arrayValue ?? []).compactMap(\.stringValue))
        }
    }
}
