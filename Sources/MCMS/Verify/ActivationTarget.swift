import FieldOpsCore

/// What a verified activation waits for: the ONU back in its OLT's Registered bucket, its state
/// naming `bank` as active with `version` in it (contract: "Firmware activation as the device
/// does it").
public struct ActivationTarget: Sendable, Equatable {
    public var onuID: String
    public var bank: FirmwareBankIndex
    public var version: String
    /// The bank the ONU ran when the pointer moved: registering again on it is a fall-back.
    public var fromBank: FirmwareBankIndex
    /// ONU-STATE `ONU."Online Time"` before the write; a different one later means it rebooted.
    public var onlineTimeBefore: String?
    /// The parent OLT (ONU-STATE `OLT."MAC Address"`), whose buckets say when it is back.
    public var olt: String?

    public init(
        onuID: String, bank: FirmwareBankIndex, version: String, fromBank: FirmwareBankIndex,
        onlineTimeBefore: String?, olt: String? = nil
    ) {
        self.onuID = onuID
        self.bank = bank
        self.version = version
        self.fromBank = fromBank
        self.onlineTimeBefore = onlineTimeBefore
        self.olt = olt
    }
}

/// How a verification ended.
public enum VerifyOutcome: Sendable, Equatable {
    /// Back in Registered on the new bank with the new version, after `seconds`.
    case verified(seconds: Double)
    /// Registered again, still on the bank it came from (running `version`).
    case fellBack(version: String?, seconds: Double)
    /// Not back within the timeout; `lastSeen` says how it looked last.
    case notBack(lastSeen: String, timeout: Double)

    /// The report's `verify` word.
    public var word: String {
        switch self {
        case .verified: "verified"
        case .fellBack: "fell-back"
        case .notBack: "not-back"
        }
    }

    public var succeeded: Bool {
        if case .verified = self { return true }
        return false
    }

    /// Seconds until the ONU registered again (nil when it did not).
    public var secondsToComeBack: Double? {
        switch self {
        case .verified(let seconds), .fellBack(_, let seconds): seconds
        case .notBack: nil
        }
    }

    /// The report's reason: `verified R4.3.1 in bank 1 after 6s`, `fell back to R4.1.0`.
    public func reason(_ target: ActivationTarget) -> String {
        switch self {
        case .verified(let seconds):
            "verified \(target.version) in bank \(target.bank), back after \(DurationText.spoken(seconds))"
        case .fellBack(let version, _):
            "fell back to \(version.flatMap { $0.isEmpty ? nil : $0 } ?? "bank \(target.fromBank)")"
        case .notBack(let lastSeen, let timeout):
            "not back on \(target.version) within \(DurationText.spoken(timeout)) (last seen: \(lastSeen))"
        }
    }
}
