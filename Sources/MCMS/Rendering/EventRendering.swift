import FieldOpsCore

/// Tables for alarms, logs and CPE DHCP leases. Their JSON output is the server's own entries,
/// passed through unchanged.
public enum EventRendering {
    /// `{"_id", "Alarms": [{"Name", "Severity", "Time", "Message"}]}` → one row per alarm.
    public static func alarmTable(_ document: JSONValue) -> Table {
        var table = Table(columns: [.timestamp("Time"), .init("Severity"), .init("Name"), .init("Message")])
        for alarm in document[MCMSField.alarms]?.arrayValue ?? [] {
            table.append([
                field(alarm, MCMSField.time), field(alarm, MCMSField.severity).lowercased(),
                field(alarm, MCMSField.name), field(alarm, MCMSField.message),
            ])
        }
        return table
    }

    /// The same with critical alarms red and major ones yellow on a terminal.
    static func styledAlarmTable(_ document: JSONValue) -> StyledTable {
        let alarms = document[MCMSField.alarms]?.arrayValue ?? []
        return StyledTable(table: alarmTable(document), styles: alarms.map { AlarmSeverity.style(field($0, MCMSField.severity)) })
    }

    /// Every alarm of the fleet: severity, time, device kind, name and id, alarm and message.
    static func fleetAlarmTable(_ alarms: [FleetAlarm]) -> StyledTable {
        var table = Table(columns: [
            .init("Severity"), .timestamp("Time"), .init("Kind"), .init("Device"), .init("ID"),
            .init("Alarm"), .init("Message"),
        ])
        table.rows.reserveCapacity(alarms.count)
        for alarm in alarms {
            table.append([
                alarm.severity.lowercased() + (alarm.isNew == true ? " (new)" : "") + (alarm.silencedBy == nil ? "" : " (silenced)"),
                alarm.time,
                alarm.kind.rawValue.uppercased(),
                alarm.deviceName, alarm.deviceID,
                alarm.name, alarm.message,
            ])
        }
        // A silenced alarm is known and taken care of: listed, not shouting.
        return StyledTable(table: table, styles: alarms.map { $0.silencedBy == nil ? AlarmSeverity.style($0.severity) : nil })
    }

    /// `[{"Time", "Severity", "Message"}]`, newest first as the server sends it.
    public static func logTable(_ entries: JSONValue) -> Table {
        var table = Table(columns: [.timestamp("Time"), .init("Severity"), .init("Message")])
        for entry in entries.arrayValue ?? [] {
            table.append([field(entry, MCMSField.time), field(entry, MCMSField.severity).lowercased(), field(entry, MCMSField.message)])
        }
        return table
    }

    /// The leases of a CPE DHCP answer `[code, cpe, …]` (code already checked).
    public static func cpeTable(_ leases: [JSONValue]) -> Table {
        var table = Table(columns: [.init("MAC"), .init("IPv4"), .init("Hostname"), .timestamp("Lease expiry")])
        for lease in leases {
            table.append([
                field(lease, MCMSField.cpeMAC), field(lease, MCMSField.cpeIPv4),
                field(lease, MCMSField.cpeHostname), field(lease, MCMSField.cpeLeaseExpiry),
            ])
        }
        return table
    }

    static func field(_ value: JSONValue, _ key: String) -> String {
        value[key].map(displayText) ?? ""
    }
}
