import FieldOpsCore

#if canImport(Glibc)
    import Glibc
#endif

/// `mcms record [--every 5m] [--once] [--keep 90d]`: samples every ONU and OLT of one appliance
/// or a set of them into each profile's local history store, for `onu history`, `onu drift` and
/// `alarms history`.
///
/// In the foreground it samples at every multiple of `--every` on the clock (05:00, 05:05, …)
/// until SIGTERM or Ctrl-C, which let the sample in hand finish and exit 0 (a second one stops
/// at once; the unfinished sample is not written). `--once` takes one sample and exits: what a
/// timer runs. An appliance that cannot be read is one line on stderr; the recorder goes on.
struct RecordCommand: FieldOpsCommand {
    static let defaultEvery = "5m"
    static let defaultKeep = "90d"

    static var definition: CommandSpec {
        var spec = CommandSpec(
            "record",
            abstract: "Sample every ONU and OLT into the profile's local history, every 5 minutes or once.",
            discussion: """
                Each sample keeps, per ONU, the RX and TX optical levels, the FEC and BIP counters, the traffic rates, the \
                registration state and the active firmware; per OLT its rates, temperature and ONUs per state; and every \
                active alarm (when it was raised and cleared). It uses the listing reads of onu list — paged, no request per \
                ONU — and writes one transaction per sample to $XDG_DATA_HOME/fieldops/PROFILE/history.sqlite (about 40 \
                bytes per ONU per sample). Samples are kept as taken for 7 days, then as hourly averages until --keep. With \
                --profiles or --all-profiles every appliance is sampled at once into its own store. SIGTERM or Ctrl-C \
                finishes the sample in hand and exits 0. Read it with: fieldops mcms onu history ID, fieldops mcms onu \
                drift, fieldops mcms alarms history.
                """,
            examples: [
                "fieldops -p lab-pon mcms record", "fieldops mcms record --once --all-profiles",
                "fieldops mcms record --every 15m --keep 180d --profiles @north",
            ],
            options: [
                OptionSpec(
                    "every", value: .duration, valueName: "DURATION",
                    help: "Sample at every multiple of DURATION (default \(defaultEvery), at least 10s)."),
                .flag("once", help: "Take one sample and exit (what a timer runs)."),
                OptionSpec(
                    "keep", value: .duration, valueName: "DURATION",
                    help: "Drop history older than DURATION (default \(defaultKeep)); hourly averages after 7 days."),
                MCMSCommands.chunkSize,
            ] + Appliances.readSpecs,
            subcommands: [RecordInstallCommand.spec, RecordUninstallCommand.spec])
        spec.handlesSignals = true
        return spec
    }

    let every: Int64
    let once: Bool
    let keep: Int64

    init(_ invocation: Invocation) throws {
        (every, keep) = try Self.schedule(invocation)
        once = invocation.flag("once")
    }

    /// `--every` and `--keep` in milliseconds, checked (the recorder and `record install`).
    static func schedule(_ invocation: Invocation) throws -> (every: Int64, keep: Int64) {
        let every = invocation.seconds("every") ?? DurationText.seconds(defaultEvery)!
        guard every >= 10 else {
            throw FieldOpsError.usage(
                "--every \(invocation.value("every") ?? "") is too often: sample at most every 10s",
                hint: "see the usage: \((invocation.commandWords + ["--help"]).joined(separator: " "))")
        }
        let keep = invocation.seconds("keep") ?? DurationText.seconds(defaultKeep)!
        guard keep >= 3_600 else {
            throw FieldOpsError.usage(
                "--keep \(invocation.value("keep") ?? "") keeps less than an hour: keep at least 1h",
                hint: "see the usage: \((invocation.commandWords + ["--help"]).joined(separator: " "))")
        }
        return (Int64(every * 1_000), Int64(keep * 1_000))
    }

    func run(_ context: CommandContext) async throws {
        var reading = MCMSReadOptions()
        reading.chunkSize = context.invocation.integer(MCMSPaging.option)
        reading.fanOut = true
        let appliances =
            try Appliances.selected(context, reading: reading)
            ?? Appliances(profiles: [try context.profile(backend: "mcms")], maxParallel: 1, reading: reading)
        let stop = RecorderStop()
        let watch = SignalWatch.watch { _ in
            if stop.request() > 1 {
                // A second signal: stop now; the sample in hand is rolled back, never half written.
                TerminalModes.restore()
                _exit(ExitCode.interrupted.rawValue)
            }
        }
        defer { watch.cancel() }
        while true {
            let outcomes = await sample(appliances, context: context)
            if once {
                try outcomes.conclude(what: "the sample")
                return
            }
            if stop.requested { break }
            let now = WallClock.nowMilliseconds
            let next = (floorDivide(now, every) + 1) * every
            await stop.sleep(milliseconds: next - now)
            if stop.requested { break }
        }
        if !context.output.quiet { context.output.stderr.line("fieldops: recorder stopped") }
    }

    /// One sample of every appliance, each written to its own store.
    private func sample(_ appliances: Appliances, context: CommandContext) async -> Outcomes<HistoryStore.Written> {
        let at = WallClock.nowMilliseconds
        let keep = self.keep
        let outcomes = await appliances.each(context) { connection in
            // The reads may be cancelled; the write is not: a sample is written whole or not at all.
            let sample = try await HistorySampler(connection: connection).sample(at: at)
            let store = try HistoryStore(
                path: HistoryStore.path(inDataDirectory: context.paths.dataDirectory(for: connection.profile.name)))
            return try store.record(sample, keep: keep)
        }
        for (profile, written) in outcomes.answered { report(written, profile: profile, at: at, context: context) }
        return outcomes
    }

    private func report(_ written: HistoryStore.Written, profile: String, at: Int64, context: CommandContext) {
        let output = context.output
        // A line per sample for people and the journal; records when asked for (`--json`, `-o ndjson|csv`).
        if output.format == .json || [.json, .ndjson, .csv].contains(output.structured.kind) {
            output.emit(
                record: .object([
                    "profile": .string(profile), "at": .string(Timestamp.isoUTC(milliseconds: at)),
                    "onus": .number(JSONNumber(written.onus)),
                    "olts": .number(JSONNumber(written.olts)), "alarms_raised": .number(JSONNumber(written.alarmsRaised)),
                    "alarms_cleared": .number(JSONNumber(written.alarmsCleared)),
                    "hours_rolled_up": .number(JSONNumber(written.hoursRolledUp)),
                    "samples_dropped": .number(JSONNumber(written.samplesDropped)),
                ]))
            return
        }
        guard !output.quiet else { return }
        var line =
            "\(Timestamp.localText(milliseconds: at))  \(profile): \(Noun.count(written.onus, "ONU")), \(Noun.count(written.olts, "OLT"))"
        if written.alarmsRaised > 0 || written.alarmsCleared > 0 {
            line += "; alarms: \(written.alarmsRaised) raised, \(written.alarmsCleared) cleared"
        }
        output.stdout.line(line)
    }
}

/// The recorder's stop request: set by a signal, which also ends the sleep between samples.
final class RecorderStop: Sendable {
    private struct State {
        var count = 0
        var sleeper: Task<Void, Never>?
    }

    private let state = Locked(State())

    /// Records a signal; returns how many there have been.
    func request() -> Int {
        let (count, sleeper) = state.withLock { state -> (Int, Task<Void, Never>?) in
            state.count += 1
            return (state.count, state.sleeper)
        }
        sleeper?.cancel()
        return count
    }

    var requested: Bool { state.withLock { $0.count > 0 } }

    /// Sleeps `milliseconds` on the monotonic clock, or until a stop is requested.
    func sleep(milliseconds: Int64) async {
        let sleeper = Task { _ = try? await Task.sleep(for: .milliseconds(max(0, milliseconds))) }
        let stopped = state.withLock { state -> Bool in
            state.sleeper = sleeper
            return state.count > 0
        }
        if stopped { sleeper.cancel() }
        await sleeper.value
        state.withLock { $0.sleeper = nil }
    }
}
