import FieldOpsCore

#if canImport(Glibc)
    import Glibc
#endif

/// The local history of one MCMS appliance: what `mcms record` sampled, kept in
/// `$XDG_DATA_HOME/fieldops/<profile>/history.sqlite`.
///
/// The layout is chosen for size and for the two ways it is read:
/// - `samples`: one row per sample (`span` 0) and one per hour rolled up (`span` 3600), each
///   with a sequence number `seq` in the order they were written;
/// - `onu_points` / `olt_points`: one row per device per sample, whose integer primary key is
///   `seq << 24 | device` — so a sample is written at the end of the table (pages filled
///   full, no index beside it), a whole sample is one range of keys (drift reads the fleet at
///   a moment), and one device's series is one key lookup per sample (history);
/// - `devices`: the small number (`ref`) of each device, its id, name, OLT and port;
/// - `alarms`: each alarm seen, from the sample that first saw it to the one that no longer did.
///
/// Every sample is one transaction: a recorder killed mid-sample leaves the store as it was
/// before that sample.
///
/// Retention: raw samples are kept for `rawDays` (7) and rolled up into hourly points as each
/// hour ends; everything older than `keep` goes.
public final class HistoryStore {
    public let database: Database
    public var path: String { database.path }

    /// Device numbers fit in the low 24 bits of a point's key.
    static let deviceBits: Int64 = 24
    static let deviceMask: Int64 = (1 << deviceBits) - 1
    public static let hour: Int64 = 3_600_000
    public static let day: Int64 = 86_400_000
    /// How long samples are kept as taken before only their hourly roll-up remains.
    public static let rawKept: Int64 = 7 * day
    public static let fileName = "history.sqlite"

    static let migrations = Migrator([
        Migration(
            version: 1, name: "history",
            sql: """
                CREATE TABLE devices (
                    ref INTEGER PRIMARY KEY,
                    kind INTEGER NOT NULL,
                    id TEXT NOT NULL,
                    name TEXT NOT NULL DEFAULT '',
                    olt TEXT,
                    port INTEGER,
                    UNIQUE (kind, id)
                );
                CREATE TABLE samples (
                    seq INTEGER PRIMARY KEY,
                    at INTEGER NOT NULL,
                    span INTEGER NOT NULL,
                    onus INTEGER NOT NULL,
                    olts INTEGER NOT NULL
                );
                CREATE INDEX samples_by_time ON samples (span, at);
                CREATE TABLE onu_points (
                    key INTEGER PRIMARY KEY,
                    rx INTEGER, tx INTEGER,
                    fec INTEGER, fec_unc INTEGER, bip INTEGER,
                    rx_rate INTEGER, tx_rate INTEGER,
                    state INTEGER, fw INTEGER
                );
                CREATE TABLE olt_points (
                    key INTEGER PRIMARY KEY,
                    rx_rate INTEGER, tx_rate INTEGER, temperature INTEGER,
                    registered INTEGER, unprovisioned INTEGER, deregistered INTEGER, disabled INTEGER, dying_gasp INTEGER
                );
                CREATE TABLE versions (ref INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE);
                CREATE TABLE alarms (
                    id INTEGER PRIMARY KEY,
                    device INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    severity TEXT NOT NULL,
                    message TEXT NOT NULL,
                    raised_at INTEGER,
                    first_seen INTEGER NOT NULL,
                    last_seen INTEGER NOT NULL,
                    cleared_at INTEGER
                );
                CREATE INDEX alarms_open ON alarms (cleared_at, device);
                CREATE INDEX alarms_by_time ON alarms (last_seen);
                """)
    ])

    /// The store of a profile, at `directory/history.sqlite`.
    public static func path(inDataDirectory directory: String) -> String { directory + "/" + fileName }

    public init(path: String, readOnly: Bool = false) throws {
        database = try Database(path: path, options: Database.Options(readOnly: readOnly))
        if !readOnly { _ = try Self.migrations.migrate(database) }
    }

    /// Opens the store to read it, or nil when nothing was ever recorded there.
    public static func existing(path: String) throws -> HistoryStore? {
        guard access(path, F_OK) == 0 else { return nil }
        return try HistoryStore(path: path)
    }

    // MARK: Devices

    enum DeviceKind: Int64 {
        case onu = 0
        case olt = 1
    }

    struct Device {
        var ref: Int64
        var name: String
        var olt: String?
        var port: Int?
    }

    /// Every known device of a kind, by id.
    func devices(_ kind: DeviceKind) throws -> [String: Device] {
        var devices: [String: Device] = [:]
        try database.forEachColumns("SELECT ref, id, name, olt, port FROM devices WHERE kind = ?", [kind.rawValue]) { row in
            guard let ref = row.integer(0), let id = row.text(1) else { return }
            devices[id] = Device(ref: ref, name: row.text(2) ?? "", olt: row.text(3), port: row.integer(4).map { Int($0) })
        }
        return devices
    }

    /// The ref of each device of the sample, adding new ones and updating names, OLTs and ports
    /// that changed.
    private func refs(
        _ kind: DeviceKind, _ items: [(id: String, name: String?, olt: String?, port: Int?)]
    ) throws -> [String: Int64] {
        var known = try devices(kind)
        var refs: [String: Int64] = [:]
        refs.reserveCapacity(items.count)
        for item in items {
            if var device = known[item.id] {
                // What the sample does not say (a name not read, an ONU without a state) stays as it was.
                let name = item.name ?? device.name
                let olt = item.olt ?? device.olt
                let port = item.port ?? device.port
                if name != device.name || olt != device.olt || port != device.port {
                    try database.execute("UPDATE devices SET name = ?, olt = ?, port = ? WHERE ref = ?", [name, olt, port, device.ref])
                    device.name = name
                    device.olt = olt
                    device.port = port
                    known[item.id] = device
                }
                refs[item.id] = device.ref
            } else {
                try database.execute(
                    "INSERT INTO devices (kind, id, name, olt, port) VALUES (?, ?, ?, ?, ?)",
                    [kind.rawValue, item.id, item.name ?? "", item.olt, item.port])
                let ref = database.lastInsertedRowID
                guard ref <= Self.deviceMask else {
                    throw StoreError(kind: .misuse, message: "more than \(Self.deviceMask) devices in one history store", path: path)
                }
                refs[item.id] = ref
                known[item.id] = Device(ref: ref, name: item.name ?? "", olt: item.olt, port: item.port)
            }
        }
        return refs
    }

    // MARK: Writing a sample

    /// What recording one sample did.
    public struct Written: Sendable, Equatable {
        public var seq: Int64
        public var onus: Int
        public var olts: Int
        public var alarmsRaised: Int
        public var alarmsCleared: Int
        public var hoursRolledUp: Int
        public var samplesDropped: Int
    }

    /// Writes one sample, then rolls up the hours that ended and drops what is older than
    /// `keep` (milliseconds), all in one transaction.
    @discardableResult
    public func record(_ sample: HistorySample, keep: Int64) throws -> Written {
        try database.transaction { database in
            let onuRefs = try refs(
                .onu, sample.onus.map { (id: $0.id, name: sample.names[$0.id], olt: $0.olt, port: $0.port) })
            let oltRefs = try refs(.olt, sample.olts.map { (id: $0.mac, name: sample.names[$0.mac], olt: nil, port: nil) })
            try database.execute(
                "INSERT INTO samples (at, span, onus, olts) VALUES (?, 0, ?, ?)", [sample.at, sample.onus.count, sample.olts.count])
            let seq = database.lastInsertedRowID
            var versions = Dictionary(try versionTexts().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            for point in sample.onus {
                guard let ref = onuRefs[point.id] else { continue }
                var version: Int64?
                if let firmware = point.firmware {
                    if let known = versions[firmware] {
                        version = known
                    } else {
                        try database.execute("INSERT INTO versions (text) VALUES (?)", [firmware])
                        version = database.lastInsertedRowID
                        versions[firmware] = version
                    }
                }
                try database.execute(
                    "INSERT INTO onu_points VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        seq << Self.deviceBits | ref, point.rx, point.tx, point.fecCorrected, point.fecUncorrectable, point.bip,
                        point.rxRate, point.txRate, Self.stateCode(point.registration), version,
                    ])
            }
            for point in sample.olts {
                guard let ref = oltRefs[point.mac] else { continue }
                let counts = RegistrationState.bucketed.map { point.counts[$0] }
                try database.execute(
                    "INSERT INTO olt_points VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [seq << Self.deviceBits | ref, point.rxRate, point.txRate, point.temperature] + counts)
            }
            var written = Written(
                seq: seq, onus: sample.onus.count, olts: sample.olts.count, alarmsRaised: 0, alarmsCleared: 0, hoursRolledUp: 0,
                samplesDropped: 0)
            if let alarms = sample.alarms {
                var devices = onuRefs.merging(oltRefs) { first, _ in first }
                // A device with alarms but no state document (an ONU the appliance knows only by
                // its config) is still a device the alarms belong to.
                for kind in [FleetAlarm.Kind.onu, .olt] {
                    let missing = Set(alarms.filter { $0.kind == kind && devices[$0.device] == nil }.map(\.device))
                    guard !missing.isEmpty else { continue }
                    let added = try refs(
                        kind == .onu ? .onu : .olt, missing.sorted().map { (id: $0, name: sample.names[$0], olt: nil, port: nil) })
                    devices.merge(added) { first, _ in first }
                }
                (written.alarmsRaised, written.alarmsCleared) = try recordAlarms(alarms, at: sample.at, refs: devices)
            }
            written.hoursRolledUp = try rollUp(before: sample.at)
            written.samplesDropped = try drop(before: sample.at, keep: keep)
            return written
        }
    }

    /// Registration as stored: the index of the state in `RegistrationState.allCases`.
    static func stateCode(_ state: RegistrationState) -> Int64 {
        Int64(RegistrationState.allCases.firstIndex(of: state) ?? RegistrationState.allCases.count - 1)
    }

    static func state(code: Int64?) -> RegistrationState? {
        guard let code, code >= 0, code < RegistrationState.allCases.count else { return nil }
        return RegistrationState.allCases[Int(code)]
    }

    /// Opens an alarm seen for the first time, keeps open ones seen again, and closes the open
    /// ones this sample no longer saw.
    private func recordAlarms(_ alarms: [AlarmSighting], at now: Int64, refs: [String: Int64]) throws -> (raised: Int, cleared: Int) {
        // An alarm is the same alarm while its device, name, severity and own time stay; a device
        // may hold two alike (two UNI ports down), so each key holds a list.
        struct Open: Hashable {
            var device: Int64
            var name: String
            var severity: String
            var raisedAt: Int64?
        }
        var open: [Open: [Int64]] = [:]
        try database.forEachColumns("SELECT id, device, name, severity, raised_at FROM alarms WHERE cleared_at IS NULL ORDER BY id") {
            row in
            guard let id = row.integer(0), let device = row.integer(1) else { return }
            open[Open(device: device, name: row.text(2) ?? "", severity: row.text(3) ?? "", raisedAt: row.integer(4)), default: []].append(
                id)
        }
        var raised = 0
        for alarm in alarms {
            guard let ref = refs[alarm.device] else { continue }
            let key = Open(device: ref, name: alarm.name, severity: alarm.severity, raisedAt: alarm.raisedAt)
            if var ids = open[key], !ids.isEmpty {
                let id = ids.removeFirst()
                open[key] = ids
                try database.execute("UPDATE alarms SET last_seen = ? WHERE id = ?", [now, id])
            } else {
                try database.execute(
                    "INSERT INTO alarms (device, name, severity, message, raised_at, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [ref, alarm.name, alarm.severity, alarm.message, alarm.raisedAt, now, now])
                raised += 1
            }
        }
        let cleared = open.values.flatMap { $0 }
        for id in cleared { try database.execute("UPDATE alarms SET cleared_at = ? WHERE id = ?", [now, id]) }
        return (raised, cleared.count)
    }

    // MARK: Roll-up and retention

    /// Rolls every hour before the one `now` is in that has samples and no roll-up yet into one
    /// point per device: levels and rates averaged, counters, registration and firmware as the
    /// hour's last sample had them. Returns how many hours it rolled up.
    private func rollUp(before now: Int64) throws -> Int {
        let currentHour = floorDivide(now, Self.hour) * Self.hour
        var hours: [(start: Int64, first: Int64, last: Int64)] = []
        try database.forEachColumns(
            """
            SELECT at / \(Self.hour) * \(Self.hour) AS hour, min(seq), max(seq) FROM samples
            WHERE span = 0 AND at < ? AND at >= 0
              AND at / \(Self.hour) * \(Self.hour) NOT IN (SELECT at FROM samples WHERE span = \(Self.hour / 1_000))
            GROUP BY hour ORDER BY hour
            """, [currentHour]
        ) { row in
            if let start = row.integer(0), let first = row.integer(1), let last = row.integer(2) {
                hours.append((start, first, last))
            }
        }
        for hour in hours {
            try database.execute(
                """
                INSERT INTO samples (at, span, onus, olts)
                SELECT ?, \(Self.hour / 1_000), max(onus), max(olts) FROM samples WHERE span = 0 AND seq BETWEEN ? AND ?
                """, [hour.start, hour.first, hour.last])
            let seq = database.lastInsertedRowID
            let range: StatementArguments = [seq << Self.deviceBits, hour.first << Self.deviceBits, (hour.last + 1) << Self.deviceBits]
            // A bare column beside max() comes from the row that has the max: the hour's last.
            try database.execute(
                """
                INSERT INTO onu_points
                SELECT ? | (max(key) & \(Self.deviceMask)), CAST(round(avg(rx)) AS INTEGER), CAST(round(avg(tx)) AS INTEGER),
                       fec, fec_unc, bip, CAST(round(avg(rx_rate)) AS INTEGER), CAST(round(avg(tx_rate)) AS INTEGER), state, fw
                FROM onu_points WHERE key >= ? AND key < ? GROUP BY key & \(Self.deviceMask)
                """, range)
            try database.execute(
                """
                INSERT INTO olt_points
                SELECT ? | (max(key) & \(Self.deviceMask)), CAST(round(avg(rx_rate)) AS INTEGER), CAST(round(avg(tx_rate)) AS INTEGER),
                       CAST(round(avg(temperature)) AS INTEGER), registered, unprovisioned, deregistered, disabled, dying_gasp
                FROM olt_points WHERE key >= ? AND key < ? GROUP BY key & \(Self.deviceMask)
                """, range)
        }
        return hours.count
    }

    /// Drops raw samples older than `rawKept` whose hour is rolled up, and everything older
    /// than `keep`. Returns how many samples (raw or hourly) went.
    private func drop(before now: Int64, keep: Int64) throws -> Int {
        var doomed: [Int64] = []
        try database.forEachColumns(
            """
            SELECT seq FROM samples WHERE at < ?1
               OR (span = 0 AND at < ?2 AND at / \(Self.hour) * \(Self.hour) IN (SELECT at FROM samples WHERE span = \(Self.hour / 1_000)))
            """, [now - keep, now - min(keep, Self.rawKept)]
        ) { row in
            if let seq = row.integer(0) { doomed.append(seq) }
        }
        for seq in doomed {
            let range: StatementArguments = [seq << Self.deviceBits, (seq + 1) << Self.deviceBits]
            try database.execute("DELETE FROM onu_points WHERE key >= ? AND key < ?", range)
            try database.execute("DELETE FROM olt_points WHERE key >= ? AND key < ?", range)
            try database.execute("DELETE FROM samples WHERE seq = ?", [seq])
        }
        if !doomed.isEmpty {
            try database.execute("DELETE FROM alarms WHERE cleared_at IS NOT NULL AND cleared_at < ?", [now - keep])
        }
        return doomed.count
    }
}

/// `value / divisor` rounded down (Swift's rounds toward zero).
func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : (value - divisor + 1) / divisor
}
