import FieldOpsCore

/// One line of `mcms onu list`: an ONU's state joined with its name and registration.
public struct ONURow: Sendable, Equatable {
    public var id: String
    /// `ONU.Name` from the config document; empty when unnamed.
    public var name: String
    public var oltMAC: String?
    public var oltName: String?
    public var registration: RegistrationState
    /// The version in the active bank, nil when the active bank or its version is unknown.
    public var activeVersion: String?
    public var activeBank: FirmwareBankIndex?
    /// The raw pointer when it names no bank (`65535`), nil when it is fine or absent.
    public var unusablePointer: String?
    public var uptime: Uptime?
    /// Exactly as the ONU reported it (`-18.20`), in dBm.
    public var rxOptical: JSONNumber?
    /// False when the ONU has no state document.
    public var hasState: Bool
    /// `ONU.Model` from the state (`AP-G2110`).
    public var model: String?
    /// `STATS."FEC Uncorrectable"`, an unsigned 64-bit counter, exactly as sent.
    public var fecUncorrectable: JSONNumber?
    /// The RX level over the last week from the local history, in a listing that shows it.
    public var rxTrend: RXTrend?

    public init(
        id: String, name: String = "", oltMAC: String? = nil, oltName: String? = nil,
        registration: RegistrationState = .unknown, activeVersion: String? = nil,
        activeBank: FirmwareBankIndex? = nil, unusablePointer: String? = nil, uptime: Uptime? = nil,
        rxOptical: JSONNumber? = nil, hasState: Bool = false, model: String? = nil, fecUncorrectable: JSONNumber? = nil
    ) {
        self.id = id
        self.name = name
        self.oltMAC = oltMAC
        self.oltName = oltName
        self.registration = registration
        self.activeVersion = activeVersion
        self.activeBank = activeBank
        self.unusablePointer = unusablePointer
        self.uptime = uptime
        self.rxOptical = rxOptical
        self.hasState = hasState
        self.model = model
        self.fecUncorrectable = fecUncorrectable
    }

    /// The row as far as the ONU's state gives it: name and registration come from the join
    /// (`Inventory`). Nil for a document without an id.
    public init?(state: ONUStateDocument) {
        guard let id = state.id else { return nil }
        let active = state.activeBank
        self.init(
            id: id, oltMAC: state.oltMAC, activeVersion: active.flatMap { state.bankVersions[$0.rawValue] },
            activeBank: active, unusablePointer: active == nil ? state.bankPointerText : nil,
            uptime: state.uptime, rxOptical: state.rxOptical, hasState: true, model: state.model,
            fecUncorrectable: state.fecUncorrectable)
    }

    /// True when the RX level is below `threshold` dBm (weaker signal).
    public func hasLowOptical(threshold: Double = Dashboard.lowOpticalThreshold) -> Bool {
        guard let level = rxOptical?.double else { return false }
        return level < threshold
    }
}

/// One line of `mcms olt list`.
public struct OLTRow: Sendable, Equatable {
    public var mac: String
    public var name: String
    /// ONU counts per registration bucket (every bucketed state present, zero when empty).
    public var counts: [RegistrationState: Int]
    public var rxRate: JSONNumber?
    public var txRate: JSONNumber?
    public var temperature: JSONNumber?
    public var uptime: Uptime?
    public var time: MongoTimestamp?
    public var uplinkLink: String?
    public var hasState: Bool

    public var onuTotal: Int { counts.values.reduce(0, +) }
}
