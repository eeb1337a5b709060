import FieldOpsCore

/// The figures of `mcms dashboard`, computed from an inventory and every ONU's and OLT's alarms.
public struct Dashboard: Sendable, Equatable {
    public static func == (lhs: Dashboard, rhs: Dashboard) -> Bool {
        lhs.onuCount == rhs.onuCount && lhs.oltCount == rhs.oltCount && lhs.registration == rhs.registration
            && lhs.totalRxBps == rhs.totalRxBps && lhs.totalTxBps == rhs.totalTxBps && lhs.alarmsBySeverity == rhs.alarmsBySeverity
            && lhs.silencedBySeverity == rhs.silencedBySeverity && lhs.newAlarms?.count == rhs.newAlarms?.count
            && lhs.newAlarms?.since == rhs.newAlarms?.since && lhs.lowOpticalONUs == rhs.lowOpticalONUs
            && lhs.offlineOLTs == rhs.offlineOLTs
    }

    /// RX optical level (dBm) below which an ONU counts as "low optical" in the health section;
    /// a GPON class B+ receiver stops at about -28 dBm, so -27 leaves a margin to act on.
    public static let lowOpticalThreshold = -27.0
    /// An OLT whose state is this much older than the newest OLT state has stopped reporting.
    public static let staleStateSeconds: Int64 = 600

    public var onuCount: Int
    public var oltCount: Int
    public var registration: [RegistrationState: Int]
    /// Sums of the OLTs' `RX Rate bps` / `TX Rate bps`.
    public var totalRxBps: Double
    public var totalTxBps: Double
    /// Alarm counts by severity as MCMS spells it (`CRITICAL`, `MAJOR`, …).
    public var alarmsBySeverity: [String: Int]
    /// Of those, the alarms a silence covers (`mcms alarms silence`), by severity.
    public var silencedBySeverity: [String: Int] = [:]
    /// Alarms the recorder's last sample did not see, and that sample's time; nil without a history.
    public var newAlarms: (count: Int, since: Int64)?
    public var lowOpticalONUs: [String]
    /// OLTs with no state, an uplink that is not up, or a state gone stale.
    public var offlineOLTs: [String]

    /// Every active alarm of every ONU and OLT.
    public var alarmTotal: Int { alarmsBySeverity.values.reduce(0, +) }

    /// - Parameter silencedSeverities: the severity of each alarm a silence covers (counted in
    ///   `alarmSeverities` too).
    public init(inventory: Inventory, alarmSeverities: [String], silencedSeverities: [String] = []) {
        onuCount = inventory.onus.count
        oltCount = inventory.olts.count
        var registration = Dictionary(uniqueKeysWithValues: RegistrationState.allCases.map { ($0, 0) })
        for row in inventory.onus { registration[row.registration, default: 0] += 1 }
        self.registration = registration
        totalRxBps = inventory.olts.reduce(0) { $0 + Self.rate($1.rxRate) }
        totalTxBps = inventory.olts.reduce(0) { $0 + Self.rate($1.txRate) }
        var alarms: [String: Int] = [:]
        for severity in alarmSeverities { alarms[severity, default: 0] += 1 }
        alarmsBySeverity = alarms
        for severity in silencedSeverities { silencedBySeverity[severity, default: 0] += 1 }
        lowOpticalONUs = inventory.onus.filter { $0.hasLowOptical() }.map(\.id)
        let newest = inventory.olts.compactMap(\.time).max()
        offlineOLTs = inventory.olts.filter { olt in
            guard olt.hasState else { return true }
            if let link = olt.uplinkLink, link.lowercased() != "up" { return true }
            if let newest, let time = olt.time, newest.epochSeconds - time.epochSeconds > Dashboard.staleStateSeconds { return true }
            return false
        }.map(\.mac)
    }

    /// The network's figures: the appliances' counts, rates and alarms added up; the low-optical
    /// ONUs and offline OLTs of every one.
    public init(totalOf parts: [Dashboard]) {
        onuCount = parts.reduce(0) { $0 + $1.onuCount }
        oltCount = parts.reduce(0) { $0 + $1.oltCount }
        registration = parts.reduce(into: [:]) { total, part in total.merge(part.registration, uniquingKeysWith: +) }
        totalRxBps = parts.reduce(0) { $0 + $1.totalRxBps }
        totalTxBps = parts.reduce(0) { $0 + $1.totalTxBps }
        alarmsBySeverity = parts.reduce(into: [:]) { total, part in total.merge(part.alarmsBySeverity, uniquingKeysWith: +) }
        silencedBySeverity = parts.reduce(into: [:]) { total, part in total.merge(part.silencedBySeverity, uniquingKeysWith: +) }
        let news = parts.compactMap(\.newAlarms)
        newAlarms = news.isEmpty ? nil : (news.reduce(0) { $0 + $1.count }, news.map(\.since).min() ?? 0)
        lowOpticalONUs = parts.flatMap(\.lowOpticalONUs)
        offlineOLTs = parts.flatMap(\.offlineOLTs)
    }

    /// A rate a device could report; anything else (negative, non-finite) adds nothing.
    static func rate(_ number: JSONNumber?) -> Double {
        guard let value = number?.double, value.isFinite, value >= 0 else { return 0 }
        return value
    }
}
