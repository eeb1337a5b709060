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
        let join = ONUJoin(oltStates: oltStates, oltNames: oltNames)
        var rows = stateRows
        var seen = Set<String>(minimumCapacity: rows.count)
        rows.removeAll { !seen.insert($0.id).inserted }
        for index in rows.indices {
            join.complete(&rows[index], name: onuNames[rows[index].id] ?? "")
        }
        for (id, name) in onuNames where !seen.contains(id) {
            seen.insert(id)
            rows.append(join.row(id: id, name: name))
        }
        rows.sort { $0.id < $1.id }
        onus = rows
        olts = join.olts
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
