import FieldOpsCore

/// Judges one look at an ONU being verified, with no network: what its state and its OLT's
/// buckets say about the activation.
///
/// Right after the write the ONU still runs and reports the old bank, registered: that is
/// "not yet", not a fall-back. Only once it has shown that it rebooted — it left Registered, its
/// `Online Time` changed, or its `FW Upgrade` block says failed — does registering again on the
/// old bank count as falling back.
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

    public init(target: ActivationTarget) {
        self.target = target
    }

    /// Looks once; `state` is nil when the ONU has no state document right now.
    public mutating func look(state: ONUStateDocument?, registration: RegistrationState) -> Verdict {
        guard let state else {
            rebootSeen = true
            return .waiting("no ONU state")
        }
        let upgrade = state.upgrade
        if registration != .registered
            || (target.onlineTimeBefore != nil && state.onlineTime != nil && state.onlineTime != target.onlineTimeBefore)
            || upgrade?.status == "failed" {
            rebootSeen = true
        }
        let active = state.activeBank
        guard registration == .registered else {
            return .waiting(upgrade.map { "\(registration.word), \($0.text)" } ?? registration.word)
        }
        if active == target.bank, state.bankVersions[target.bank.rawValue] == target.version {
            return .verified
        }
        if active == target.fromBank, rebootSeen {
            return .fellBack(version: state.bankVersions[target.fromBank.rawValue])
        }
        let bank = active.map { "bank \($0)" } ?? "bank \(state.bankPointerText ?? "unknown")"
        return .waiting("registered on \(bank)" + (upgrade.map { ", \($0.text)" } ?? ""))
    }
}
