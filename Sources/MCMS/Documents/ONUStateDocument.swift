import FieldOpsCore

/// Typed reads of an ONU-STATE document; everything else stays in `raw`.
public struct ONUStateDocument: Sendable, Equatable {
    public var raw: JSONValue

    public init(_ raw: JSONValue) {
        self.raw = raw
    }

    public var id: String? { raw[MCMSField.id]?.stringValue }
    public var time: String? { raw[MCMSField.time]?.stringValue }
    public var onlineTime: String? { onu?[MCMSField.onlineTime]?.stringValue }
    public var uptime: Uptime? { Uptime(time: time, onlineTime: onlineTime) }

    /// The active bank as the ONU reports it; nil when absent or not 0/1 (65535 means unknown).
    public var activeBank: FirmwareBankIndex? { FirmwareBankIndex(raw[MCMSField.onu]?[MCMSField.fwBankPtr]) }
    /// The raw pointer value for display when it is not a usable bank (`65535`).
    public var bankPointerText: String? { onu?[MCMSField.fwBankPtr].map(displayText) }
    public var bankVersions: [String?] { stringPair(onu?[MCMSField.fwBankVersions]) }
    public var vendor: String? { onu?[MCMSField.vendor]?.stringValue }
    public var model: String? { onu?[MCMSField.model]?.stringValue }
    public var equipmentID: String? { onu?[MCMSField.equipmentID]?.stringValue }
    /// The parent OLT is `OLT."MAC Address"` (seed).
    public var oltMAC: String? { raw[MCMSField.olt]?[MCMSField.macAddress]?.stringValue }

    public var rxOptical: JSONNumber? { stats?[MCMSField.rxOptical]?.numberValue }
    public var txOptical: JSONNumber? { stats?[MCMSField.txOptical]?.numberValue }
    public var fecCorrected: JSONNumber? { stats?[MCMSField.fecCorrected]?.numberValue }
    public var fecUncorrectable: JSONNumber? { stats?[MCMSField.fecUncorrectable]?.numberValue }
    public var rxRate: JSONNumber? { stats?[MCMSField.rxRate]?.numberValue }
    public var txRate: JSONNumber? { stats?[MCMSField.txRate]?.numberValue }
    public var temperature: JSONNumber? { stats?[MCMSField.temperature]?.numberValue }
    public var voltage: JSONNumber? { stats?[MCMSField.voltage]?.numberValue }
    public var bias: JSONNumber? { stats?[MCMSField.bias]?.numberValue }
    public var bipErrors: JSONNumber? { stats?[MCMSField.bipErrors]?.numberValue }
    public var serial: String? { onu?[MCMSField.serial].map(displayText) }
    public var omciVersion: String? { onu?[MCMSField.omciVersion].map(displayText) }
    /// The PON port of the OLT the ONU hangs off, and its number on that port.
    public var ponPort: String? { raw[MCMSField.olt]?[MCMSField.ponPort].map(displayText) }
    public var onuIDOnPort: String? { raw[MCMSField.olt]?[MCMSField.onuIDOnPort].map(displayText) }

    /// The `UNI-ETH n` sections in document order.
    /// `"FW Upgrade"` while the ONU fetches and boots an image; nil on appliances without it.
    public var upgrade: FirmwareUpgradeProgress? { FirmwareUpgradeProgress(onu?[MCMSField.fwUpgrade]) }

    public var uniPorts: [UNIPort] {
        guard let object = raw.objectValue else { return [] }
        return object.members.compactMap { member in
            guard member.key.hasPrefix(MCMSField.uniPortPrefix) else { return nil }
            return UNIPort(
                name: member.key, link: member.value[MCMSField.link]?.stringValue,
                speed: member.value[MCMSField.speed]?.stringValue)
        }
    }

    private var onu: JSONValue? { raw[MCMSField.onu] }
    private var stats: JSONValue? { raw[MCMSField.stats] }
}

/// ONU-STATE `"FW Upgrade"`: a hint to show while an activation runs, never something to wait for.
public struct FirmwareUpgradeProgress: Sendable, Equatable {
    public var status: String
    /// 0–100, nil when absent or not a number.
    public var progress: Int?
    public var failure: String?

    init?(_ value: JSONValue?) {
        guard let value, value.objectValue != nil else { return nil }
        status = value[MCMSField.upgradeStatus].map(displayText) ?? "unknown"
        if let number = value[MCMSField.upgradeProgress]?.numberValue, let whole = number.int64, (0...100).contains(whole) {
            progress = Int(whole)
        }
        failure = value[MCMSField.upgradeFailure]?.stringValue
    }

    /// `downloading 40%`, `failed: image did not boot`.
    public var text: String {
        var out = status
        if let progress, status != "done", status != "failed" { out += " \(progress)%" }
        if let failure, !failure.isEmpty { out += ": " + failure }
        return out
    }
}

/// One Ethernet user port of an ONU.
public struct UNIPort: Sendable, Equatable {
    public var name: String
    public var link: String?
    public var speed: String?
}

/// The two-element string arrays of firmware banks; a missing or non-string element is nil.
func stringPair(_ value: JSONValue?) -> [String?] {
    let array = value?.arrayValue ?? []
    return (0..<2).map { index in index < array.count ? array[index].stringValue : nil }
}

/// A scalar as a person reads it: strings bare, numbers by their exact lexeme.
func displayText(_ value: JSONValue) -> String {
    switch value {
    case .string(let string): string
    case .number(let number): number.lexeme
    case .bool(let bool): bool ? "true" : "false"
    case .null: "null"
    case .array, .object: value.jsonString()
    }
}
