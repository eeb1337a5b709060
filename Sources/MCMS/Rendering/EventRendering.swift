import FieldOpsCore

/// Tables for alarms, logs and CPE DHCP leases. Their JSON output is the server's own entries,
/// passed through unchanged.
public enum EventRendering {
    /// `{"_id", "Alarms": [{"Name", "Severity", "Time", "Message"}]}` → one row per alarm.
    public static func alarmTable(_ document: JSONValue) -> Table {
        var table = Table(columns: [.init("Time"), .init("Severity"), .init("Name"), .init("Message")])
        for alarm in document[MCMSField.alarms]?.arrayValue ?? [] {
            table.append([field(alarm, MCMSField.time), field(alarm, MCMSField.severity),
                          field(alarm, MCMSField.name), field(alarm, MCMSField.message)])
        }
        return table
    }

    /// `[{"Time", "Severity", "Message"}]`, newest first as the server sends it.
    public static func logTable(_ entries: JSONValue) -> Table {
        var table = Table(columns: [.init("Time"), .init("Severity"), .init("Message")])
        for entry in entries.arrayValue ?? [] {
            table.append([field(entry, MCMSField.time), field(entry, MCMSField.severity), field(entry, MCMSField.message)])
        }
        return table
    }

    /// The leases of a CPE DHCP answer `[code, cpe, …]` (code already checked).
    public static func cpeTable(_ leases: [JSONValue]) -> Table {
        var table = Table(columns: [.init("MAC"), .init("IPv4"), .init("Hostname"), .init("Lease expiry")])
        for lease in leases {
            table.append([field(lease, MCMSField.cpeMAC), field(lease, MCMSField.cpeIPv4),
                          field(lease, MCMSField.cpeHostname), field(lease, MCMSField.cpeLeaseExpiry)])
        }
        return table
    }

    static func field(_ value: JSONValue, _ key: String) -> String {
        value[key].map(displayText) ?? ""
    }
}
