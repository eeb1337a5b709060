import FieldOpsCore

/// The firmware fields of an ONU-CFG document: both banks' files and versions and the pointer.
public struct FirmwareBanks: Sendable, Equatable {
    public var files: [String?]
    public var versions: [String?]
    /// The pointer exactly as the document holds it (`1`, `65535`), nil when absent.
    public var pointer: String?

    public init(files: [String?], versions: [String?], pointer: String?) {
        self.files = files
        self.versions = versions
        self.pointer = pointer
    }

    /// Reads the `ONU` section of a config document.
    public init(config: JSONValue) {
        let onu = config[MCMSField.onu]
        files = stringPair(onu?[MCMSField.fwBankFiles])
        versions = stringPair(onu?[MCMSField.fwBankVersions])
        pointer = onu?[MCMSField.fwBankPtr].map(displayText)
    }

    /// The report's JSON form: `{"pointer": "1", "files": [...], "versions": [...]}`.
    public var json: JSONValue {
        func strings(_ values: [String?]) -> JSONValue { .array(values.map { $0.map(JSONValue.string) ?? .null }) }
        return .object(
            JSONObject([
                ("pointer", pointer.map(JSONValue.string) ?? .null),
                ("files", strings(files)),
                ("versions", strings(versions)),
            ]))
    }

    /// Reads the report's JSON form back.
    public init?(json: JSONValue?) {
        guard let json, json.objectValue != nil else { return nil }
        files = stringPair(json["files"])
        versions = stringPair(json["versions"])
        pointer = json["pointer"]?.stringValue
    }
}
