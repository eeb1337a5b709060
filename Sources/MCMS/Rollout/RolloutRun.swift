import FieldOpsCore

/// Runs a rollout's waves one after another, each only once the previous one verified, under
/// the global, per-OLT and per-minute caps, and halts when failures reach `--max-failures`:
/// ONUs not yet started stay untouched, in-flight ones finish and verify. A stop (Ctrl-C,
/// SIGTERM) does the same without `not-started` lines: the report is left for `--resume`.
public struct RolloutRun: Sendable {
    /// A canary ONU that failed, named before the question whether to go on.
    public struct Failure: Sendable, Equatable {
        public var id: String
        public var reason: String
    }

    public struct Summary: Sendable, Equatable {
        public var upgraded = 0
        public var skipped = 0
        public var failed = 0
        public var notStarted = 0
        public var rolledBack = 0
        /// Why the rollout stopped early (`halted after 3 failures`), nil when it did not.
        public var halted: String?
        /// Ctrl-C or SIGTERM: what was not finished has no final line, for `--resume`.
        public var interrupted = false
        /// After an interruption: ONUs written whose verification did not end.
        public var inFlight = 0
        /// The failures so far, in the order they were recorded.
        public var failures: [Failure] = []

        public var exitCode: ExitCode {
            if interrupted { return .interrupted }
            return failed > 0 || halted != nil ? .partialFailure : .ok
        }

        mutating func count(_ entry: BulkReportEntry) {
            switch entry.outcome {
            case .upgraded: upgraded += 1
            case .skipped: skipped += 1
            case .failed:
                failed += 1
                failures.append(Failure(id: entry.id, reason: entry.reason))
            case .notStarted: notStarted += 1
            case .activating: break
            }
            if entry.rolledBack == true { rolledBack += 1 }
        }
    }

    public let step: RolloutStep
    public let options: RolloutOptions
    /// After the canary verified: true to go on. Gets the summary so far.
    public let canaryGate: @Sendable (Summary) async throws -> Bool
    /// Appends a final line (report, progress bar).
    public let record: @Sendable (BulkReportEntry) async throws -> Void
    /// Ctrl-C or SIGTERM: once requested, no ONU starts.
    public let stop: RolloutStop
    /// Outside the maintenance windows, with nothing in flight: the rollout pauses until the next
    /// window opens (nil: none does before `--end-at`). Gets now and that opening (Unix ms).
    public let paused: @Sendable (_ at: Int64, _ resumesAt: Int64?) async throws -> Void

    public init(
        step: RolloutStep, options: RolloutOptions, stop: RolloutStop = RolloutStop(),
        canaryGate: @escaping @Sendable (Summary) async throws -> Bool,
        record: @escaping @Sendable (BulkReportEntry) async throws -> Void,
        paused: @escaping @Sendable (_ at: Int64, _ resumesAt: Int64?) async throws -> Void = { _, _ in }
    ) {
        self.step = step
        self.options = options
        self.stop = stop
        self.canaryGate = canaryGate
        self.record = record
        self.paused = paused
    }

    /// True when an ONU may start now (always, without maintenance windows).
    private var windowOpen: Bool {
        guard let windows = options.windows else { return true }
        return windows.openUntil(WallClock.nowMilliseconds) != nil
    }

    /// Waits for the next window; false when none opens before `--end-at`. A stop ends the wait.
    private func waitForWindow() async throws -> Bool {
        guard let windows = options.windows else { return true }
        let now = WallClock.nowMilliseconds
        let next = windows.nextOpening(after: now)
        try await paused(now, next)
        guard let next else { return false }
        while !stop.requested, !Task.isCancelled {
            let left = next - WallClock.nowMilliseconds
            guard left > 0 else { break }
            // In steps of at most a second, so a Ctrl-C or SIGTERM is answered at once.
            try? await Task.sleep(for: .milliseconds(min(left, 1_000)))
        }
        return true
    }

    public func run(_ plan: RolloutPlan) async throws -> Summary {
        var summary = Summary()
        let threshold = options.maxFailures?.threshold(of: plan.toUpgrade)
        var rate = RateGate(perMinute: options.ratePerMinute)
        for (index, wave) in plan.waves.enumerated() {
            if let halted = summary.halted {
                try await markNotStarted(wave.items, wave: wave.number, reason: halted, summary: &summary)
                continue
            }
            try await run(wave, threshold: threshold, rate: &rate, summary: &summary)
            let more = index + 1 < plan.waves.count
            if summary.interrupted || (more && (Task.isCancelled || stop.requested)) {
                summary.interrupted = true
                return summary
            }
            if wave.number == 0, summary.halted == nil, more, try await !canaryGate(summary) {
                // A Ctrl-C at the canary's question stops the rollout as any other does.
                if stop.requested {
                    summary.interrupted = true
                    return summary
                }
                summary.halted = "halted after the canary (\(summary.failed) failed)"
            }
        }
        return summary
    }

    private func run(_ wave: RolloutPlan.Wave, threshold: Int?, rate: inout RateGate, summary: inout Summary) async throws {
        var queue = wave.items
        var perOLT: [String: Int] = [:]
        var inFlight = 0
        var fatal: (any Error)?
        let step = self.step
        let number = wave.number
        try await withThrowingTaskGroup(of: (RolloutPlan.Item, BulkReportEntry?).self) { group in
            while true {
                while summary.halted == nil, fatal == nil, !Task.isCancelled, !stop.requested, inFlight < options.concurrency,
                    windowOpen,
                    let next = queue.firstIndex(where: { item in
                        options.perOLT.map { cap in perOLT[item.olt ?? "", default: 0] < cap } ?? true
                    })
                {
                    if let wait = rate.reserve() { try? await Task.sleep(for: wait) }
                    guard !Task.isCancelled, !stop.requested, windowOpen else { break }
                    let item = queue.remove(at: next)
                    perOLT[item.olt ?? "", default: 0] += 1
                    inFlight += 1
                    group.addTask { (item, try await step.run(item, wave: number)) }
                }
                if inFlight == 0, !queue.isEmpty, summary.halted == nil, fatal == nil, !Task.isCancelled, !stop.requested, !windowOpen {
                    // Out of the window with nothing in flight: pause until the next one.
                    if try await !waitForWindow() {
                        summary.halted = "halted: no maintenance window opens before --end-at"
                    }
                    continue
                }
                guard inFlight > 0 else { break }
                let finished: (RolloutPlan.Item, BulkReportEntry?)?
                do {
                    finished = try await group.next()
                } catch {
                    // An expired session: every other ONU would fail the same way.
                    fatal = fatal ?? error
                    inFlight -= 1
                    continue
                }
                guard let (item, entry) = finished else { break }
                inFlight -= 1
                perOLT[item.olt ?? "", default: 1] -= 1
                guard let entry else {
                    summary.interrupted = true
                    continue
                }
                summary.count(entry)
                try await record(entry)
                if entry.outcome == .failed, let threshold, summary.failed >= threshold, summary.halted == nil {
                    summary.halted = "halted after \(summary.failed) failure\(summary.failed == 1 ? "" : "s")"
                }
            }
        }
        if let fatal { throw fatal }
        if !queue.isEmpty, Task.isCancelled || stop.requested { summary.interrupted = true }
        if let halted = summary.halted, !summary.interrupted {
            try await markNotStarted(queue, wave: number, reason: halted, summary: &summary)
        }
    }

    private func markNotStarted(_ items: [RolloutPlan.Item], wave: Int, reason: String, summary: inout Summary) async throws {
        for item in items {
            let entry = BulkReportEntry(
                id: item.id, outcome: .notStarted, reason: "not started: \(reason)",
                target: step.target, wave: wave)
            summary.count(entry)
            try await record(entry)
        }
    }
}

/// `--rate N/min`: starts spaced evenly, at most N in any minute.
struct RateGate: Sendable {
    let interval: Duration?
    var next: ContinuousClock.Instant?

    init(perMinute: Double?) {
        interval = perMinute.map { .milliseconds(Int64(60_000 / $0)) }
    }

    /// Takes the next start slot; returns how long to wait for it (nil: at once).
    mutating func reserve() -> Duration? {
        guard let interval else { return nil }
        let now = ContinuousClock.now
        let slot = max(now, next ?? now)
        next = slot + interval
        return slot > now ? slot - now : nil
    }
}
