import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc sync`: the six steps of the iPad client's sync, in its order.
///
/// 1. upload pending photos and put each server path into its inspection field or issue;
/// 2. submit completed inspections whose photos are settled (parents before re-inspections);
/// 3. submit pending issues whose inspection is on the server (failing those whose
///    inspection failed), then queued issue status changes in the order they were made;
/// 4. pull facilities, areas and templates, replacing the cache atomically;
/// 5. pull the user's issues and reconcile;
/// 6. poll notifications since the cursor and mark them read.
///
/// Uploads and submissions run with bounded concurrency inside a step; a step starts only
/// when the one before has finished, which is what keeps the ordering rules. Every server
/// answer is recorded as it arrives. A network failure stops the sync from starting new
/// requests (nothing counts against the items); a lost session stops it the same way.
public final class SyncEngine: Sendable {
    public let store: JQCStore
    public let client: JQCClient
    /// Requests in flight at once within a step.
    public let concurrency: Int
    let progress: ProgressBar?
    let run = Locked(RunState())
    /// Set by `requestStop()`: no new request starts; those in flight finish and are recorded.
    let stopRequested = Locked(false)

    struct RunState {
        var report = SyncReport()
        /// Why the sync must not start another request, once something says so.
        var stop: AttemptOutcome?
    }

    public init(store: JQCStore, client: JQCClient, concurrency: Int = 6, progress: ProgressBar? = nil) {
        self.store = store
        self.client = client
        self.concurrency = max(1, concurrency)
        self.progress = progress
    }

    /// Runs the six steps and returns what happened. Throws `offline` (nothing sent or
    /// changed), `connectionLost` (what the server confirmed is recorded, the rest waits),
    /// `sessionExpired`/`notLoggedIn` (nothing lost), or a store error.
    public func sync() async throws -> SyncReport {
        defer { progress?.finish() }
        do {
            let report = try await runSteps()
            try? store.recordAttempt(at: Date(), error: report.problemSummary)
            return report
        } catch let error where !(error is Stopped || error is CancellationError) {
            // Whatever stopped it — offline, an HTTP error, an answer that was not JQC's — is
            // what `jqc status` shows as the last attempt.
            try? store.recordAttempt(at: Date(), error: error.summaryText)
            throw error
        }
    }

    private func runSteps() async throws -> SyncReport {
        try await checkSession()
        if let skew = client.clockSkew {
            try store.recordClockSkew(skew)
            run.withLock { $0.report.clockSkew = skew }
        }

        try await uploadPhotos()
        try stopIfNeeded()
        try await submitInspections()
        try stopIfNeeded()
        try await submitIssues()
        try stopIfNeeded()
        try await sendStatusChanges()
        try stopIfNeeded()

        try await pullReference()
        try stopIfNeeded()
        try await pullIssues()
        try stopIfNeeded()
        try await pollNotifications()
        try stopIfNeeded()

        let report = run.withLock { $0.report }
        // Whenever something failed, `jqc status` says what (`last_sync_error`).
        try store.recordSync(finishedAt: Date(), error: report.problemSummary)
        if let offset = report.serverOffset { try store.recordServerOffset(offset) }
        return report
    }

    /// The session restore of the contract, used as the sync's first request: no token means
    /// not logged in without a network call; a refused session clears the stored tokens; an
    /// unreachable server is `offline` before anything is touched.
    func checkSession() async throws {
        guard await client.tokens.hasToken else { throw JQCError.notLoggedIn(profile: client.profile.name) }
        do {
            let me = try await client.call(.me, as: MeResponse.self)
            try await client.tokens.remember(me.user)
        } catch let error as HTTPError where error.isNetworkFailure || error.isTransportFailure {
            throw JQCError.offline(profile: client.profile.name, waiting: try store.pendingCounts().total, reason: error.summary)
        } catch JQCError.sessionExpired(let profile, let reason) {
            try await client.tokens.clearStoredTokens()
            try? store.recordSync(finishedAt: nil, error: "session expired: \(reason)")
            throw JQCError.sessionExpired(profile: profile, reason: reason)
        } catch let error as HTTPError {
            // A broken /auth/me (5xx) is not a verdict on the session: the outbox requests
            // will say for themselves whether the server takes them.
            if case .cancelled = error { throw error }
        }
    }

    /// Throws the reason recorded by a failed request, after noting it in the store.
    func stopIfNeeded() throws {
        guard let stop = run.withLock({ $0.stop }) else {
            if stopRequested.withLock({ $0 }) { throw Stopped() }
            return
        }
        switch stop {
        case .network(let reason):
            try store.recordSync(finishedAt: nil, error: "connection lost: \(reason)")
            throw JQCError.connectionLost(profile: client.profile.name, waiting: try store.pendingCounts().total, reason: reason)
        case .fatal(let error):
            if let error = error as? JQCError { try? store.recordSync(finishedAt: nil, error: error.summary) }
            throw error
        case .counted:
            return
        }
    }

    /// Notes a failed attempt on `kind`/`localID`, or stops the sync for a failure that is
    /// not the item's.
    func recordFailure(_ error: any Error, kind: JQCStore.ItemKind, localID: String) {
        let outcome = AttemptOutcome(error)
        switch outcome {
        case .counted(let message):
            do {
                let gaveUp = try store.recordFailure(kind, localID: localID, error: message, counts: true)
                let retries = try retryCount(kind, localID)
                run.withLock { state in
                    state.report.failed += 1
                    state.report.failures.append(.init(kind: kind, localID: localID, error: message, retries: retries, gaveUp: gaveUp))
                }
            } catch {
                stop(.fatal(error))
            }
            progress?.advance(failed: true)
        case .network(let message):
            _ = try? store.recordFailure(kind, localID: localID, error: message, counts: false)
            stop(outcome)
        case .fatal:
            stop(outcome)
        }
    }

    func stop(_ outcome: AttemptOutcome) {
        run.withLock { state in
            if state.stop == nil { state.stop = outcome }
        }
    }

    var isStopping: Bool { run.withLock { $0.stop != nil } || stopRequested.withLock { $0 } || Task.isCancelled }

    /// Asks a running sync to end gracefully (the agent on SIGTERM): it starts nothing new,
    /// lets the requests in flight finish and records their answers, then throws `Stopped`.
    public func requestStop() {
        stopRequested.withLock { $0 = true }
    }

    /// What `sync()` throws after `requestStop()`; the store holds every answer received.
    public struct Stopped: Error {}

    private func retryCount(_ kind: JQCStore.ItemKind, _ localID: String) throws -> Int {
        switch kind {
        case .inspection: return try store.inspection(localID: localID)?.retryCount ?? 0
        case .issue: return try store.issue(localID: localID)?.retryCount ?? 0
        case .photo: return try store.photo(localID: localID)?.retryCount ?? 0
        case .statusChange: return try store.statusChange(localID: localID)?.retryCount ?? 0
        }
    }

    /// Runs `work` on each item with at most `concurrency` in flight, starting no new item
    /// once the sync is stopping.
    func forEachBounded<T: Sendable>(_ items: [T], _ work: @escaping @Sendable (T) async -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            var next = 0
            while next < items.count && next < concurrency {
                let item = items[next]
                group.addTask { await work(item) }
                next += 1
            }
            while await group.next() != nil {
                guard next < items.count, !isStopping else { continue }
                let item = items[next]
                group.addTask { await work(item) }
                next += 1
            }
        }
    }
}

extension HTTPError {
    /// A libcurl failure without a more precise kind: treated like a network failure.
    var isTransportFailure: Bool {
        if case .transport = self { return true }
        return false
    }
}
