import FieldOpsCore

/// One line of a `firmware-bulk` report: what happened to one ONU.
///
/// The report is JSON lines so it can be appended to one ONU at a time (a crash loses at most
/// the line being written) and read with `jq`. Keys: `id`, `outcome`, `reason`, `file`,
/// `version`, `before`, `after` (each `{"pointer", "files", "versions"}` or null), `wave`
/// (0 is the canary; null outside a rollout), `verify` (`verified`, `fell-back`, `not-back`,
/// or null when not verified), `back_after_s` (seconds until it registered again, or null) and
/// `rolled_back` (true, false, or null when no rollback was tried).
///
/// An ONU may have several lines; the last one counts. `activating` is written as soon as the
/// pointer moved, before verification, so a crash leaves a line saying "verify me again, do not
/// write me again".
public struct BulkReportEntry: Sendable, Equatable {
    public enum Outcome: String, Sendable, CaseIterable {
        case upgraded
        case skipped
        case failed
        /// Written, being verified (an intermediate line).
        case activating
        /// Left untouched because the rollout halted.
        case notStarted = "not-started"
    }

    public var id: String
    public var outcome: Outcome
    /// Why it was skipped or failed; what was written when upgraded.
    public var reason: String
    public var file: String
    public var version: String
    public var before: FirmwareBanks?
    public var after: FirmwareBanks?
    public var wave: Int?
    public var verify: String?
    public var backAfter: Double?
    public var rolledBack: Bool?
    /// On `activating` lines: ONU-STATE `Online Time` before the write, so a resumed run can
    /// tell a reboot from "not yet".
    public var onlineBefore: String?

    public init(
        id: String, outcome: Outcome, reason: String, target: FirmwareTarget,
        before: FirmwareBanks? = nil, after: FirmwareBanks? = nil, wave: Int? = nil
    ) {
        self.id = id
        self.outcome = outcome
        self.reason = reason
        file = target.file
        version = target.version
        self.before = before
        self.after = after
        self.wave = wave
    }

    /// A failure that came from verifying, not from writing: the ONU has the write, so a resumed
    /// run must not write it again.
    public var failedAfterWrite: Bool { outcome == .failed && (verify == "fell-back" || verify == "not-back") }

    /// The entry as a JSON object, keys in report order.
    public var json: JSONValue {
        var back = JSONValue.null
        if let backAfter, let number = JSONNumber((backAfter * 10).rounded() / 10) { back = .number(number) }
        var pairs: [(String, JSONValue)] = [
            ("id", .string(id)),
            ("outcome", .string(outcome.rawValue)),
            ("reason", .string(reason)),
            ("file", .string(file)),
            ("version", .string(version)),
            ("before", before?.json ?? .null),
            ("after", after?.json ?? .null),
        ]
        pairs.append(("wave", wave.map { JSONValue.number(JSONNumber($0)) } ?? .null))
        pairs.append(("verify", verify.map(JSONValue.string) ?? .null))
        pairs.append(("back_after_s", back))
        pairs.append(("rolled_back", rolledBack.map(JSONValue.bool) ?? .null))
        if let onlineBefore { pairs.append(("online_before", .string(onlineBefore))) }
        return .object(JSONObject(pairs))
    }

    /// The entry as one compact JSON line, without the newline.
    public var line: String { json.jsonString() }

    /// Reads one report line; nil for a line that is not a complete entry (a crash mid-write,
    /// or the rollout's plan and summary lines).
    public init?(line: String) {
        guard let value = try? JSONValue(parsing: line) else { return nil }
        self.init(json: value)
    }

    public init?(json value: JSONValue) {
        guard let id = value["id"]?.stringValue,
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
        wave = value["wave"]?.numberValue?.int64.flatMap { (0...1000).contains($0) ? Int($0) : nil }
        verify = value["verify"]?.stringValue
        backAfter = value["back_after_s"]?.numberValue?.double.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        rolledBack = value["rolled_back"]?.boolValue
        onlineBefore = value["online_before"]?.stringValue
    }
}
