import FieldOpsCore

/// Judges one look at an ONU being verified, with no network: what its state and its OLT's
/// buckets say about the activation.
///
/// Right after the write the ONU still runs and reports the old bank, registered: that is
/// "not yet", not a fall-back. Registering again on the old bank counts as falling back only
/// when the state document itself shows the reboot (its `Online Time` changed, or its
/// `FW Upgrade` block says failed), or — without that evidence — when it left Registered once
/// and then looked registered on the old bank on two rounds in a row. The state and the
/// buckets are two reads, not one snapshot: a state read just before the ONU came back beside
/// buckets read just after must not look like a fall-back.
public struct ActivationCheck: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable {
        case verified
        case fellBack(version: String?)
        /// Still waiting; how it looks now (`deregistered`, `downloading 40%`).
        case waiting(String)
    }

    public let target: ActivationTarget
    /// Whether a reboot has been seen on an earlier look.
    public private(set) var rebootSeen = false
    /// Looks in a row that found it registered on the old bank after a reboot was seen.
    private var oldBankLooks = 0

    public init(target: ActivationTarget) {
        self.target = target
    }

    /// Whether this state could end the wait, so its OLT's buckets are worth reading: it names
    /// the target bank and version, or the old bank after signs of a reboot.
    public func isCandidate(_ state: ONUStateDocument?) -> Bool {
        guard let state else { return false }
        if state.activeBank == target.bank, state.bankVersions[target.bank.rawValue] == target.version { return true }
        guard state.activeBank == target.fromBank else { return false }
        return rebootSeen || state.upgrade?.status == "failed"
            || (target.onlineTimeBefore != nil && state.onlineTime != nil && state.onlineTime != target.onlineTimeBefore)
    }

    /// Looks at the state alone, when the OLT buckets were not read this round (the state is no
    /// candidate for an end): a new `Online Time` or a failed block still counts as a reboot.
    public mutating func lookAtState(_ state: ONUStateDocument?) -> String {
        guard let state else {
            rebootSeen = true
            return "no ONU state"
        }
        let upgrade = state.upgrade
        if (target.onlineTimeBefore != nil && state.onlineTime != nil && state.onlineTime != target.onlineTimeBefore)
            || upgrade?.status == "failed"
        {
            rebootSeen = true
        }
        let bank = state.activeBank.map { "on bank \($0)" } ?? "on bank \(state.bankPointerText ?? "unknown")"
        return upgrade.map { "\(bank), \($0.text)" } ?? bank
    }

    /// Looks once; `state` is nil when the ONU has no state document right now.
    public mutating func look(state: ONUStateDocument?, registration: RegistrationState) -> Verdict {
        guard let state else {
            rebootSeen = true
            oldBankLooks = 0
            return .waiting("no ONU state")
        }
        let upgrade = state.upgrade
        let stateShowsReboot =
            upgrade?.status == "failed"
            || (target.onlineTimeBefore != nil && state.onlineTime != nil && state.onlineTime != target.onlineTimeBefore)
        if registration != .registered || stateShowsReboot { rebootSeen = true }
        let active = state.activeBank
        guard registration == .registered else {
            oldBankLooks = 0
            return .waiting(upgrade.map { "\(registration.word), \($0.text)" } ?? registration.word)
        }
        if active == target.bank, state.bankVersions[target.bank.rawValue] == target.version {
            return .verified
        }
        if active == target.fromBank, rebootSeen {
            oldBankLooks += 1
            if stateShowsReboot || oldBankLooks >= 2 {
                return .fellBack(version: state.bankVersions[target.fromBank.rawValue])
            }
        } else {
            oldBankLooks = 0
        }
        let bank = active.map { "bank \($0)" } ?? "bank \(state.bankPointerText ?? "unknown")"
        return .waiting("registered on \(bank)" + (upgrade.map { ", \($0.text)" } ?? ""))
    }
}
