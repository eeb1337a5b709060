import FieldOpsCore

/// Which selected ONUs a rollout upgrades, which it skips and why, and the waves it runs in —
/// decided from one projected state list and the OLT buckets, before anything is written.
public struct RolloutPlan: Sendable, Equatable {
    public enum Group: String, Sendable, CaseIterable {
        case upgrade
        case alreadyThere = "already there"
        case incompatible
        /// Procedure 7 would refuse the write (the active bank is unknown): skipped, never tried.
        case refused
        case offline
        case notSelected = "not selected"
    }

    public struct Item: Sendable, Equatable {
        public var id: String
        /// The parent OLT, for `--per-olt`; nil when unknown.
        public var olt: String?
        public var group: Group
        public var reason: String
        /// Set when an earlier run wrote this ONU and was stopped while verifying it: verify, never write.
        public var reverify: ActivationTarget?
        /// Set on a resume when the earlier run planned this ONU and left no line for it, and it
        /// now looks offline: its write may have landed just before the run stopped, and the ONU
        /// be rebooting. The step reads its config: a landed write is verified, never repeated;
        /// otherwise the ONU is skipped for this reason.
        public var skipUnlessWritten: String?

        public init(
            id: String, olt: String?, group: Group, reason: String, reverify: ActivationTarget? = nil,
            skipUnlessWritten: String? = nil
        ) {
            self.id = id
            self.olt = olt
            self.group = group
            self.reason = reason
            self.reverify = reverify
            self.skipUnlessWritten = skipUnlessWritten
        }
    }

    /// One wave: its number in the report (0 is the canary) and its ONUs in start order.
    public struct Wave: Sendable, Equatable {
        public var number: Int
        public var items: [Item]
        public var name: String { number == 0 ? "canary" : "wave \(number)" }
    }

    /// Every selected ONU in the order given.
    public var items: [Item]
    public var waves: [Wave]

    public var toUpgrade: Int { waves.reduce(0) { $0 + $1.items.count } }
    public func count(_ group: Group) -> Int { items.filter { $0.group == group }.count }
    public var skipped: [Item] { items.filter { $0.group != .upgrade } }

    /// Classifies each id. `registration` comes from the OLT buckets (seed); `states` are the
    /// projected ONU-STATE documents by id. An ONU whose state reports no usable bank pointer
    /// (`65535`: the ONU does not know which bank it runs) is skipped as refused, since
    /// Procedure 7 refuses to write it. ONUs without a state stay in "upgrade": the projected
    /// list can miss a document the ONU's own read finds, and the report says why it failed.
    ///
    /// On a resume, `unrecorded` holds the ONUs the earlier run planned to upgrade and wrote no
    /// line for: one whose write landed just before the run stopped is rebooting (offline) or
    /// already running the version, and is verified instead of skipped.
    public static func classify(
        ids: [String], states: [String: ONUStateDocument],
        registration: [String: (state: RegistrationState, olt: String?)],
        file: FirmwareFile, version: String, options: RolloutOptions,
        reverify: [String: ActivationTarget] = [:], unrecorded: Set<String> = []
    ) -> [Item] {
        ids.map { id in
            let state = states[id]
            let registered = registration[id] ?? (.unknown, nil)
            let olt = registered.olt ?? state?.oltMAC
            if let target = reverify[id] {
                return Item(id: id, olt: olt, group: .upgrade, reason: "written by the earlier run; verify again", reverify: target)
            }
            let model = state?.model ?? ""
            if !options.models.isEmpty, !options.models.contains(model) {
                return Item(
                    id: id, olt: olt, group: .notSelected,
                    reason: "model \(model.isEmpty ? "unknown" : model), not \(options.models.sorted().joined(separator: " or ")) (--model)"
                )
            }
            if !options.states.contains(registered.state) {
                let reason = "\(registered.state.word), not \(options.states.map(\.word).sorted().joined(separator: " or ")) (--state)"
                if unrecorded.contains(id) {
                    return Item(
                        id: id, olt: olt, group: .upgrade, reason: "planned by the earlier run, no line; \(reason)",
                        skipUnlessWritten: reason)
                }
                return Item(id: id, olt: olt, group: .offline, reason: reason)
            }
            if !model.isEmpty, !file.models.contains(model) {
                return Item(id: id, olt: olt, group: .incompatible, reason: "model \(model) not supported by the file")
            }
            if let state, state.activeBank == nil {
                let pointer = state.bankPointerText.map { "FW Bank Ptr \($0)" } ?? "no FW Bank Ptr"
                return Item(
                    id: id, olt: olt, group: .refused,
                    reason: "active firmware bank is unknown (\(pointer)); the write would be refused")
            }
            if let state, let active = state.activeBank, state.bankVersions[active.rawValue] == version {
                if unrecorded.contains(id) {
                    // It needed the version when the earlier run planned it: that run wrote it.
                    let booted = ActivationTarget(
                        onuID: id, bank: active, version: version, fromBank: active.other, onlineTimeBefore: nil, olt: olt)
                    return Item(
                        id: id, olt: olt, group: .upgrade, reason: "written by the earlier run, no line; verify", reverify: booted)
                }
                return Item(id: id, olt: olt, group: .alreadyThere, reason: "already running \(version) in bank \(active)")
            }
            return Item(id: id, olt: olt, group: .upgrade, reason: "")
        }
    }

    /// Puts the ONUs to upgrade into waves: the canary first, then cumulative shares of all of
    /// them. Within the order, OLTs take turns, so each wave spreads over the PONs instead of
    /// rebooting one PON after another.
    public init(items: [Item], canary: Int, shares: [Double]) {
        self.items = items
        let order = Self.interleavedByOLT(items.filter { $0.group == .upgrade })
        var waves: [Wave] = []
        var done = 0
        if canary > 0, !order.isEmpty {
            done = min(canary, order.count)
            waves.append(Wave(number: 0, items: Array(order[..<done])))
        }
        var number = 1
        for share in shares {
            let end = max(done, min(order.count, Int((share * Double(order.count)).rounded(.up))))
            guard end > done else { continue }
            waves.append(Wave(number: number, items: Array(order[done..<end])))
            number += 1
            done = end
        }
        if done < order.count { waves.append(Wave(number: number, items: Array(order[done...]))) }
        self.waves = waves
    }

    /// Keeps the waves an earlier run recorded (by id), for `--resume`; ONUs it did not list go last.
    public init(items: [Item], recordedWaves: [(number: Int, ids: [String])]) {
        self.items = items
        var remaining = Dictionary(items.filter { $0.group == .upgrade }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var waves: [Wave] = []
        for recorded in recordedWaves {
            let wave = recorded.ids.compactMap { remaining.removeValue(forKey: $0) }
            if !wave.isEmpty { waves.append(Wave(number: recorded.number, items: wave)) }
        }
        let rest = items.filter { $0.group == .upgrade && remaining[$0.id] != nil }
        if !rest.isEmpty { waves.append(Wave(number: (recordedWaves.map(\.number).max() ?? 0) + 1, items: rest)) }
        self.waves = waves
    }

    static func interleavedByOLT(_ items: [Item]) -> [Item] {
        var queues: [String: [Item]] = [:]
        var olts: [String] = []
        for item in items {
            let key = item.olt ?? ""
            if queues[key] == nil { olts.append(key) }
            queues[key, default: []].append(item)
        }
        var order: [Item] = []
        order.reserveCapacity(items.count)
        var index = 0
        while order.count < items.count {
            for olt in olts where index < queues[olt]?.count ?? 0 {
                if let item = queues[olt]?[index] { order.append(item) }
            }
            index += 1
        }
        return order
    }

    /// `900 to upgrade, 40 already there, 5 incompatible, 55 offline`.
    public var splitText: String {
        Group.allCases.compactMap { group in
            let n = group == .upgrade ? toUpgrade : count(group)
            guard n > 0 || group == .upgrade else { return nil }
            return group == .upgrade ? "\(n) to upgrade" : "\(n) \(group.rawValue)"
        }.joined(separator: ", ")
    }

    /// `canary 5, wave 1: 5, wave 2: 90, wave 3: 800`.
    public var wavesText: String {
        waves.map { "\($0.name): \($0.items.count)" }.joined(separator: ", ")
    }
}
