import FieldOpsCore

/// Every MCMS request path, in one table.
///
/// Paths are relative to the base URL, which ends in `/api` (seed). Ids stay raw here: the HTTP
/// core percent-encodes each segment exactly once, so a MAC's `:` stays a `:` — encoding it
/// twice makes MCMS answer "invalid id" (seed).
public enum MCMSEndpoint: Sendable, Equatable {
    case authenticate
    case logout
    case onuStates
    case onuState(String)
    case onuConfigs
    case onuConfig(String)
    case onuAlarms(String)
    /// Every ONU's alarms document in one answer.
    case onuAlarmList
    case onuLogs(String)
    case oltStates
    case oltState(String)
    case oltConfigs
    case oltConfig(String)
    case oltAlarms(String)
    /// Every OLT's alarms document in one answer.
    case oltAlarmList
    case oltLogs(String)
    case onuFirmwareFiles
    /// The web helper for CPE DHCP leases: no `/v1`, a bare array, no envelope (seed).
    case cpe(String)

    /// The raw path segments below the base URL; every path ends with a slash, as Django wants.
    public var segments: [String] {
        switch self {
        case .authenticate: ["v1", "users", "authenticate", ""]
        case .logout: ["v1", "users", "logout", ""]
        case .onuStates: ["v1", "onus", "states", ""]
        case .onuState(let id): ["v1", "onus", "states", id, ""]
        case .onuConfigs: ["v1", "onus", "configs", ""]
        case .onuConfig(let id): ["v1", "onus", "configs", id, ""]
        case .onuAlarms(let id): ["v1", "onus", "alarms", id, ""]
        case .onuAlarmList: ["v1", "onus", "alarms", ""]
        case .onuLogs(let id): ["v1", "onus", "logs", id, ""]
        case .oltStates: ["v1", "olts", "states", ""]
        case .oltState(let mac): ["v1", "olts", "states", mac, ""]
        case .oltConfigs: ["v1", "olts", "configs", ""]
        case .oltConfig(let mac): ["v1", "olts", "configs", mac, ""]
        case .oltAlarms(let mac): ["v1", "olts", "alarms", mac, ""]
        case .oltAlarmList: ["v1", "olts", "alarms", ""]
        case .oltLogs(let mac): ["v1", "olts", "logs", mac, ""]
        case .onuFirmwareFiles: ["v1", "files", "onu-firmware", ""]
        case .cpe(let id): ["cpe", "onu", id, ""]
        }
    }

    /// True for the one endpoint whose answer is not wrapped in `{"status", "data"}`.
    public var isBareResponse: Bool {
        if case .cpe = self { return true }
        return false
    }

    /// The kind of device and its id, for "no ONU with id …" messages.
    public var subject: (kind: String, id: String)? {
        switch self {
        case .onuState(let id), .onuConfig(let id), .onuAlarms(let id), .onuLogs(let id), .cpe(let id): ("ONU", id)
        case .oltState(let mac), .oltConfig(let mac), .oltAlarms(let mac), .oltLogs(let mac): ("OLT", mac)
        default: nil
        }
    }

    /// The path for messages and traces, ids shown raw (`/v1/olts/configs/70:b3:d5:52:31:27/`).
    public var displayPath: String { "/" + segments.joined(separator: "/") }

    /// The base URL with `/api` appended when the profile left it out (seed).
    public static func normalizedBaseURL(_ base: String) -> String {
        var trimmed = base
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed.hasSuffix("/api") ? trimmed : trimmed + "/api"
    }
}
