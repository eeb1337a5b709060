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

    public struct Change: Sendable, Equatable {
        public var path: [JSONPathComponent]
        public var old: JSONValue?
        public var new: JSONValue
    }
}

/// What to do for one ONU: write a plan, or nothing because it already has the version.
public enum FirmwareDecision: Sendable, Equatable {
    case write(FirmwarePlan)
    case skip(reason: String, banks: FirmwareBanks)
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
