import FieldOpsCore

/// What the recorder keeps of one ONU at one sample: the values that matter over time, as
/// small integers so a sample of a large fleet stays small on disk.
///
/// Optical levels are centi-dBm (`-18.20` → `-1820`), exact to what MCMS sends (two decimals);
/// counters are clamped to `Int64.max` (SQLite's integers are signed; an unsigned counter past
/// that is already meaningless as a rate). A value the ONU did not report is nil.
public struct ONUPoint: Sendable, Equatable {
    public var id: String
    public var olt: String?
    public var port: Int?
    public var rx: Int?
    public var tx: Int?
    public var fecCorrected: Int64?
    public var fecUncorrectable: Int64?
    public var bip: Int64?
    public var rxRate: Int64?
    public var txRate: Int64?
    public var registration: RegistrationState = .unknown
    /// The version in the active bank, nil when the pointer names no bank.
    public var firmware: String?

    public init(id: String) { self.id = id }

    /// What the recorder reads of each ONU state.
    public static let projection = """
        {"OLT.MAC Address":1,"OLT.PON Port":1,"ONU.FW Bank Ptr":1,"ONU.FW Bank Versions":1,\
        "STATS.RX Optical Level":1,"STATS.TX Optical Level":1,"STATS.FEC Corrected":1,"STATS.FEC Uncorrectable":1,\
        "STATS.BIP Errors":1,"STATS.RX Rate bps":1,"STATS.TX Rate bps":1}
        """

    /// The point of one ONU-STATE document, read straight from a page's text.
    public static func read(state reader: inout JSONReader) throws(JSONReader.Declined) -> (id: String?, item: ONUPoint?) {
        var point = ONUPoint(id: "")
        var id: String?
        var pointer: JSONValue?
        var versions: (String?, String?)
        let isObject = try reader.object { (reader, key) throws(JSONReader.Declined) in
            if key == "_id" {
                id = try reader.string()
            } else if key == "OLT" {
                _ = try reader.object { (reader, key) throws(JSONReader.Declined) in
                    if key == "MAC Address" {
                        point.olt = try reader.string()
                    } else if key == "PON Port" {
                        point.port = try reader.number().flatMap(\.int64).flatMap { Int(exactly: $0) }
                    }
                }
            } else if key == "ONU" {
                _ = try reader.object { (reader, key) throws(JSONReader.Declined) in
                    if key == "FW Bank Ptr" {
                        pointer = try reader.value()
                    } else if key == "FW Bank Versions" {
                        versions = try ONURow.bankVersions(&reader)
                    }
                }
            } else if key == "STATS" {
                _ = try reader.object { (reader, key) throws(JSONReader.Declined) in
                    if key == "RX Optical Level" {
                        point.rx = centi(try reader.number())
                    } else if key == "TX Optical Level" {
                        point.tx = centi(try reader.number())
                    } else if key == "FEC Corrected" {
                        point.fecCorrected = counter(try reader.number())
                    } else if key == "FEC Uncorrectable" {
                        point.fecUncorrectable = counter(try reader.number())
                    } else if key == "BIP Errors" {
                        point.bip = counter(try reader.number())
                    } else if key == "RX Rate bps" {
                        point.rxRate = counter(try reader.number())
                    } else if key == "TX Rate bps" {
                        point.txRate = counter(try reader.number())
                    }
                }
            }
        }
        guard isObject, let id else { return (id: nil, item: nil) }
        point.id = id
        if let bank = FirmwareBankIndex(pointer) { point.firmware = bank.rawValue == 0 ? versions.0 : versions.1 }
        return (id: id, item: point)
    }

    /// `-18.20` → `-1820`; nil for a value that is not a plausible level in dBm.
    static func centi(_ number: JSONNumber?) -> Int? {
        guard let value = number?.double, value.isFinite, abs(value) < 1_000 else { return nil }
        return Int((value * 100).rounded())
    }

    /// A counter or a rate, at most `Int64.max`; nil when it is not a whole non-negative number.
    static func counter(_ number: JSONNumber?) -> Int64? {
        guard let number, number.isIntegerLexeme else { return nil }
        if let value = number.int64 { return value >= 0 ? value : nil }
        return number.uint64 != nil ? Int64.max : nil
    }
}

/// What the recorder keeps of one OLT at one sample.
public struct OLTPoint: Sendable, Equatable {
    public var mac: String
    public var rxRate: Int64?
    public var txRate: Int64?
    /// Centi-degrees Celsius.
    public var temperature: Int?
    /// ONUs per registration bucket.
    public var counts: [RegistrationState: Int] = [:]

    public init(mac: String) { self.mac = mac }

    init?(_ document: OLTStateDocument) {
        guard let mac = document.mac else { return nil }
        self.mac = mac
        rxRate = ONUPoint.counter(document.rxRate)
        txRate = ONUPoint.counter(document.txRate)
        temperature = ONUPoint.centi(document.temperature)
        for state in RegistrationState.bucketed { counts[state] = document.onuIDs(in: state).count }
    }
}

/// An active alarm as one sample saw it.
public struct AlarmSighting: Sendable, Equatable, Hashable {
    public var device: String
    public var kind: FleetAlarm.Kind
    public var name: String
    public var severity: String
    public var message: String
    /// The alarm's own time (Unix ms) when MCMS stamped it readably.
    public var raisedAt: Int64?

    init(_ alarm: FleetAlarm) {
        device = alarm.deviceID
        kind = alarm.kind
        name = alarm.name
        severity = alarm.severity.lowercased()
        message = alarm.message
        raisedAt = alarm.timestamp.map { $0.epochSeconds * 1_000 + Int64($0.microseconds / 1_000) }
    }

    /// The alarm's identity across samples: device, name, severity and its own time.
    static func key(device: String, name: String, severity: String, raisedAt: Int64?) -> String {
        [device.lowercased(), name, severity.lowercased(), raisedAt.map(String.init) ?? ""].joined(separator: "\u{1F}")
    }

    var key: String { Self.key(device: device, name: name, severity: severity, raisedAt: raisedAt) }

    public init(device: String, kind: FleetAlarm.Kind, name: String, severity: String, message: String = "", raisedAt: Int64? = nil) {
        self.device = device
        self.kind = kind
        self.name = name
        self.severity = severity
        self.message = message
        self.raisedAt = raisedAt
    }
}

/// One sample of one appliance: every ONU and OLT, the names, the active alarms.
public struct HistorySample: Sendable {
    /// When it was taken (the injectable `WallClock`), Unix ms.
    public var at: Int64
    public var onus: [ONUPoint] = []
    public var olts: [OLTPoint] = []
    /// Friendly names by device id (ONUs and OLTs), as far as they were read.
    public var names: [String: String] = [:]
    /// Nil when the alarms could not be read: alarm history is then left as it was.
    public var alarms: [AlarmSighting]? = []

    public init(at: Int64) { self.at = at }
}
