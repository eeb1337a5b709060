import FieldOpsCore

/// One line of a `firmware-bulk` report: what happened to one ONU.
///
/// The report is JSON lines so it can be appended to one ONU at a time (a crash loses at most
/// the line being written) and read with `jq`. Keys: `id`, `outcome`, `reason`, `file`,
/// `version`, `before`, `after` (each `{"pointer", "files", "versions"}` or null).
public struct BulkReportEntry: Sendable, Equatable {
    public enum Outcome: String, Sendable, CaseIterable {
        case upgraded
        case skipped
        case failed
    }

    public var id: String
    public var outcome: Outcome
    /// Why it was skipped or failed; what was written when upgraded.
    public var reason: String
    public var file: String
    public var version: String
    public var before: FirmwareBanks?
    public var after: FirmwareBanks?

    public init(id: String, outcome: Outcome, reason: String, target: FirmwareTarget,
                before: FirmwareBanks? = nil, after: FirmwareBanks? = nil) {
        self.id = id
        self.outcome = outcome
        self.reason = reason
        file = target.file
        version = target.version
        self.before = before
        self.after = after
    }

    /// The entry as a JSON object, keys in report order.
    public var json: JSONValue {
        .object(JSONObject([
            ("id", .string(id)),
            ("outcome", .string(outcome.rawValue)),
            ("reason", .string(reason)),
            ("file", .string(file)),
            ("version", .string(version)),
            ("before", before?.json ?? .null),
            ("after", after?.json ?? .null),
        ]))
    }

    /// The entry as one compact JSON line, without the newline.
    public var line: String { json.jsonString() }

    /// Reads one report line; nil for a line that is not a complete entry (a crash mid-write).
    public init?(line: String) {
        guard let value = try? JSONValue(parsing: line),
              let id = value["id"]?.stringValue,
              let outcome = value["outcome"]?.stringValue.flatMap(Outcome.init(rawValue:)),
              let file = value["file"]?.stringValue,
              let version = value["version"]?.stringValue
        else { return nil }
        self.id = id
        self.outcome = outcome
        reason = value["reason"]?.stringValue ?? ""
        self.file = file
        self.version = version
        before = FirmwareBanks(json: value["before"])
        after = FirmwareBanks(json: value["after"])
    }
}
