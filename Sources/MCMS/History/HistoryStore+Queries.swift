import FieldOpsCore

/// One point of a device's series: a sample as taken, or an hour rolled up.
public struct SeriesPoint: Sendable, Equatable {
    /// The sample's time, or the start of the hour (Unix ms).
    public var at: Int64
    /// True for an hour's roll-up (levels and rates are its averages).
    public var hourly: Bool
    public var rx: Int?
    public var tx: Int?
    public var fecCorrected: Int64?
    public var fecUncorrectable: Int64?
    public var bip: Int64?
    public var rxRate: Int64?
    public var txRate: Int64?
    public var registration: RegistrationState?
    public var firmware: String?
    /// OLTs: temperature in centi-degrees and the ONUs per registration bucket.
    public var temperature: Int?
    public var counts: [RegistrationState: Int] = [:]
}

extension HistoryStore {
    /// A device as the store knows it.
    public struct KnownDevice: Sendable, Equatable {
        public var id: String
        public var name: String
        public var olt: String?
        public var port: Int?
    }

    /// The ONU (`olt` false) or OLT whose id is `id`, any case; nil when never recorded.
    public func device(_ id: String, olt: Bool) throws -> (ref: Int64, device: KnownDevice)? {
        var found: (Int64, KnownDevice)?
        try database.forEachColumns(
            "SELECT ref, id, name, olt, port FROM devices WHERE kind = ? AND id = ? COLLATE NOCASE",
            [olt ? DeviceKind.olt.rawValue : DeviceKind.onu.rawValue, id]
        ) { row in
            guard let ref = row.integer(0), let id = row.text(1) else { return }
            found = (ref, KnownDevice(id: id, name: row.text(2) ?? "", olt: row.text(3), port: row.integer(4).map { Int($0) }))
        }
        return found
    }

    /// Every recorded device of a kind by ref.
    func knownDevices(olt: Bool) throws -> [Int64: KnownDevice] {
        var known: [Int64: KnownDevice] = [:]
        for (id, device) in try devices(olt ? .olt : .onu) {
            known[device.ref] = KnownDevice(id: id, name: device.name, olt: device.olt, port: device.port)
        }
        return known
    }

    /// The hour from which raw samples are used: raw samples cover [that hour, …), roll-ups
    /// the hours before it, so no time is counted twice.
    private func rawFrom(since: Int64, until: Int64) throws -> Int64 {
        var first: Int64?
        try database.forEachColumns("SELECT min(at) FROM samples WHERE span = 0 AND at >= ? AND at <= ?", [since, until]) { row in
            first = row.integer(0)
        }
        guard let first else { return Int64.max }
        return floorDivide(first, Self.hour) * Self.hour
    }

    /// An ONU's series from `since` to `until`, oldest first: raw samples where they are kept,
    /// hourly roll-ups before.
    public func onuSeries(ref: Int64, since: Int64, until: Int64) throws -> [SeriesPoint] {
        let versions = try versionTexts()
        var points: [SeriesPoint] = []
        try database.forEachColumns(
            """
            SELECT s.at, s.span, p.rx, p.tx, p.fec, p.fec_unc, p.bip, p.rx_rate, p.tx_rate, p.state, p.fw
            FROM samples s JOIN onu_points p ON p.key = (s.seq << \(Self.deviceBits) | ?1)
            WHERE s.at >= ?2 AND s.at <= ?3 AND ((s.span = 0 AND s.at >= ?4) OR (s.span != 0 AND s.at < ?4))
            ORDER BY s.at, s.span
            """, [ref, since, until, try rawFrom(since: since, until: until)]
        ) { row in
            points.append(
                SeriesPoint(
                    at: row.integer(0) ?? 0, hourly: (row.integer(1) ?? 0) != 0, rx: row.integer(2).map { Int($0) },
                    tx: row.integer(3).map { Int($0) }, fecCorrected: row.integer(4), fecUncorrectable: row.integer(5),
                    bip: row.integer(6), rxRate: row.integer(7), txRate: row.integer(8), registration: Self.state(code: row.integer(9)),
                    firmware: row.integer(10).flatMap { versions[$0] }))
        }
        return points
    }

    /// An OLT's series, as `onuSeries`.
    public func oltSeries(ref: Int64, since: Int64, until: Int64) throws -> [SeriesPoint] {
        var points: [SeriesPoint] = []
        try database.forEachColumns(
            """
            SELECT s.at, s.span, p.rx_rate, p.tx_rate, p.temperature, p.registered, p.unprovisioned, p.deregistered, p.disabled, p.dying_gasp
            FROM samples s JOIN olt_points p ON p.key = (s.seq << \(Self.deviceBits) | ?1)
            WHERE s.at >= ?2 AND s.at <= ?3 AND ((s.span = 0 AND s.at >= ?4) OR (s.span != 0 AND s.at < ?4))
            ORDER BY s.at, s.span
            """, [ref, since, until, try rawFrom(since: since, until: until)]
        ) { row in
            var point = SeriesPoint(
                at: row.integer(0) ?? 0, hourly: (row.integer(1) ?? 0) != 0, rxRate: row.integer(2), txRate: row.integer(3))
            point.temperature = row.integer(4).map { Int($0) }
            for (offset, state) in RegistrationState.bucketed.enumerated() {
                if let count = row.integer(5 + Int32(offset)) { point.counts[state] = Int(count) }
            }
            points.append(point)
        }
        return points
    }

    func versionTexts() throws -> [Int64: String] {
        var texts: [Int64: String] = [:]
        try database.forEachColumns("SELECT ref, text FROM versions") { row in
            if let ref = row.integer(0), let text = row.text(1) { texts[ref] = text }
        }
        return texts
    }

    /// The last `count` raw samples at or before `until`, newest first.
    func lastSamples(_ count: Int, until: Int64) throws -> [(seq: Int64, at: Int64)] {
        var samples: [(Int64, Int64)] = []
        try database.forEachColumns(
            "SELECT seq, at FROM samples WHERE span = 0 AND at <= ? ORDER BY at DESC, seq DESC LIMIT ?", [until, count]
        ) { row in
            if let seq = row.integer(0), let at = row.integer(1) { samples.append((seq, at)) }
        }
        return samples
    }

    /// The samples of one resolution in a window, oldest first.
    func samples(hourly: Bool, since: Int64, until: Int64) throws -> [(seq: Int64, at: Int64)] {
        var samples: [(Int64, Int64)] = []
        try database.forEachColumns(
            "SELECT seq, at FROM samples WHERE span \(hourly ? "!=" : "=") 0 AND at >= ? AND at <= ? ORDER BY at", [since, until]
        ) { row in
            if let seq = row.integer(0), let at = row.integer(1) { samples.append((seq, at)) }
        }
        return samples
    }

    /// Calls `body` with each ONU point of one sample: the device's ref, RX (centi-dBm) and
    /// the FEC corrected counter.
    func forEachONUPoint(ofSample seq: Int64, _ body: (_ ref: Int64, _ rx: Int?, _ fec: Int64?) -> Void) throws {
        try database.forEachColumns(
            "SELECT key & \(Self.deviceMask), rx, fec FROM onu_points WHERE key >= ? AND key < ?",
            [seq << Self.deviceBits, (seq + 1) << Self.deviceBits]
        ) { row in
            body(row.integer(0) ?? 0, row.integer(1).map { Int($0) }, row.integer(2))
        }
    }

    /// Calls `body` with each ONU's ref and RX level (centi-dBm) in one sample: the fastest read
    /// of a whole sample (drift reads 168 of them).
    func forEachONULevel(ofSample seq: Int64, _ body: (_ ref: Int, _ rx: Int64) -> Void) throws {
        let mask = Self.deviceMask
        try database.forEachColumns(
            "SELECT key, rx FROM onu_points WHERE key >= ? AND key < ? AND rx IS NOT NULL",
            [seq << Self.deviceBits, (seq + 1) << Self.deviceBits]
        ) { row in
            if let key = row.integer(0), let rx = row.integer(1) { body(Int(key & mask), rx) }
        }
    }

    // MARK: Alarms

    /// One alarm's life as the recorder (or a watch) saw it.
    public struct AlarmSpan: Sendable, Equatable {
        public var device: String
        public var deviceName: String
        public var kind: FleetAlarm.Kind
        public var name: String
        public var severity: String
        public var message: String
        /// The alarm's own time, when MCMS stamped it.
        public var raisedAt: Int64?
        public var firstSeen: Int64
        public var lastSeen: Int64
        /// The first sample that no longer saw it; nil while active.
        public var clearedAt: Int64?

        /// When it started: the alarm's own time, else when it was first seen.
        public var start: Int64 { raisedAt.map { min($0, firstSeen) } ?? firstSeen }
    }

    /// The alarms active at some time since `since` (raised before and cleared after, or still
    /// active), oldest first; only those of `device` when given.
    public func alarmSpans(since: Int64, device: String? = nil) throws -> [AlarmSpan] {
        var spans: [AlarmSpan] = []
        var arguments: StatementArguments = [since]
        var filter = ""
        if let device {
            filter = " AND d.id = ? COLLATE NOCASE"
            arguments.append(device)
        }
        try database.forEachColumns(
            """
            SELECT d.id, d.name, d.kind, a.name, a.severity, a.message, a.raised_at, a.first_seen, a.last_seen, a.cleared_at
            FROM alarms a JOIN devices d ON d.ref = a.device
            WHERE (a.cleared_at IS NULL OR a.cleared_at >= ?)\(filter)
            ORDER BY a.first_seen, d.id, a.name
            """, arguments
        ) { row in
            spans.append(
                AlarmSpan(
                    device: row.text(0) ?? "", deviceName: row.text(1) ?? "", kind: row.integer(2) == DeviceKind.olt.rawValue ? .olt : .onu,
                    name: row.text(3) ?? "", severity: row.text(4) ?? "", message: row.text(5) ?? "", raisedAt: row.integer(6),
                    firstSeen: row.integer(7) ?? 0, lastSeen: row.integer(8) ?? 0, clearedAt: row.integer(9)))
        }
        return spans
    }

    /// The alarms open at the last sample, as `AlarmSighting.key`s, and that sample's time; nil
    /// when nothing was sampled yet.
    public func openAlarms() throws -> (at: Int64, keys: Set<String>)? {
        guard let last = try lastSamples(1, until: Int64.max).first else { return nil }
        var keys: Set<String> = []
        try database.forEachColumns(
            "SELECT d.id, a.name, a.severity, a.raised_at FROM alarms a JOIN devices d ON d.ref = a.device WHERE a.cleared_at IS NULL"
        ) { row in
            keys.insert(
                AlarmSighting.key(device: row.text(0) ?? "", name: row.text(1) ?? "", severity: row.text(2) ?? "", raisedAt: row.integer(3))
            )
        }
        return (last.at, keys)
    }
}
