import FieldOpsCore

/// Ctrl-C or SIGTERM during a rollout, counted: the first stops new ONUs from starting while
/// the ones in flight finish their write and verification; the second stops waiting for those
/// verifications (their `activating` lines stay, for `--resume`).
///
/// Before the waves start, and while the canary's question waits for an answer, there is
/// nothing in flight to wait for: the first signal stops the command at once.
public final class RolloutStop: Sendable {
    public enum Phase: Sendable {
        /// Planning, confirming, or the canary's question: a signal cancels the command.
        case preparing
        /// ONUs are in flight: a first signal only stops new starts.
        case rolling
    }

    private struct State {
        var signals = 0
        var phase = Phase.preparing
    }

    private let state = Locked(State())

    public init() {}

    /// A signal arrived: no new ONU may start.
    public var requested: Bool { state.withLock { $0.signals > 0 } }

    /// Records a signal; returns how many came so far and the phase it met.
    public func record() -> (count: Int, phase: Phase) {
        state.withLock { state in
            state.signals += 1
            return (state.signals, state.phase)
        }
    }

    public func enter(_ phase: Phase) {
        state.withLock { $0.phase = phase }
    }
}
