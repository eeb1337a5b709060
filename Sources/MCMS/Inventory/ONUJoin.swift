import FieldOpsCore

/// What an ONU row takes from the OLTs: its registration bucket and its OLT's MAC and name.
///
/// Made once from every OLT's state (the buckets list the ONU ids) and the OLT names; then each
/// ONU row is completed on its own, so a listing can join page by page.
struct ONUJoin: Sendable {
    /// The OLT rows, by name then MAC.
    let olts: [OLTRow]
    private let registration: [String: (state: RegistrationState, olt: String)]
    /// Keyed by the OLT rows' own strings, so 100,000 rows share a handful of MAC and name
    /// strings instead of each holding copies.
    private let oltByMAC: [String: (mac: String, name: String)]

    init(oltStates: [OLTStateDocument], oltNames: [String: String]) {
        var registration: [String: (state: RegistrationState, olt: String)] = [:]
        // Sized once: growing it bucket by bucket rehashes 100,000 ids over and over.
        registration.reserveCapacity(
            oltStates.reduce(0) { total, state in
                total
                    + RegistrationState.bucketed.reduce(0) {
                        $0 + (state.raw[MCMSField.onuStates]?[$1.bucketKey ?? ""]?.arrayValue?.count ?? 0)
                    }
            })
        var olts: [OLTRow] = []
        var seenOLTs = Set<String>()
        for state in oltStates {
            guard let mac = state.mac else { continue }
            seenOLTs.insert(mac)
            var counts: [RegistrationState: Int] = [:]
            for bucket in RegistrationState.bucketed {
                let ids = state.onuIDs(in: bucket)
                counts[bucket] = ids.count
                // An ONU listed by two OLTs keeps the first; MCMS should not do that. (One
                // hash per id: the first is put back in the rare case it was replaced.)
                for id in ids {
                    if let first = registration.updateValue((bucket, mac), forKey: id) { registration[id] = first }
                }
            }
            olts.append(
                OLTRow(
                    mac: mac, name: oltNames[mac] ?? "", counts: counts, rxRate: state.rxRate,
                    txRate: state.txRate, temperature: state.temperature, uptime: state.uptime,
                    time: state.time.flatMap(MongoTimestamp.init), uplinkLink: state.uplinkLink, hasState: true))
        }
        for (mac, name) in oltNames where !seenOLTs.contains(mac) {
            let empty = Dictionary(uniqueKeysWithValues: RegistrationState.bucketed.map { ($0, 0) })
            olts.append(OLTRow(mac: mac, name: name, counts: empty, hasState: false))
        }
        olts.sort { ($0.name, $0.mac) < ($1.name, $1.mac) }
        self.olts = olts
        self.registration = registration
        oltByMAC = Dictionary(olts.map { ($0.mac, (mac: $0.mac, name: $0.name)) }, uniquingKeysWith: { first, _ in first })
    }

    /// A row made of an ONU's state (`ONURow(state:)`) with its name, registration and OLT.
    func complete(_ row: inout ONURow, name: String) {
        let bucket = registration[row.id]
        let mac = row.oltMAC ?? bucket?.olt
        let olt = mac.flatMap { oltByMAC[$0] }
        row.name = name
        row.oltMAC = olt?.mac ?? mac
        row.oltName = olt?.name
        row.registration = bucket?.state ?? .unknown
    }

    /// The row of an ONU that has a config but no state.
    func row(id: String, name: String) -> ONURow {
        let bucket = registration[id]
        let olt = bucket.flatMap { oltByMAC[$0.olt] }
        return ONURow(id: id, name: name, oltMAC: olt?.mac ?? bucket?.olt, oltName: olt?.name, registration: bucket?.state ?? .unknown)
    }
}

/// The rows of `onu list` made page by page: each page of state rows (in `_id` order) is merged
/// with the config names (also read page by page in `_id` order, beside the states), so the
/// ONUs that have a config but no state come in their place and the whole listing is in `_id`
/// order without a sort. Only the names not yet merged are kept.
struct ONURowMerge: Sendable {
    let join: ONUJoin
    private var names: [(id: String, name: String)] = []
    private var next = 0

    init(join: ONUJoin) {
        self.join = join
    }

    /// The last config id added, nil before any.
    var lastName: String? { names.last?.id }

    /// The next page of config names; the caller adds every name up to a state page's last id
    /// before asking for that page's rows.
    mutating func add(_ page: [(id: String, name: String)]) {
        if next > 0, next >= names.count / 2 {
            names.removeFirst(next)
            next = 0
        }
        names += page
    }

    /// The rows up to the last of `page`: its own, completed in place, and the config-only ONUs
    /// before them, inserted where they belong (a fleet has few; a page without any is returned
    /// as it came, no row copied).
    mutating func rows(_ page: consuming [ONURow]) -> [ONURow] {
        var rows = consume page
        var configOnly: [(before: Int, row: ONURow)] = []
        for index in rows.indices {
            let id = rows[index].id
            var name = ""
            // Nearly always the next name is this row's: one comparison.
            while next < names.count {
                if names[next].id == id {
                    name = names[next].name
                    next += 1
                    break
                }
                guard MCMSOrder.precedes(names[next].id, id) else { break }
                configOnly.append((index, join.row(id: names[next].id, name: names[next].name)))
                next += 1
            }
            join.complete(&rows[index], name: name)
        }
        for (offset, entry) in configOnly.enumerated() { rows.insert(entry.row, at: entry.before + offset) }
        return rows
    }

    /// The config-only ONUs after the last state.
    mutating func rest() -> [ONURow] {
        defer { next = names.count }
        return names[next...].map { join.row(id: $0.id, name: $0.name) }
    }
}
