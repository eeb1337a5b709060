import FieldOpsCore

/// What Procedure 7 would write to one ONU: the edited document and the banks before and after.
public struct FirmwarePlan: Sendable, Equatable {
    public var onuID: String
    /// The bank the ONU runs now (from its state), which the plan never writes.
    public var activeBank: FirmwareBankIndex
    /// The bank that receives the file and version.
    public var targetBank: FirmwareBankIndex
    public var stageOnly: Bool
    public var before: FirmwareBanks
    public var after: FirmwareBanks
    /// The fetched config document.
    public var original: JSONValue
    /// The document to PUT: `original` with only the bank keys and pointer changed.
    public var document: JSONValue
    /// Each changed key with its old and new value, in the order written.
    public var changes: [Change]
    /// ONU-STATE `ONU."Online Time"` when planned: a later one shows the ONU rebooted.
    public var onlineTimeBefore: String? = nil
    /// The parent OLT from the ONU's state.
    public var olt: String? = nil

    /// What verifying this write waits for; nil for a stage-only plan, which boots nothing.
    public var activation: ActivationTarget? {
        guard !stageOnly else { return nil }
        return ActivationTarget(
            onuID: onuID, bank: targetBank, version: after.versions[targetBank.rawValue] ?? "",
            fromBank: activeBank, onlineTimeBefore: onlineTimeBefore, olt: olt)
    }

    public struct Change: Sendable, Equatable {
        public var path: [JSONPathComponent]
        public var old: JSONValue?
        public var new: JSONValue
    }
}

/// What to do for one ONU: write a plan, nothing because it already has the version, or
/// nothing because the write already landed and the ONU has yet to boot it (verify only).
public enum FirmwareDecision: Sendable, Equatable {
    case write(FirmwarePlan)
    case skip(reason: String, banks: FirmwareBanks)
    case awaitingBoot(reason: String, banks: FirmwareBanks, activation: ActivationTarget)
}

/// What a person asked for: an image, its version, and whether to activate it.
public struct FirmwareTarget: Sendable, Equatable {
    public var file: String
    public var version: String
    public var stageOnly: Bool

    public init(file: String, version: String, stageOnly: Bool = false) {
        self.file = file
        self.version = version
        self.stageOnly = stageOnly
    }
}
