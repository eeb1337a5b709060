import FieldOpsCore

/// The filters, order and limit of `mcms onu list`, applied to the joined rows without the network.
public struct ONUListQuery: Sendable, Equatable {
    public enum SortKey: String, Sendable, CaseIterable {
        case name, rx, uptime, olt, state
    }

    /// The resolved MAC of `--olt`.
    public var oltMAC: String?
    public var state: RegistrationState?
    /// `--rx-below`: RX optical level strictly below this many dBm; ONUs without a level are out.
    public var rxBelow: Double?
    /// `--fec-uncorrectable-above`: the counter strictly above this.
    public var fecUncorrectableAbove: UInt64?
    public var model: String?
    public var firmware: String?
    /// `--name`: a shell glob (`*`, `?`, `[…]`), matched without regard to case.
    public var nameGlob: String?
    /// `--with-alarms`: the ids that have at least one active alarm.
    public var withAlarms: Set<String>?
    public var sort: SortKey?
    public var limit: Int?

    public init(
        oltMAC: String? = nil, state: RegistrationState? = nil, rxBelow: Double? = nil,
        fecUncorrectableAbove: UInt64? = nil, model: String? = nil, firmware: String? = nil,
        nameGlob: String? = nil, withAlarms: Set<String>? = nil, sort: SortKey? = nil, limit: Int? = nil
    ) {
        self.oltMAC = oltMAC
        self.state = state
        self.rxBelow = rxBelow
        self.fecUncorrectableAbove = fecUncorrectableAbove
        self.model = model
        self.firmware = firmware
        self.nameGlob = nameGlob
        self.withAlarms = withAlarms
        self.sort = sort
        self.limit = limit
    }

    /// True when any filter is set (not the order or the limit).
    public var filters: Bool {
        state != nil || oltMAC != nil || rxBelow != nil || fecUncorrectableAbove != nil || model != nil
            || firmware != nil || nameGlob != nil || withAlarms != nil
    }

    public func apply(to rows: [ONURow]) -> [ONURow] {
        let glob = nameGlob.map(Glob.name)
        // Unfiltered, the rows are shared rather than copied: 100,000 of them are 20 MB.
        var selected = !filters ? rows : rows.filter { matches($0, glob: glob) }
        if let sort { selected = Self.sorted(selected, by: sort) }
        if let limit, limit < selected.count { selected = Array(selected.prefix(limit)) }
        return selected
    }

    /// Whether one row passes every filter; `glob` is `nameGlob` made once by the caller.
    func matches(_ row: ONURow, glob: Glob?) -> Bool {
        if let state, row.registration != state { return false }
        if let oltMAC, row.oltMAC?.lowercased() != oltMAC.lowercased() { return false }
        if let rxBelow {
            guard let level = row.rxOptical?.double, level.isFinite, level < rxBelow else { return false }
        }
        if let fecUncorrectableAbove {
            guard let counter = row.fecUncorrectable, Self.exceeds(counter, fecUncorrectableAbove) else { return false }
        }
        if let model, row.model?.lowercased() != model.lowercased() { return false }
        if let firmware, row.activeVersion != firmware { return false }
        if let glob, !glob.matches(row.name) { return false }
        if let withAlarms, !withAlarms.contains(row.id) { return false }
        return true
    }

    /// True when `counter` is above `limit`; a counter past 64 bits (or written as a decimal)
    /// is compared by its `Double`, which is exact enough at that size.
    static func exceeds(_ counter: JSONNumber, _ limit: UInt64) -> Bool {
        if let exact = counter.uint64 { return exact > limit }
        guard let value = counter.double, value.isFinite else { return false }
        return value > Double(limit)
    }

    /// Ascending; rows lacking the key go last; ties by id so the order is stable.
    static func sorted(_ rows: [ONURow], by key: SortKey) -> [ONURow] {
        sorted(rows, by: key, row: { $0 })
    }

    /// `sorted(_:by:)` of items that each hold a row (a row and its appliance); items whose rows
    /// tie stay in the order given.
    static func sorted<Item>(_ items: [Item], by key: SortKey, row: (Item) -> ONURow) -> [Item] {
        func order<T: Comparable>(_ lhs: ONURow, _ rhs: ONURow, _ value: (ONURow) -> T?) -> Bool {
            switch (value(lhs), value(rhs)) {
            case (let left?, let right?) where left != right: return left < right
            case (nil, _?): return false
            case (_?, nil): return true
            default: return lhs.id < rhs.id
            }
        }
        switch key {
        case .name:
            return items.sorted { order(row($0), row($1)) { $0.name.isEmpty ? nil : $0.name.lowercased() } }
        case .rx:
            // Parsed once per row, not once per comparison: a 10,000-row sort compares ~130,000 times.
            let levels = items.map { item -> Double? in row(item).rxOptical?.double.flatMap { $0.isFinite ? $0 : nil } }
            return zip(items, levels).sorted { lhs, rhs in
                switch (lhs.1, rhs.1) {
                case (let left?, let right?) where left != right: left < right
                case (nil, _?): false
                case (_?, nil): true
                default: row(lhs.0).id < row(rhs.0).id
                }
            }.map(\.0)
        case .uptime:
            return items.sorted { order(row($0), row($1)) { $0.uptime } }
        case .olt:
            return items.sorted {
                order(row($0), row($1)) { row in row.oltMAC.map { OLTOrder(name: row.oltName ?? "", mac: $0) } }
            }
        case .state:
            let rank = Dictionary(uniqueKeysWithValues: RegistrationState.allCases.enumerated().map { ($1, $0) })
            return items.sorted { order(row($0), row($1)) { rank[$0.registration] } }
        }
    }

    private struct OLTOrder: Comparable {
        var name: String
        var mac: String
        static func < (lhs: OLTOrder, rhs: OLTOrder) -> Bool { (lhs.name, lhs.mac) < (rhs.name, rhs.mac) }
    }
}

extension Glob {
    /// `--name`: a glob when it has a wildcard, else the part of a name people remember
    /// ("kirkegata" finds "Kirkegata 12 kiosk").
    static func name(_ typed: String) -> Glob {
        Glob.isPattern(typed) ? Glob(typed) : Glob("*" + typed + "*")
    }

    /// "no ONUs match", naming the ONU name meant when `typed` (`--name`) is in no name of the
    /// fleet's (`names`, read only then) but a near miss of one.
    static func emptyMessage(name typed: String?, matchedAny: Bool, names: () -> [String]) -> String {
        guard let typed, !matchedAny, let guess = NameMatch.nearMiss(typed, in: names()) else { return "no ONUs match" }
        return "no ONU name matches \(typed); did you mean '\(guess)'?"
    }
}
