import FieldOpsCore

/// Verifies many activations at once with a few list requests per round, not one request per
/// ONU per second (contract: the load note on polling a shared appliance).
///
/// Each round reads the state of every ONU being verified in one `GET /v1/onus/states/` with a
/// `query` on `_id` and a `projection`, and the registration buckets of their OLTs in one
/// projected `GET /v1/olts/states/` — beside it when an ONU is due back, else only after it and
/// only when some state looks like it could be back.
///
/// Rounds come as the load rule allows — each ONU being verified costs at most one request per
/// `devicePeriod` (5 s by default), counting the requests the last round needed: with 64 ONUs
/// waiting a round comes every `minimumTick`, with one ONU every 5 to 10 s. What those rounds
/// leave of the rule is saved as an allowance (every waiting ONU adds one request per
/// `devicePeriod`, every request spends one, at most `burst` kept) and spent where it matters:
/// once an ONU has been booting nearly as long as the quickest one this watch saw come back,
/// extra rounds come as often as every `nearTick`, paced to spread what is saved over at least
/// a `devicePeriod`. A reboot is then seen within a fraction of a second of its end instead of
/// up to a whole round later, and a wave's last ONUs, which alone would be read every few
/// seconds, are watched with what the many before them did not use. Over the whole
/// verification the requests stay within the rule.
public actor ActivationWatch {
    public struct Settings: Sendable, Equatable {
        /// How long an ONU may take to come back before it is "not back".
        public var timeout: Double
        public var devicePeriod: Double
        /// The shortest spacing of rounds while no ONU is due back.
        public var minimumTick: Double
        /// The shortest spacing of rounds once one is.
        public var nearTick: Double

        public init(timeout: Double = 600, devicePeriod: Double = 5, minimumTick: Double = 1, nearTick: Double = 0.5) {
            self.timeout = timeout
            self.devicePeriod = devicePeriod
            self.minimumTick = minimumTick
            self.nearTick = min(nearTick, minimumTick)
        }
    }

    /// Called when an ONU's `FW Upgrade` hint or registration changes (`downloading 40%`).
    public typealias ProgressSink = @Sendable (_ onuID: String, _ status: String) -> Void

    /// Ids per list request: keeps the `query` well inside a URL's length.
    static let idsPerRequest = 200
    /// The most requests the allowance saves up: enough for rounds with both reads every
    /// `nearTick` for one `devicePeriod`, not a flood when a rollout goes quiet.
    var burst: Double { 2 * settings.devicePeriod / settings.nearTick }
    /// An ONU is due back once it has been booting this share of the quickest comeback seen.
    static let dueShare = 0.8

    private struct Waiter {
        var check: ActivationCheck
        let olt: String?
        let started: ContinuousClock.Instant
        let deadline: ContinuousClock.Instant
        var lastSeen: String
        let continuation: CheckedContinuation<VerifyOutcome, Never>
    }

    private let repository: MCMSRepository
    private let settings: Settings
    private let progress: ProgressSink?
    private var waiters: [String: Waiter] = [:]
    private var loop: Task<Void, Never>?
    /// Requests the load rule still allows (see the type's comment), as of `accruedAt`.
    private var allowance = 0.0
    /// Requests the last round needed (1 or 2 per 200 ONUs), for spacing the next one.
    private var lastRoundRequests = 1
    private var accruedAt = ContinuousClock.now
    /// The shortest time an ONU of this watch took to register again: when the others are due.
    private var quickestComeback: Double?

    public init(repository: MCMSRepository, settings: Settings, progress: ProgressSink? = nil) {
        self.repository = repository
        self.settings = settings
        self.progress = progress
    }

    /// Waits until the ONU is verified, fell back, or the timeout passes. With the target's OLT
    /// known only that OLT's buckets are read. Cancelled, it returns at once with "not back …
    /// interrupted"; the caller checks for cancellation.
    public func verify(_ target: ActivationTarget) async -> VerifyOutcome {
        let id = target.onuID
        let olt = target.olt
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                add(target, olt: olt, continuation: continuation)
            }
        } onCancel: {
            Task { await self.finish(id, .notBack(lastSeen: "interrupted", timeout: 0)) }
        }
    }

    private func add(_ target: ActivationTarget, olt: String?, continuation: CheckedContinuation<VerifyOutcome, Never>) {
        if Task.isCancelled {
            continuation.resume(returning: .notBack(lastSeen: "interrupted", timeout: 0))
            return
        }
        finish(target.onuID, .notBack(lastSeen: "verified again by a later write", timeout: 0))
        let now = ContinuousClock.now
        accrue(now)
        waiters[target.onuID] = Waiter(
            check: ActivationCheck(target: target), olt: olt, started: now,
            deadline: now + .milliseconds(Int64(settings.timeout * 1000)),
            lastSeen: "not looked at yet", continuation: continuation)
        if loop == nil {
            loop = Task { await self.run() }
        }
    }

    private func finish(_ id: String, _ outcome: VerifyOutcome) {
        guard waiters[id] != nil else { return }
        accrue(ContinuousClock.now)
        guard let waiter = waiters.removeValue(forKey: id) else { return }
        if let seconds = outcome.secondsToComeBack { quickestComeback = min(quickestComeback ?? seconds, seconds) }
        waiter.continuation.resume(returning: outcome)
    }

    /// Adds what the ONUs waiting since `accruedAt` allow; called before their number changes.
    private func accrue(_ now: ContinuousClock.Instant) {
        let earned = Double(waiters.count) * Self.seconds(now - accruedAt) / settings.devicePeriod
        allowance = min(burst, allowance + earned)
        accruedAt = now
    }

    /// Whether some ONU has been booting nearly as long as the quickest comeback so far (none is
    /// due before one came back: there is nothing to expect yet).
    private func someoneDue(_ now: ContinuousClock.Instant) -> Bool {
        guard let quickestComeback else { return false }
        return waiters.values.contains { Self.seconds(now - $0.started) >= quickestComeback * Self.dueShare }
    }

    /// Rounds until nobody waits. The spacing follows the number waiting *now*: when a wave's
    /// ONUs join one by one, the first does not hold the rest to its own long interval.
    private func run() async {
        var lastRound = ContinuousClock.now
        while !waiters.isEmpty {
            let now = ContinuousClock.now
            accrue(now)
            let count = Double(waiters.count)
            let stateRequests = Double((waiters.count + Self.idsPerRequest - 1) / Self.idsPerRequest)
            var tick = max(settings.minimumTick, settings.devicePeriod * max(Double(lastRoundRequests), stateRequests) / count)
            // Reading the buckets beside the states saves a round trip on the round that sees an
            // ONU back: worth its request only when one is due and the allowance has it.
            var eager = false
            if someoneDue(now), allowance >= stateRequests {
                eager = allowance >= stateRequests + 1
                let cost = stateRequests + (eager ? 1 : 0)
                tick = min(tick, max(settings.nearTick, settings.devicePeriod * cost / allowance))
            }
            let due = lastRound + .milliseconds(Int64(tick * 1000))
            if now < due {
                try? await Task.sleep(for: min(due - now, .milliseconds(250)))
                continue
            }
            lastRound = now
            await poll(tick: tick, eager: eager)
        }
        loop = nil
    }

    /// One round: every waiting ONU's state, the buckets of the OLTs of those that could be back
    /// (and of those whose time runs out before the next round, to say where they were last
    /// seen), then a verdict for each.
    private func poll(tick: Double, eager: Bool) async {
        let ids = waiters.keys.sorted()
        guard !ids.isEmpty else { return }
        let repository = self.repository
        var states: [String: ONUStateDocument] = [:]
        var registration: [String: RegistrationState] = [:]
        var failure: String?
        var sent = (ids.count + Self.idsPerRequest - 1) / Self.idsPerRequest
        var candidates = Set<String>()
        do {
            if eager {
                let olts = Set(ids.compactMap { waiters[$0]?.olt })
                let allOLTs = ids.contains { waiters[$0]?.olt == nil }
                async let stateList = repository.onuStates(ids: ids, projection: MCMSField.activationProjection)
                async let oltList = repository.oltBuckets(macs: allOLTs ? nil : olts.sorted())
                for state in try await stateList { if let id = state.id { states[id] = state } }
                Self.collect(try await oltList, into: &registration)
                sent += 1
                candidates = Set(ids)
            } else {
                for state in try await repository.onuStates(ids: ids, projection: MCMSField.activationProjection) {
                    if let id = state.id { states[id] = state }
                }
                let lastChance = ContinuousClock.now + .milliseconds(Int64(tick * 1000))
                candidates = Set(
                    ids.filter { id in
                        guard let waiter = waiters[id] else { return false }
                        return waiter.check.isCandidate(states[id]) || waiter.deadline <= lastChance
                    })
                if !candidates.isEmpty {
                    let olts = Set(candidates.compactMap { waiters[$0]?.olt ?? states[$0]?.oltMAC })
                    let allOLTs = candidates.contains { waiters[$0]?.olt == nil && states[$0]?.oltMAC == nil }
                    sent += 1
                    Self.collect(try await repository.oltBuckets(macs: allOLTs ? nil : olts.sorted()), into: &registration)
                }
            }
        } catch {
            failure = "cannot read its state: " + error.summaryText
        }
        lastRoundRequests = sent
        allowance -= Double(sent)
        let now = ContinuousClock.now
        for id in ids {
            guard var waiter = waiters[id] else { continue }
            let seconds = Self.seconds(now - waiter.started)
            if let failure {
                waiter.lastSeen = failure
            } else {
                guard candidates.contains(id) else {
                    let seen = waiter.check.lookAtState(states[id])
                    if seen != waiter.lastSeen { progress?(id, seen) }
                    waiter.lastSeen = seen
                    waiters[id] = waiter
                    if now >= waiter.deadline { finish(id, .notBack(lastSeen: seen, timeout: settings.timeout)) }
                    continue
                }
                switch waiter.check.look(state: states[id], registration: registration[id] ?? .unknown) {
                case .verified:
                    finish(id, .verified(seconds: seconds))
                    continue
                case .fellBack(let version):
                    finish(id, .fellBack(version: version, seconds: seconds))
                    continue
                case .waiting(let seen):
                    if seen != waiter.lastSeen { progress?(id, seen) }
                    waiter.lastSeen = seen
                }
            }
            waiters[id] = waiter
            if now >= waiter.deadline {
                finish(id, .notBack(lastSeen: waiter.lastSeen, timeout: settings.timeout))
            }
        }
    }

    /// Each ONU's bucket from OLT-STATE documents (the first bucket that lists it).
    static func collect(_ olts: [OLTStateDocument], into registration: inout [String: RegistrationState]) {
        for olt in olts {
            for bucket in RegistrationState.bucketed {
                for id in olt.onuIDs(in: bucket) where registration[id] == nil { registration[id] = bucket }
            }
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
