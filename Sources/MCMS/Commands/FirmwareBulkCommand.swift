import FieldOpsCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `mcms onu firmware-bulk`: Procedure 7 for a list of ONUs, an id file, or every ONU of an
/// OLT, as a staged rollout (canary, waves, failure limit, per-OLT and per-minute caps) with
/// every activation verified and a resumable report.
struct FirmwareBulkCommand: FieldOpsCommand {
    static let definition = {
        var spec = CommandSpec(
            "firmware-bulk",
            abstract:
                "Procedure 7 for many ONUs as a staged rollout: canary, waves, failure limit, per-OLT caps, verified, resumable (type the count to confirm; --yes off a terminal).",
            discussion:
                "Selects ONUs with --ids, --ids-from or --olt, then keeps only those in --state (default registered: dying-gasp, deregistered and disabled ONUs are skipped with that reason) and of --model when given; ONUs whose model the file does not support, and ONUs already running the version, are skipped, never failed. The confirmation shows that split. --canary N upgrades and verifies N ONUs first, then asks on a terminal (--soak DURATION waits that long instead; --yes goes on when nothing failed). A failed canary ONU is named with its reason; then only a person's yes goes on (the default is no), and --soak or --yes halt there. ONUs whose write Procedure 7 would refuse (an unknown active bank, FW Bank Ptr 65535) are skipped as refused. --waves takes cumulative shares of the ONUs to upgrade (1%,10%,100%); each wave starts once the previous one verified, and OLTs take turns within a wave. --max-failures N or P% halts the rollout when failures reach it: ONUs not yet started stay untouched and are reported \"not started\", in-flight ones finish and verify. --per-olt caps concurrent upgrades on one OLT, --rate N/min caps starts per minute, --concurrency is the global cap. Every activation is verified as with onu firmware (--no-verify to skip); --rollback-failed points each ONU that fell back or did not come back at its old bank again, verified. The report (JSON lines; fieldops mcms rollout status REPORT) has a plan line, one line per ONU (id, outcome upgraded|skipped|failed|activating|not-started, reason, banks before/after, wave, verify, back_after_s, rolled_back) and a summary line. --resume REPORT continues a halted, interrupted or crashed rollout: finished ONUs untouched, ONUs written but not verified are verified again, not rewritten; without --ids/--ids-from/--olt it takes the ONUs and waves from the report. --window 'Mon-Fri 01:00-05:00' (several allowed, in --window-zone or the machine's zone) starts ONUs only inside a window: at its end those in flight finish and verify, a paused line goes to the report, and the rollout waits and goes on by itself when the next window opens (rollout status shows it paused); --start-at and --end-at bound the whole rollout (after --end-at nothing starts, the rest is reported not started, and --resume continues later). Ctrl-C or SIGTERM starts no further ONU and lets those in flight finish their write and verification (a second Ctrl-C stops waiting), then says what is done, in flight and not started, writes an interrupted line to the report and exits 130, with the --resume command that continues. Exits 5 when any ONU failed or the rollout halted.",
            examples: [
                "fieldops mcms onu firmware-bulk --file ALPH-R4.3.1.bin --olt 70:b3:d5:52:31:27 --dry-run",
                "fieldops mcms onu firmware-bulk --file ALPH-R4.3.1.bin --ids-from fleet.txt --canary 5 --soak 10m --waves 1%,10%,50%,100% --max-failures 2% --per-olt 16 --rate 120/min --report run.jsonl --yes",
                "fieldops mcms onu firmware-bulk --resume run.jsonl --yes",
            ],
            options: FirmwareChoice.specs + [
                ONUSelection.ids, ONUSelection.idsFrom,
                OptionSpec(
                    "olt", value: .dynamic(MCMSCommands.oltOrNameSource), valueName: "MAC",
                    help: "Every ONU of this OLT (MAC, name or part of a name)."),
                MCMSCommands.chunkSize,
                OptionSpec("model", valueName: "M", help: "Only ONUs of this model (repeatable or comma-separated).", repeatable: true),
                OptionSpec(
                    "state", value: .choice(MCMSCommands.states),
                    help: "Only ONUs in this registration state (default registered; repeatable).",
                    repeatable: true),
                OptionSpec(
                    "canary", value: .integer(1...), valueName: "N",
                    help: "Upgrade and verify N ONUs first, then confirm (or --soak) before the rest."),
                OptionSpec(
                    "soak", value: .duration, valueName: "DURATION",
                    help: "After the canary verified, wait DURATION instead of asking; go on when nothing failed."),
                OptionSpec(
                    "waves", valueName: "P%,…", help: "Cumulative shares of the ONUs to upgrade, one wave each (e.g. 1%,10%,50%,100%)."),
                OptionSpec("max-failures", valueName: "N|P%", help: "Halt when this many ONUs (or this share of them) failed."),
                OptionSpec("per-olt", value: .integer(1...1024), valueName: "N", help: "At most N ONUs of one OLT upgrading at once."),
                OptionSpec("rate", valueName: "N/min", help: "At most N ONUs started per minute."),
                OptionSpec(
                    "concurrency", value: .integer(1...256, default: RolloutOptions.defaultConcurrency), valueName: "N",
                    help: "ONUs in flight at once."),
                OptionSpec(
                    "window", valueName: "DAYS HH:MM-HH:MM",
                    help: "Start ONUs only in this maintenance window ('Mon-Fri 01:00-05:00', 'daily 22:00-02:00'); repeatable.",
                    repeatable: true),
                OptionSpec(
                    "window-zone", valueName: "ZONE", help: "The windows' time zone (IANA, e.g. Europe/Oslo; default the machine's)."),
                OptionSpec(
                    "start-at", valueName: "WHEN", help: "Start no ONU before this time (2026-06-02T01:00, local unless it has a zone)."),
                OptionSpec("end-at", valueName: "WHEN", help: "Start no ONU after this time; the rest are not started (resumable)."),
                .flag(
                    "rollback-failed",
                    help: "Roll back each ONU that fell back or did not come back, where its other bank allows; verified."),
                .flag("stage-only", help: "Write the inactive banks but do not activate them."),
                .flag("dry-run", help: "Print the plan, the waves and a summary line; send nothing."),
                OptionSpec("report", value: .file, valueName: "FILE", help: "Append the rollout's JSON lines here."),
                OptionSpec("resume", value: .file, valueName: "FILE", help: "Continue the rollout whose report this is (appends to it)."),
            ] + VerifyOptions.specs)
        // Ctrl-C stops the rollout itself: ONUs in flight finish, and the report says so.
        spec.handlesSignals = true
        return spec
    }()

    let options: RolloutOptions
    let verify: VerifyOptions
    let selection: ONUSelection
    let firmware: FirmwareChoice
    let resumePath: String?
    let report: String?
    let dryRun: Bool
    let reading: MCMSReadOptions

    init(_ invocation: Invocation) throws {
        options = try RolloutOptions(invocation)
        verify = try VerifyOptions(invocation)
        selection = try ONUSelection(invocation)
        firmware = FirmwareChoice(invocation)
        resumePath = invocation.value("resume")
        report = invocation.value("report")
        dryRun = invocation.flag("dry-run")
        reading = MCMSReadOptions(invocation)
    }

    /// Runs the rollout under its own signal handling (`RolloutStop`): a first Ctrl-C or
    /// SIGTERM before the waves, or at a question, stops at once (exit 130); during the waves it
    /// stops new starts, a second stops waiting for verifications, a third exits at once.
    func run(_ context: CommandContext) async throws {
        let stop = RolloutStop()
        let body = Task(executorPreference: MainThreadExecutor.current) { try await rollout(context, stop: stop) }
        let watch = SignalWatch.watch { _ in
            switch stop.record() {
            case (1, .rolling):
                context.output.note(
                    "stopping: no further ONU starts; those in flight finish their write and verification (Ctrl-C again to stop waiting)")
            case (1, .preparing), (2, _):
                body.cancel()
            default:
                // Never leave the shell with a progress line or with echo off.
                StatusLine.terminal.clearAll()
                TerminalModes.restore()
                _exit(ExitCode.interrupted.rawValue)
            }
        }
        defer {
            watch.cancel()
            StatusLine.terminal.clearAll()
            TerminalModes.restore()
        }
        do {
            try await withTaskCancellationHandler {
                try await body.value
            } onCancel: {
                body.cancel()
            }
        } catch let error where stop.requested && FirmwareProcedure.isCancellation(error) {
            throw FieldOpsError("interrupted before any ONU was written", exitCode: .interrupted)
        }
    }

    func rollout(_ context: CommandContext, stop: RolloutStop) async throws {
        let options = self.options
        // Each ONU in flight reads its state and config at once; verification adds two lists.
        let connection = try MCMSConnection(context, concurrency: options.concurrency * 2 + 2, reading: reading)
        let repository = connection.repository

        let resume = try resumePath.map { path throws(FieldOpsError) in try BulkResume(contentsOf: path) }
        if let resume, let resumePath { try resume.check(profile: connection.profile.name, path: resumePath) }
        var ids: [String]
        var subject: String
        if selection.source == nil, let resume, !resume.plannedIDs.isEmpty {
            ids = resume.plannedIDs
            subject = "the ONUs of the interrupted rollout"
        } else {
            (ids, subject) = try await selection.resolveNamed(repository: repository, context: context)
        }
        let files = try await repository.firmwareFiles()
        let target: FirmwareTarget
        if firmware.file == nil, let resume, let file = resume.file, let version = resume.version {
            target = FirmwareTarget(file: file, version: version, stageOnly: firmware.stageOnly)
        } else {
            target = try firmware.target(files: files)
        }
        let planner = FirmwarePlanner(target: target, serverFiles: files)
        let file = try planner.checkFile()
        var reportPath = report
        var reverify: [String: ActivationTarget] = [:]
        if let resume, let resumePath {
            try resume.check(against: target, path: resumePath)
            let before = ids.count
            ids = resume.remaining(ids)
            reverify = resume.pendingVerification().filter { ids.contains($0.key) }
            reportPath = reportPath ?? resumePath
            context.output.note(
                "resuming \(resumePath): \(Noun.count(before - ids.count, "ONU")) already done, \(ids.count) to go"
                    + (reverify.isEmpty ? "" : " (\(reverify.count) written before and verified again, not rewritten)"))
        }

        let plan = try await Self.makePlan(
            ids: ids, file: file, target: target, options: options, reverify: reverify,
            unrecorded: resume?.unrecorded ?? [], recorded: resume?.report.waves, repository: repository)
        let procedure = FirmwareProcedure(repository: repository, planner: planner)
        context.output.note("plan: \(plan.splitText)" + (plan.waves.count > 1 || options.canary > 0 ? "; \(plan.wavesText)" : ""))
        if let windows = options.windows { context.output.note(Self.windowsText(windows, toUpgrade: plan.toUpgrade, options: options)) }
        if dryRun {
            try await Self.dryRun(plan, procedure: procedure, options: options, context: context)
            return
        }
        // Room for the rollout's lines is reserved before the first write (a full disk stops it
        // here, having done nothing): a few lines per ONU, about 200 bytes each.
        let reserve = (plan.toUpgrade + plan.skipped.count) * 1024
        let writer = try reportPath.map { path throws(FieldOpsError) in try BulkReportWriter(path: path, reserving: reserve) }
        // Skips get their lines on a resume too: an ONU whose write landed just before a crash,
        // unrecorded, is "already there" now, and its line is what marks it done.
        guard plan.toUpgrade > 0 else {
            // The report still says which appliance and image, what was skipped, and that it ended.
            if resume == nil {
                try await writer?.append(line: RolloutReport.planLine(plan, target: target, profile: connection.profile.name))
            }
            for item in plan.skipped { try await writer?.append(Self.skipEntry(item, target: target)) }
            try await writer?.append(line: RolloutReport.summaryLine(Self.skippedSummary(plan)))
            context.output.note("nothing to do: no selected ONU needs \(target.version)")
            if context.output.format == .json { context.output.emit(json: RolloutReport.summaryJSON(Self.skippedSummary(plan))) }
            return
        }
        try context.prompter.confirm(
            "install \(target.version) on \(Noun.count(plan.toUpgrade, "ONU"))"
                + (plan.waves.count > 1 ? " in \(plan.waves.count) waves" : "")
                + " (selected: \(subject); each reboots onto it)"
                + (options.windows.map { " within \($0.description)" } ?? ""),
            typing: String(plan.toUpgrade))

        if resume == nil { try await writer?.append(line: RolloutReport.planLine(plan, target: target, profile: connection.profile.name)) }
        for item in plan.skipped { try await writer?.append(Self.skipEntry(item, target: target)) }
        let watch =
            verify.enabled && !target.stageOnly
            ? ActivationWatch(repository: repository, settings: verify.settings) { id, status in context.output.trace("\(id): \(status)") }
            : nil
        // ONUs written whose verification has not ended: "in flight" when the rollout stops.
        let unverified = Locked(Set<String>())
        let step = RolloutStep(procedure: procedure, watch: watch, rollbackFailed: options.rollbackFailed) { entry in
            try await writer?.append(entry)
            unverified.withLock { _ = $0.insert(entry.id) }
        }
        // The canary has a bar of its own (its ONUs are written, then verified: minutes without
        // another line), which ends before its question; the rest of the rollout gets a new one.
        let canary = plan.waves.count > 1 && options.canary > 0 && resume == nil ? plan.waves.first?.items.count : nil
        let progress = Locked(
            canary.map { context.output.progress("canary: firmware \(target.version) on \(Noun.count($0, "ONU"))", total: $0) }
                ?? context.output.progress("firmware \(target.version)", total: plan.toUpgrade))
        let run = RolloutRun(
            step: step, options: options, stop: stop,
            canaryGate: { summary in
                progress.withLock { $0.finish() }
                let names = (try? await repository.onuNames(ids: summary.failures.map(\.id))) ?? [:]
                stop.enter(.preparing)
                let proceed: Bool
                do {
                    proceed = try await Self.canaryGate(summary, names: names, plan: plan, options: options, context: context)
                } catch let error where stop.requested && FirmwareProcedure.isCancellation(error) {
                    return false
                }
                stop.enter(.rolling)
                let rest = plan.toUpgrade - (plan.waves.first?.items.count ?? 0)
                progress.withLock { $0 = context.output.progress("firmware \(target.version)", total: rest) }
                return proceed
            },
            record: { entry in
                try await writer?.append(entry)
                unverified.withLock { _ = $0.remove(entry.id) }
                progress.withLock { $0.advance(failed: entry.outcome == .failed) }
                if entry.outcome == .failed { context.output.trace("\(entry.id): \(entry.reason)") }
            },
            paused: { at, resumesAt in
                try await writer?.append(
                    line: RolloutReport.pausedLine(at: at, resumesAt: resumesAt, windows: options.windows?.description ?? ""))
                context.output.note(
                    resumesAt.map {
                        "outside the maintenance windows: paused until \(Timestamp.localMinuteText(milliseconds: $0)) (\(AlarmHistoryCommand.length($0 - at)))"
                    }
                        ?? "outside the maintenance windows, and none opens before --end-at: the rest is not started")
            })
        stop.enter(.rolling)
        var summary = try await run.run(plan)
        progress.withLock { $0.finish() }
        if summary.interrupted {
            summary.inFlight = unverified.withLock { $0.count }
            let ended = summary.upgraded + summary.failed + summary.skipped + summary.notStarted
            summary.notStarted += max(0, plan.toUpgrade - ended - summary.inFlight)
        }
        summary.skipped += plan.skipped.count
        if summary.interrupted {
            try await writer?.append(line: RolloutReport.interruptedLine(summary))
        } else {
            try await writer?.append(line: RolloutReport.summaryLine(summary))
        }
        if context.output.format == .json {
            var json = RolloutReport.summaryJSON(summary)
            try? json.set(reportPath.map(JSONValue.string) ?? .null, at: [.key("report")])
            context.output.emit(json: json)
        }
        if summary.interrupted {
            throw Self.interruption(summary, target: target, reportPath: reportPath, profile: connection.profile.name)
        }
        context.output.note(
            "upgraded \(summary.upgraded), skipped \(summary.skipped), failed \(summary.failed)"
                + (summary.rolledBack > 0 ? ", rolled back \(summary.rolledBack)" : "")
                + (summary.notStarted > 0 ? ", not started \(summary.notStarted)" : "")
                + (summary.halted.map { "; \($0)" } ?? "")
                + (reportPath.map { "; report: \($0)" } ?? ""))
        if summary.failed > 0 || summary.halted != nil {
            let what =
                summary.halted.map {
                    "rollout \($0) (\(summary.failed) of \(Noun.count(plan.toUpgrade, "ONU")) failed, \(summary.notStarted) not started)"
                }
                ?? "\(summary.failed) of \(Noun.count(plan.toUpgrade, "ONU")) failed"
            throw FieldOpsError(
                what,
                hint: reportPath.map {
                    "fix the cause (fieldops mcms rollout status \($0) shows it), then continue: \(RolloutReport.resumeCommand($0, profile: connection.profile.name))"
                }
                    ?? "run with --report FILE to see which, then --resume FILE",
                exitCode: .partialFailure)
        }
    }

    /// `windows: Mon-Fri 01:00-05:00 (Europe/Oslo); the next opens now, until 05:00 CEST; at
    /// 120/min a window starts up to 28,800 ONUs: 1 window needed`.
    static func windowsText(_ windows: MaintenanceWindows, toUpgrade: Int, options: RolloutOptions) -> String {
        let now = WallClock.nowMilliseconds
        var text = "windows: \(windows.description)"
        guard let opening = windows.nextOpening(after: now), let closing = windows.openUntil(opening) else {
            return text + "; none opens before --end-at: nothing would start"
        }
        text +=
            opening <= now
            ? "; open now, until \(Timestamp.localMinuteText(milliseconds: closing))"
            : "; the next opens \(Timestamp.localMinuteText(milliseconds: opening)) (in \(AlarmHistoryCommand.length(opening - now)))"
        let openSeconds = Double(windows.openSeconds(inWeekFrom: opening))
        if let rate = options.ratePerMinute, openSeconds > 0 {
            let length = Double(closing - opening) / 1_000
            let perWindow = max(1, Int(rate * length / 60))
            let needed = (toUpgrade + perWindow - 1) / perWindow
            text +=
                "; at \(Units.trimmed(rate))/min a window of \(AlarmHistoryCommand.length(closing - opening)) starts up to \(perWindow) ONUs: about \(Noun.count(needed, "window")) needed"
        } else {
            text += "; how many windows it needs depends on how long each ONU takes (--rate N/min makes it countable)"
        }
        return text
    }

    /// The one summary of a stopped rollout, and how to go on.
    static func interruption(
        _ summary: RolloutRun.Summary, target: FirmwareTarget, reportPath: String?, profile: String
    ) -> FieldOpsError {
        var what =
            "rollout interrupted: \(Noun.count(summary.upgraded, "ONU")) done, \(summary.failed) failed, "
            + "\(Noun.count(summary.inFlight, "ONU")) in flight (written, not verified), \(Noun.count(summary.notStarted, "ONU")) not started"
        if summary.skipped > 0 { what += "; \(summary.skipped) skipped" }
        let hint =
            reportPath.map {
                "continue where it stopped (written ONUs are verified again, never rewritten): \(RolloutReport.resumeCommand($0, profile: profile))"
            }
            ?? "without a --report nothing recorded which ONUs were done; run the same command again (ONUs already running \(target.version) are skipped)"
        return FieldOpsError(what, hint: hint, exitCode: .interrupted)
    }

    static func skipEntry(_ item: RolloutPlan.Item, target: FirmwareTarget) -> BulkReportEntry {
        BulkReportEntry(id: item.id, outcome: .skipped, reason: item.reason, target: target)
    }

    static func skippedSummary(_ plan: RolloutPlan) -> RolloutRun.Summary {
        var summary = RolloutRun.Summary()
        summary.skipped = plan.skipped.count
        return summary
    }

    /// One projected state list for the selection and the OLT buckets, classified and put in waves.
    static func makePlan(
        ids: [String], file: FirmwareFile, target: FirmwareTarget, options: RolloutOptions,
        reverify: [String: ActivationTarget], unrecorded: Set<String>, recorded: [RolloutReportFile.RecordedWave]?,
        repository: MCMSRepository
    ) async throws -> RolloutPlan {
        async let stateList = repository.onuStates(ids: ids, projection: MCMSField.rolloutPlanProjection)
        async let oltList = repository.oltBuckets(macs: nil)
        var states: [String: ONUStateDocument] = [:]
        for state in try await stateList { if let id = state.id { states[id] = state } }
        var registration: [String: (state: RegistrationState, olt: String?)] = [:]
        for olt in try await oltList {
            for bucket in RegistrationState.bucketed {
                for id in olt.onuIDs(in: bucket) where registration[id] == nil { registration[id] = (bucket, olt.mac) }
            }
        }
        var reverify = reverify
        for (id, target) in reverify { reverify[id]?.olt = registration[id]?.olt ?? states[id]?.oltMAC ?? target.olt }
        let items = RolloutPlan.classify(
            ids: ids, states: states, registration: registration, file: file,
            version: target.version, options: options, reverify: reverify, unrecorded: unrecorded)
        if let recorded, !recorded.isEmpty {
            return RolloutPlan(items: items, recordedWaves: recorded.map { ($0.number, $0.ids) })
        }
        return RolloutPlan(items: items, canary: options.canary, shares: options.waves)
    }

    /// After the canary: with nothing failed, `--soak` waits and goes on, `--yes` goes on, and on
    /// a terminal the person decides. A failed canary is named (id, name, reason) and never
    /// passed without a person: `--soak` and `--yes` stop there, and the question's answer
    /// defaults to no.
    static func canaryGate(
        _ summary: RolloutRun.Summary, names: [String: String], plan: RolloutPlan, options: RolloutOptions, context: CommandContext
    ) async throws -> Bool {
        let canary = plan.waves.first?.items.count ?? 0
        let remaining = plan.toUpgrade - canary
        context.output.note("canary: \(summary.upgraded) verified, \(summary.failed) failed of \(canary)")
        for failure in summary.failures {
            let name = names[failure.id].flatMap { $0.isEmpty ? nil : " “\($0)”" } ?? ""
            context.output.note("canary failed: ONU \(failure.id)\(name): \(failure.reason)")
        }
        if summary.failed > 0 {
            if context.prompter.canAsk && !context.prompter.assumeYes && options.soak == nil {
                return try context.prompter.agrees(
                    "\(Noun.count(summary.failed, "canary ONU")) failed; continue with the remaining \(Noun.count(remaining, "ONU")) anyway?"
                )
            }
            context.output.note(
                "not going on after a failed canary: "
                    + (options.soak != nil ? "--soak" : "--yes") + " continues only when every canary ONU verified")
            return false
        }
        if let soak = options.soak {
            context.output.note("soaking for \(DurationText.spoken(soak)) before the remaining \(Noun.count(remaining, "ONU"))")
            try await Task.sleep(for: .milliseconds(Int64(soak * 1000)))
            return true
        }
        if context.prompter.assumeYes || !context.prompter.canAsk { return true }
        return try context.prompter.agrees("continue with the remaining \(Noun.count(remaining, "ONU"))?")
    }

    /// Every selected ONU with what would happen to it and in which wave, in selection order;
    /// the ONUs to upgrade are planned one by one (state and config read, nothing written).
    static func dryRun(_ plan: RolloutPlan, procedure: FirmwareProcedure, options: RolloutOptions, context: CommandContext) async throws {
        var waveOf: [String: Int] = [:]
        for wave in plan.waves { for item in wave.items { waveOf[item.id] = wave.number } }
        var rows: [Int: [String]] = [:]
        let items = plan.items
        try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            var next = 0
            func add() {
                guard next < items.count else { return }
                let index = next
                let item = items[index]
                next += 1
                let wave = waveOf[item.id].map(String.init) ?? "-"
                group.addTask {
                    guard item.group == .upgrade else { return (index, [item.id, "skip", wave, item.reason]) }
                    if item.reverify != nil { return (index, [item.id, "verify", wave, item.reason]) }
                    do {
                        guard let decision = try await procedure.plan(item) else {
                            return (index, [item.id, "skip", wave, item.skipUnlessWritten ?? ""])
                        }
                        switch decision {
                        case .skip(let reason, _): return (index, [item.id, "skip", wave, reason])
                        case .awaitingBoot(let reason, _, _): return (index, [item.id, "verify", wave, reason])
                        case .write(let plan):
                            return (index, [item.id, plan.stageOnly ? "stage" : "upgrade", wave, FirmwareRendering.summary(plan)])
                        }
                    } catch let error as any UserFacingError {
                        if case MCMSError.sessionExpired = error { throw error }
                        return (index, [item.id, "fail", wave, error.summary])
                    }
                }
            }
            for _ in 0..<min(options.concurrency, items.count) { add() }
            for try await (index, row) in group {
                rows[index] = row
                add()
            }
        }
        var table = Table(columns: [.init("ID"), .init("Would"), .init("Wave"), .init("Detail")])
        table.rows = (0..<items.count).compactMap { rows[$0] }
        if context.output.format == .json {
            context.output.emit(
                json: .array(
                    table.rows.map { row in
                        .object(
                            JSONObject([
                                ("id", .string(row[0])), ("would", .string(row[1])),
                                ("wave", Int(row[2]).map { .number(JSONNumber($0)) } ?? .null), ("detail", .string(row[3])),
                            ]))
                    }))
        } else {
            context.output.emit(table)
        }
        for wave in plan.waves {
            context.output.note(
                "\(wave.name): \(Noun.count(wave.items.count, "ONU"))"
                    + (wave.number == 0 ? (options.soak.map { ", then a soak of \(DurationText.spoken($0))" } ?? ", then confirm") : ""))
        }
        let caps =
            ["concurrency \(options.concurrency)"] + (options.perOLT.map { ["at most \($0) per OLT"] } ?? [])
            + (options.ratePerMinute.map { ["at most \(Units.trimmed($0)) starts per minute"] } ?? [])
            + (options.maxFailures.map {
                ["halt at \($0.text) \(Noun.form($0.threshold(of: plan.toUpgrade), "failure")) (\($0.threshold(of: plan.toUpgrade)))"]
            } ?? [])
        context.output.note(
            "dry run: \(plan.splitText); \(plan.waves.count) wave\(plan.waves.count == 1 ? "" : "s"), \(caps.joined(separator: ", ")); nothing was sent"
        )
    }
}
