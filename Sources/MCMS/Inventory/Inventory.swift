import FieldOpsCore

/// The join behind `onu list`, `olt list` and `dashboard`: state documents, config names and
/// OLT registration buckets, fetched separately and combined here without the network.
public struct Inventory: Sendable {
    public var onus: [ONURow]
    public var olts: [OLTRow]

    /// - Parameters:
    ///   - onuStates: ONU-STATE documents (possibly projected to the listed fields).
    ///   - onuNames: `ONU.Name` by ONU id, from the projected config list; ids here without a
    ///     state document still get a row.
    ///   - oltStates: OLT-STATE documents, whose buckets give each ONU its registration (seed).
    ///   - oltNames: `OLT.Name` by MAC; MACs here without a state are OLTs that report nothing.
    public init(onuStates: [ONUStateDocument], onuNames: [String: String], oltStates: [OLTStateDocument], oltNames: [String: String]) {
        self.init(stateRows: onuStates.compactMap(ONURow.init(state:)), onuNames: onuNames, oltStates: oltStates, oltNames: oltNames)
    }

    /// The same join from rows already made of the ONU states page by page (`ONURow(state:)`),
    /// so a listing never holds the fleet's state documents.
    /// The rows are taken over (`consuming`), not copied: for 100,000 ONUs a copy is 20 MB.
    public init(stateRows: consuming [ONURow], onuNames: [String: String], oltStates: [OLTStateDocument], oltNames: [String: String]) {
        var registration: [String: (state: RegistrationState, olt: String)] = [:]
        // Sized once: growing it bucket by bucket rehashes 100,000 ids over and over.
        registration.reserveCapacity(oltStates.reduce(0) { total, state in
            total + RegistrationState.bucketed.reduce(0) { $0 + (state.raw[MCMSField.onuStates]?[$1.bucketKey ?? ""]?.arrayValue?.count ?? 0) }
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
                // An ONU listed by two OLTs keeps the first; MCMS should not do that.
                for id in ids where registration[id] == nil {
                    registration[id] = (bucket, mac)
                }
            }
            olts.append(OLTRow(mac: mac, name: oltNames[mac] ?? "", counts: counts, rxRate: state.rxRate,
                               txRate: state.txRate, temperature: state.temperature, uptime: state.uptime,
                               time: state.time.flatMap(MongoTimestamp.init), uplinkLink: state.uplinkLink, hasState: true))
        }
        for (mac, name) in oltNames where !seenOLTs.contains(mac) {
            let empty = Dictionary(uniqueKeysWithValues: RegistrationState.bucketed.map { ($0, 0) })
            olts.append(OLTRow(mac: mac, name: name, counts: empty, hasState: false))
        }
        olts.sort { ($0.name, $0.mac) < ($1.name, $1.mac) }
        // Keyed by the OLT rows' own strings, so 100,000 rows share a handful of MAC and name
        // strings instead of each holding copies.
        let oltByMAC = Dictionary(olts.map { ($0.mac, (mac: $0.mac, name: $0.name)) }, uniquingKeysWith: { first, _ in first })

        var rows = stateRows
        var seen = Set<String>(minimumCapacity: rows.count)
        rows.removeAll { !seen.insert($0.id).inserted }
        for index in rows.indices {
            let id = rows[index].id
            let bucket = registration[id]
            let mac = rows[index].oltMAC ?? bucket?.olt
            let olt = mac.flatMap { oltByMAC[$0] }
            rows[index].name = onuNames[id] ?? ""
            rows[index].oltMAC = olt?.mac ?? mac
            rows[index].oltName = olt?.name
            rows[index].registration = bucket?.state ?? .unknown
        }
        for (id, name) in onuNames where !seen.contains(id) {
            seen.insert(id)
            let bucket = registration[id]
            let olt = bucket.flatMap { oltByMAC[$0.olt] }
            rows.append(ONURow(id: id, name: name, oltMAC: olt?.mac ?? bucket?.olt, oltName: olt?.name,
                               registration: bucket?.state ?? .unknown))
        }
        rows.sort { $0.id < $1.id }
        onus = rows
        self.olts = olts
    }

    /// The rows `onu list` shows: `--olt` matches a MAC or an OLT name, `--state` one registration state.
    public func onus(olt: String? = nil, state: RegistrationState? = nil) -> [ONURow] {
        onus.filter { row in
            if let state, row.registration != state { return false }
            if let olt, row.oltMAC?.lowercased() != olt.lowercased(), row.oltName != olt { return false }
            return true
        }
    }

    /// The ONU ids registered under one OLT (every bucket), for `firmware-bulk --olt`.
    public func onuIDs(underOLT olt: String) -> [String] {
        onus(olt: olt).map(\.id)
    }
}
