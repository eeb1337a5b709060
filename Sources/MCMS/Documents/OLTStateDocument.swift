import FieldOpsCore

/// Typed reads of an OLT-STATE document; everything else stays in `raw`.
public struct OLTStateDocument: Sendable, Equatable {
    public var raw: JSONValue

    public init(_ raw: JSONValue) {
        self.raw = raw
    }

    /// The OLT's MAC address, which is its id.
    public var mac: String? { raw[MCMSField.id]?.stringValue }
    public var time: String? { raw[MCMSField.time]?.stringValue }
    public var onlineTime: String? { raw[MCMSField.olt]?[MCMSField.onlineTime]?.stringValue }
    public var uptime: Uptime? { Uptime(time: time, onlineTime: onlineTime) }
    public var firmwareVersion: String? { raw[MCMSField.olt]?[MCMSField.fwVersion]?.stringValue }
    public var model: String? { raw[MCMSField.olt]?[MCMSField.model]?.stringValue }
    public var rxRate: JSONNumber? { raw[MCMSField.stats]?[MCMSField.rxRate]?.numberValue }
    public var txRate: JSONNumber? { raw[MCMSField.stats]?[MCMSField.txRate]?.numberValue }
    public var temperature: JSONNumber? { raw[MCMSField.environment]?[MCMSField.temperature]?.numberValue }
    public var uplinkLink: String? { raw[MCMSField.uplink]?[MCMSField.link]?.stringValue }
    public var uplinkSpeed: String? { raw[MCMSField.uplink]?[MCMSField.speed]?.stringValue }

    /// The ONU ids in one registration bucket (seed: registration lives here, not on the ONU).
    public func onuIDs(in state: RegistrationState) -> [String] {
        guard let key = state.bucketKey, let bucket = raw[MCMSField.onuStates]?[key]?.arrayValue else { return [] }
        return bucket.compactMap(\.stringValue)
    }
}
