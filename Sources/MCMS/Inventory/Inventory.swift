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
        var registration: [String: (state: RegistrationState, olt: String)] = [:]
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
        let oltNameByMAC = Dictionary(olts.map { ($0.mac, $0.name) }, uniquingKeysWith: { first, _ in first })

        var rows: [ONURow] = []
        rows.reserveCapacity(max(onuStates.count, onuNames.count))
        var seen = Set<String>(minimumCapacity: onuStates.count)
        for state in onuStates {
            guard let id = state.id, seen.insert(id).inserted else { continue }
            let bucket = registration[id]
            let mac = state.oltMAC ?? bucket?.olt
            let active = state.activeBank
            rows.append(ONURow(
                id: id, name: onuNames[id] ?? "", oltMAC: mac, oltName: mac.flatMap { oltNameByMAC[$0] },
                registration: bucket?.state ?? .unknown,
                activeVersion: active.flatMap { state.bankVersions[$0.rawValue] },
                activeBank: active, unusablePointer: active == nil ? state.bankPointerText : nil,
                uptime: state.uptime, rxOptical: state.rxOptical, hasState: true, model: state.model,
                fecUncorrectable: state.fecUncorrectable))
        }
        for (id, name) in onuNames where !seen.contains(id) {
            seen.insert(id)
            let bucket = registration[id]
            rows.append(ONURow(id: id, name: name, oltMAC: bucket?.olt, oltName: bucket.flatMap { oltNameByMAC[$0.olt] },
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
