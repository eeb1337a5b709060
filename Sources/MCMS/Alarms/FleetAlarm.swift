import FieldOpsCore

/// One active alarm of one device, with the device it belongs to.
public struct FleetAlarm: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case onu
        case olt
    }

    public var kind: Kind
    public var deviceID: String
    /// The device's friendly name (`ONU.Name` / `OLT.Name`); empty when unnamed.
    public var deviceName: String
    public var name: String
    public var severity: String
    /// As the server wrote it.
    public var time: String
    public var message: String
    /// The alarm entry exactly as received.
    public var raw: JSONValue
    /// `time` parsed, nil when it is not an MCMS timestamp.
    public var timestamp: MongoTimestamp?
    /// The id of the silence that covers it (`mcms alarms silence`), nil when none does.
    public var silencedBy: String?
    /// True when the recorder's last sample did not see it; nil without a history.
    public var isNew: Bool?

    public init(
        kind: Kind, deviceID: String, deviceName: String, name: String, severity: String, time: String,
        message: String, raw: JSONValue
    ) {
        self.kind = kind
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.name = name
        self.severity = severity
        self.time = time
        self.message = message
        self.raw = raw
        timestamp = MongoTimestamp(time)
    }

    /// Reads the alarms of one `{"_id", "Alarms": […]}` document.
    public static func alarms(in document: JSONValue, kind: Kind, names: [String: String]) -> [FleetAlarm] {
        guard let id = document[MCMSField.id]?.stringValue else { return [] }
        let name = names[id] ?? ""
        return (document[MCMSField.alarms]?.arrayValue ?? []).map { entry in
            FleetAlarm(
                kind: kind, deviceID: id, deviceName: name,
                name: entry[MCMSField.name].map(displayText) ?? "",
                severity: entry[MCMSField.severity].map(displayText) ?? "UNKNOWN",
                time: entry[MCMSField.time].map(displayText) ?? "",
                message: entry[MCMSField.message].map(displayText) ?? "",
                raw: entry)
        }
    }

    /// Most severe first, then newest first; ties by device id so the order is stable.
    public static func sorted(_ alarms: [FleetAlarm]) -> [FleetAlarm] {
        alarms.sorted(by: precedes)
    }

    /// The order of `sorted`: true when `lhs` is listed before `rhs`.
    /// Silenced alarms after the others, then by severity and time.
    public static func precedes(_ lhs: FleetAlarm, _ rhs: FleetAlarm) -> Bool {
        if (lhs.silencedBy == nil) != (rhs.silencedBy == nil) { return lhs.silencedBy == nil }
        let left = AlarmSeverity.rank(lhs.severity)
        let right = AlarmSeverity.rank(rhs.severity)
        if left != right { return left < right }
        let leftTime = lhs.timestamp
        let rightTime = rhs.timestamp
        if leftTime != rightTime {
            // A time that does not parse sorts after every one that does.
            guard let leftTime else { return false }
            guard let rightTime else { return true }
            return leftTime > rightTime
        }
        return (lhs.deviceID, lhs.name) < (rhs.deviceID, rhs.name)
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("kind", .string(kind.rawValue)),
                ("id", .string(deviceID)),
                ("name", .string(deviceName)),
                ("alarm", .string(name)),
                ("severity", .string(severity)),
                ("time", .string(time)),
                ("message", .string(message)),
                ("silenced", silencedBy.map(JSONValue.string) ?? .null),
                ("new", isNew.map(JSONValue.bool) ?? .null),
            ]))
    }
}

/// Which alarms `mcms alarms` shows: `--severity`, `--kind`, `--olt`.
public struct AlarmFilter: Sendable, Equatable {
    /// Upper-cased severities; empty means all.
    public var severities: Set<String> = []
    public var kind: FleetAlarm.Kind?
    /// The OLT's MAC, and the ONUs under it, when `--olt` was given.
    public var oltMAC: String?
    public var onusOfOLT: Set<String> = []

    public init(severities: Set<String> = [], kind: FleetAlarm.Kind? = nil, oltMAC: String? = nil, onusOfOLT: Set<String> = []) {
        self.severities = Set(severities.map { $0.uppercased() })
        self.kind = kind
        self.oltMAC = oltMAC
        self.onusOfOLT = onusOfOLT
    }

    public func admits(_ alarm: FleetAlarm) -> Bool {
        if !severities.isEmpty, !severities.contains(alarm.severity.uppercased()) { return false }
        if let kind, alarm.kind != kind { return false }
        if let oltMAC {
            switch alarm.kind {
            case .olt: if alarm.deviceID.lowercased() != oltMAC.lowercased() { return false }
            case .onu: if !onusOfOLT.contains(alarm.deviceID) { return false }
            }
        }
        return true
    }
}
