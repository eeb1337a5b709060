import FieldOpsCore

/// What an ONU row takes from the OLTs: its registration bucket and its OLT's MAC and name.
///
/// Made once from every OLT's state (the buckets list the ONU ids) and the OLT names; then each
/// ONU row is completed on its own, so a listing can join page by page.
struct ONUJoin: Sendable {
    /// The OLT rows, by name then MAC.
    let olts: [OLTRow]
    /// Each ONU's bucket and OLT, packed (`Registration`) in an `IDTable`: looked up once a row,
    /// at random, so the table is small and a lookup one cache line (completing rows from a
    /// dictionary of (state, MAC string) pairs was an eighth of a 100,000-ONU listing).
    private let registration: IDTable
    /// The OLTs that list ONUs, by the index a `Registration` holds: their MAC and name, the OLT
    /// rows' own strings, so 100,000 rows share a handful of strings instead of each holding copies.
    private let listing: [(mac: String, name: String)]
    /// Every OLT by MAC, for an ONU whose state names an OLT other than the one listing it.
    private let oltByMAC: [String: (mac: String, name: String)]

    /// A bucket and the index of the OLT that lists the ONU in it.
    private struct Registration {
        let bits: UInt32

        init(bits: UInt32) {
            self.bits = bits
        }

        init(state: RegistrationState, olt: Int) {
            bits = UInt32(olt) << 3 | UInt32(RegistrationState.bucketed.firstIndex(of: state) ?? 7)
        }

        var state: RegistrationState {
            let index = Int(bits & 7)
            return index < RegistrationState.bucketed.count ? RegistrationState.bucketed[index] : .unknown
        }

        var olt: Int { Int(bits >> 3) }
    }

    init(oltStates: [OLTStateDocument], oltNames: [String: String]) {
        var registration = IDTable(
            count: oltStates.reduce(0) { total, state in
                total
                    + RegistrationState.bucketed.reduce(0) {
                        $0 + (state.raw[MCMSField.onuStates]?[$1.bucketKey ?? ""]?.arrayValue?.count ?? 0)
                    }
            })
        var olts: [OLTRow] = []
        var listing: [(mac: String, name: String)] = []
        var seenOLTs = Set<String>()
        for state in oltStates {
            guard let mac = state.mac else { continue }
            seenOLTs.insert(mac)
            let name = oltNames[mac] ?? ""
            let index = listing.count
            listing.append((mac, name))
            var counts: [RegistrationState: Int] = [:]
            for bucket in RegistrationState.bucketed {
                let ids = state.onuIDs(in: bucket)
                counts[bucket] = ids.count
                let entry = Registration(state: bucket, olt: index)
                // An ONU listed by two OLTs keeps the first; MCMS should not do that.
                for id in ids { registration.insertIfAbsent(id, entry.bits) }
            }
            olts.append(
                OLTRow(
                    mac: mac, name: name, counts: counts, rxRate: state.rxRate,
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
        self.listing = listing
        oltByMAC = Dictionary(olts.map { ($0.mac, (mac: $0.mac, name: $0.name)) }, uniquingKeysWith: { first, _ in first })
    }

    /// A row made of an ONU's state (`ONURow(state:)`) with its name, registration and OLT.
    func complete(_ row: inout ONURow, name: String) {
        let entry = registered(row.id)
        row.name = name
        row.registration = entry?.state ?? .unknown
        let listed = entry.map { listing[$0.olt] }
        if let mac = row.oltMAC, mac != listed?.mac {
            // The state names an OLT other than the one listing the ONU (or none lists it).
            let olt = oltByMAC[mac]
            row.oltMAC = olt?.mac ?? mac
            row.oltName = olt?.name
        } else if let listed {
            // The listing OLT's own strings, in place of the state's copy of its MAC.
            row.oltMAC = listed.mac
            row.oltName = listed.name
        } else {
            row.oltName = nil
        }
    }

    private func registered(_ id: String) -> Registration? {
        registration.value(for: id).map(Registration.init(bits:))
    }

    /// The row of an ONU that has a config but no state.
    func row(id: String, name: String) -> ONURow {
        guard let entry = registered(id) else {
            return ONURow(id: id, name: name, registration: .unknown)
        }
        let listed = listing[entry.olt]
        return ONURow(id: id, name: name, oltMAC: listed.mac, oltName: listed.name, registration: entry.state)
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
