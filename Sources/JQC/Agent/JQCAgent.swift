import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `fieldops jqc agent`: keeps one profile's work travelling without anyone running `sync`.
///
/// It sleeps in `poll(2)` (see `AgentEvents`) and syncs when:
/// - the network may be back: rtnetlink reports a link up, an address or a route added
///   (a burst of such messages is one sync, ~300 ms after the first);
/// - a command queued work (`AgentWake.poke`);
/// - its interval passed (default 5 min, ±10 % jitter so a fleet of laptops does not arrive at once);
/// - a failed attempt's backoff passed: 5 s, doubling, capped at the interval, ±20 % jitter,
///   never sooner than a server's `Retry-After`.
/// While the last attempt reached the server it also polls notifications every 60 s, as the
/// iPad app does. Those are the only requests it makes: while offline, nothing but the
/// backoff attempts (each one request, the session check): work queued while the server is
/// unreachable waits for the network to change rather than trying again at every poke.
///
/// SIGTERM or SIGINT asks a sync in progress to start nothing new and record what is in
/// flight, then the agent exits 0. One agent per profile: the second names the first's PID.
final class JQCAgent: @unchecked Sendable {
    struct Options: Sendable {
        var interval: Double = 300
        var notify = false
        var exec: String?
        var notificationInterval: Double = 60
        var firstBackoff: Double = 5
    }

    let context: CommandContext
    let profile: Profile
    let store: JQCStore
    let options: Options
    let log: AgentLog
    private let stateFile: AgentStateFile
    private let stopping = Locked(false)
    private let currentEngine = Locked<SyncEngine?>(nil)
    private var state: AgentState
    private var online = false
    /// The last attempt could not reach the server (no route, refused, timed out): queued work
    /// then waits for a network change or the backoff instead of each poke trying again.
    private var offline = false
    private var failures = 0
    private var warnedNoNotifySend = false

    init(context: CommandContext, profile: Profile, store: JQCStore, options: Options) {
        self.context = context
        self.profile = profile
        self.store = store
        self.options = options
        log = AgentLog(profile: profile.name, stream: context.output.stderr)
        stateFile = AgentStateFile(directory: store.directory)
        state = AgentState(pid: getpid(), startedAt: Date())
    }

    func run() async throws {
        let lock = try ProcessLock(path: store.directory + "/" + AgentStateFile.lockName)
        if case .heldBy(let pid) = try lock.tryLock() {
            throw FieldOpsError(
                "an agent for profile \(profile.name) is already running" + (pid.map { " (pid \($0))" } ?? ""),
                hint:
                    "stop it first (or with systemctl --user stop fieldops-jqc-agent@\(profile.name)): kill \(pid.map(String.init) ?? "PID")"
            )
        }
        defer { lock.unlock() }

        let socketPath = AgentWake.socketPath(profile: profile.name, paths: context.paths, environment: context.environment)
        let events = try AgentEvents(socketPath: socketPath) { [stopping, currentEngine] _ in
            stopping.withLock { $0 = true }
            currentEngine.withLock { $0?.requestStop() }
        }
        state.socket = events.socketPath
        state.watchesNetwork = events.netlinkFailure == nil
        save()
        log.line(
            "started (pid \(state.pid)); syncs every \(DurationText.spoken(options.interval)), "
                + (events.netlinkFailure == nil ? "when the network comes back" : "not on network changes (\(events.netlinkFailure!))")
                + (events.socketPath.map { " and when work is queued (\($0))" } ?? ", not on queued work (no socket path fits)"))

        var nextSync = Date()
        var nextNotifications = Date.distantFuture
        while !isStopping {
            let now = Date()
            let due = min(nextSync, online ? nextNotifications : .distantFuture)
            var woken = await events.wait(timeout: max(0, due.timeIntervalSince(now)))
            if woken.contains(.signal) || isStopping { break }
            if woken.contains(.network) {
                // Interfaces, addresses and routes come up in a burst: let it settle, once.
                woken.formUnion(await events.wait(timeout: 0.3))
                if woken.contains(.signal) || isStopping { break }
                log.line("network change: trying the server")
                failures = 0
                nextSync = Date()
            }
            if woken.contains(.queued) {
                if offline && !woken.contains(.network) {
                    log.line(
                        "work queued while the server is unreachable: it goes when the network comes back (or at the next attempt, in \(DurationText.spoken(nextSync.timeIntervalSinceNow)))"
                    )
                } else {
                    log.line("work queued: syncing")
                    nextSync = Date()
                }
            }
            if Date() >= nextSync {
                nextSync = await attemptSync()
                nextNotifications = Date().addingTimeInterval(options.notificationInterval)
            } else if online, Date() >= nextNotifications {
                await pollNotifications()
                nextNotifications = Date().addingTimeInterval(options.notificationInterval)
            }
        }
        state.stoppedAt = Date()
        save()
        log.line("stopped")
    }

    private var isStopping: Bool { stopping.withLock { $0 } }

    // MARK: Sync

    /// One sync under the profile's sync lock; returns when the next one is due.
    private func attemptSync() async -> Date {
        let lock: ProcessLock
        do {
            lock = try ProcessLock(path: store.directory + "/sync.lock")
            if case .heldBy(let pid) = try lock.tryLock() {
                log.line("another sync is running" + (pid.map { " (pid \($0))" } ?? "") + "; trying again in 5 s")
                return Date().addingTimeInterval(5)
            }
        } catch {
            return recordFailure("cannot take the sync lock: \(Self.describe(error))", retryAfter: nil)
        }
        defer { lock.unlock() }

        state.lastAttemptAt = Date()
        do {
            let client = try JQCClient(context: context, profile: profile, maxConcurrentTransfers: 6)
            try store.relaxDurabilityForSync()
            let engine = SyncEngine(store: store, client: client, concurrency: 6)
            currentEngine.withLock { $0 = engine }
            defer { currentEngine.withLock { $0 = nil } }
            if isStopping { engine.requestStop() }
            let report = try await engine.sync()
            online = true
            offline = false
            failures = 0
            let sent =
                "\(report.photosUploaded) photo\(report.photosUploaded == 1 ? "" : "s"), "
                + "\(report.inspectionsSubmitted) inspection\(report.inspectionsSubmitted == 1 ? "" : "s"), "
                + "\(report.issuesSubmitted) issue\(report.issuesSubmitted == 1 ? "" : "s")"
            let outcome =
                report.isComplete
                ? "synced: sent \(sent)"
                : "synced with \(report.failed) failed item\(report.failed == 1 ? "" : "s") (see `fieldops jqc status`): sent \(sent)"
            state.lastOutcome = outcome
            state.online = true
            log.line(outcome)
            report.newNotifications
                .sorted { ($0.createdAt ?? "", $0.id) < ($1.createdAt ?? "", $1.id) }
                .forEach(deliver)
            save()
            return Self.jittered(options.interval, by: 0.1)
        } catch is SyncEngine.Stopped {
            state.lastOutcome = "stopped during a sync; the next sync finishes it"
            log.line(state.lastOutcome!)
            save()
            return Date()
        } catch {
            online = false
            offline = Self.isUnreachable(error)
            return recordFailure(Self.describe(error), retryAfter: Self.retryAfter(error))
        }
    }

    /// Notes a failed attempt and schedules the next: capped exponential backoff with jitter.
    private func recordFailure(_ reason: String, retryAfter: Double?) -> Date {
        failures += 1
        let exponent = Double(min(failures - 1, 16))
        var wait = min(options.interval, options.firstBackoff * pow(2, exponent))
        wait = max(wait, retryAfter ?? 0)
        let next = Self.jittered(wait, by: 0.2)
        state.lastOutcome = "failed: \(reason)"
        state.online = false
        save()
        log.line("sync failed: \(reason); next attempt in \(DurationText.spoken(next.timeIntervalSinceNow))")
        return next
    }

    private func pollNotifications() async {
        do {
            let client = try JQCClient(context: context, profile: profile, maxConcurrentTransfers: 1)
            let added = try await NotificationPoller(store: store, client: client).fetch()
            added.forEach(deliver)
        } catch NotificationPoller.Failure.unreachable(let reason) {
            online = false
            log.line("notifications: server unreachable (\(reason)); waiting for the network or the next sync")
        } catch {
            log.line("notifications: \(Self.describe(error))")
        }
    }

    // MARK: Notifications

    private func deliver(_ note: APINotification) {
        log.line("notification: " + NotificationText.line(note, zone: (try? ServerZone(profile: profile)) ?? .utc))
        if options.notify { desktopNotify(note) }
        if let command = options.exec {
            do {
                let status = try NotificationHook(command: command, baseEnvironment: context.environment).run(for: note)
                if status != 0 { log.line("--exec exited \(status) for notification \(note.id)") }
            } catch {
                log.line("--exec could not run: \(error.summaryText)")
            }
        }
    }

    private func desktopNotify(_ note: APINotification) {
        guard ExternalTool.find("notify-send", environment: context.environment) != nil else {
            if !warnedNoNotifySend {
                warnedNoNotifySend = true
                log.line("--notify: notify-send is not installed, so notifications are only logged (apt install libnotify-bin)")
            }
            return
        }
        let arguments = ["notify-send", "--app-name=fieldops", note.title ?? "JQC notification", note.body ?? ""]
        if let result = ExternalTool.run(arguments, environment: context.environment), result.status != 0 {
            log.line("--notify: notify-send failed: \(result.stderr.trimmingWhitespace())")
        }
    }

    // MARK: Helpers

    private func save() {
        do {
            try stateFile.write(state)
        } catch {
            log.line("cannot record the agent's state in \(stateFile.path): \(error.summaryText)")
        }
    }

    static func jittered(_ seconds: Double, by fraction: Double) -> Date {
        Date().addingTimeInterval(seconds * Double.random(in: (1 - fraction)...(1 + fraction)))
    }

    static func describe(_ error: any Error) -> String { error.summaryText }

    /// The server could not be reached at all (as opposed to answering with an error).
    static func isUnreachable(_ error: any Error) -> Bool {
        switch error {
        case JQCError.offline, JQCError.connectionLost: return true
        case let error as HTTPError: return error.isNetworkFailure || error.isTransportFailure
        default: return false
        }
    }

    static func retryAfter(_ error: any Error) -> Double? {
        if case .status(let failure)? = error as? HTTPError { return failure.retryAfter }
        return nil
    }
}

/// Timestamped log lines on stderr (journald keeps them when the agent runs as a unit).
struct AgentLog: Sendable {
    let profile: String
    let stream: any TextStream

    func line(_ text: String) {
        let now = Timestamp.isoUTC(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
        stream.line("\(now) jqc agent [\(profile)]: \(text)")
    }
}
