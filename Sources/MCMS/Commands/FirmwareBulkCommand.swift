import FieldOpsCore
import Foundation

/// `mcms onu firmware-bulk`: Procedure 7 for a list of ONUs, an id file, or every ONU of an
/// OLT, as a staged rollout (canary, waves, failure limit, per-OLT and per-minute caps) with
/// every activation verified and a resumable report.
enum FirmwareBulkCommand {
    static let defaultConcurrency = RolloutOptions.defaultConcurrency

    @Sendable static func run(_ context: CommandContext) async throws {
        let invocation = context.invocation
        let options = try RolloutOptions(invocation)
        let verify = try VerifyOptions(invocation)
        // Each ONU in flight reads its state and config at once; verification adds two lists.
        let connection = try MCMSConnection(context, concurrency: options.concurrency * 2 + 2)
        let repository = connection.repository

        let resumePath = invocation.value("resume")
        let resume = try resumePath.map { path throws(FieldOpsError) in try BulkResume(contentsOf: path) }
        let selectors = ["ids", "ids-from", "olt"].filter { invocation.value($0) != nil }
        var ids: [String]
        if selectors.isEmpty, let resume, !resume.plannedIDs.isEmpty {
            ids = resume.plannedIDs
        } else {
            ids = try await selectIDs(context, repository: repository)
        }
        let files = try await repository.firmwareFiles()
        let target: FirmwareTarget
        if invocation.value("file") == nil, let resume, let file = resume.file, let version = resume.version {
            target = FirmwareTarget(file: file, version: version, stageOnly: invocation.flag("stage-only"))
        } else {
            target = try FirmwareCommands.target(context, files: files)
        }
        let planner = FirmwarePlanner(target: target, serverFiles: files)
        let file = try planner.checkFile()
        var reportPath = invocation.value("report")
        var reverify: [String: ActivationTarget] = [:]
        if let resume, let resumePath {
            try resume.check(against: target, path: resumePath)
            let before = ids.count
            ids = resume.remaining(ids)
            reverify = resume.pendingVerification().filter { ids.contains($0.key) }
            reportPath = reportPath ?? resumePath
            context.output.note(
                "resuming \(resumePath): \(before - ids.count) ONUs already done, \(ids.count) to go"
                    + (reverify.isEmpty ? "" : " (\(reverify.count) written before and verified again, not rewritten)"))
        }

        let plan = try await makePlan(
            ids: ids, file: file, target: target, options: options, reverify: reverify,
            unrecorded: resume?.unrecorded ?? [], recorded: resume?.report.waves, repository: repository)
        let procedure = FirmwareProcedure(repository: repository, planner: planner)
        context.output.note("plan: \(plan.splitText)" + (plan.waves.count > 1 || options.canary > 0 ? "; \(plan.wavesText)" : ""))
        if invocation.flag("dry-run") {
            try await dryRun(plan, procedure: procedure, options: options, context: context)
            return
        }
        let writer = try reportPath.map { path throws(FieldOpsError) in try BulkReportWriter(path: path) }
        // Skips get their lines on a resume too: an ONU whose write landed just before a crash,
        // unrecorded, is "already there" now, and its line is what marks it done.
        guard plan.toUpgrade > 0 else {
            for item in plan.skipped { try await writer?.append(skipEntry(item, target: target)) }
            context.output.note("nothing to do: no selected ONU needs \(target.version)")
            if context.output.format == .json { context.output.emit(json: RolloutReport.summaryJSON(skippedSummary(plan))) }
            return
        }
        try context.prompter.confirm(
            "install \(target.version) on \(plan.toUpgrade) ONUs" + (plan.waves.count > 1 ? " in \(plan.waves.count) waves" : ""),
            typing: String(plan.toUpgrade))

        if resume == nil { try await writer?.append(line: RolloutReport.planLine(plan, target: target)) }
        for item in plan.skipped { try await writer?.append(skipEntry(item, target: target)) }
        let watch =
            verify.enabled && !target.stageOnly
            ? ActivationWatch(repository: repository, settings: verify.settings) { id, status in context.output.trace("\(id): \(status)") }
            : nil
        let step = RolloutStep(procedure: procedure, watch: watch, rollbackFailed: options.rollbackFailed) { entry in
            try await writer?.append(entry)
        }
        // The canary's bar ends before its question; the rest of the rollout gets a new one.
        let progress = Locked(context.output.progress("firmware \(target.version)", total: plan.toUpgrade))
        let run = RolloutRun(
            step: step, options: options,
            canaryGate: { summary in
                progress.withLock { $0.finish() }
                let proceed = try await canaryGate(summary, plan: plan, options: options, context: context)
                let rest = plan.toUpgrade - (plan.waves.first?.items.count ?? 0)
                progress.withLock { $0 = context.output.progress("firmware \(target.version)", total: rest) }
                return proceed
            },
            record: { entry in
                try await writer?.append(entry)
                progress.withLock { $0.advance(failed: entry.outcome == .failed) }
                if entry.outcome == .failed { context.output.trace("\(entry.id): \(entry.reason)") }
            })
        var summary = try await run.run(plan)
        progress.withLock { $0.finish() }
        summary.skipped += plan.skipped.count
        if !summary.interrupted { try await writer?.append(line: RolloutReport.summaryLine(summary)) }
        if context.output.format == .json {
            var json = RolloutReport.summaryJSON(summary)
            try? json.set(reportPath.map(JSONValue.string) ?? .null, at: [.key("report")])
            context.output.emit(json: json)
        }
        context.output.note(
            "upgraded \(summary.upgraded), skipped \(summary.skipped), failed \(summary.failed)"
                + (summary.rolledBack > 0 ? ", rolled back \(summary.rolledBack)" : "")
                + (summary.notStarted > 0 ? ", not started \(summary.notStarted)" : "")
                + (summary.halted.map { "; \($0)" } ?? "")
                + (reportPath.map { "; report: \($0)" } ?? ""))
        if summary.interrupted { throw CancellationError() }
        if summary.failed > 0 || summary.halted != nil {
            let what =
                summary.halted.map {
                    "rollout \($0) (\(summary.failed) of \(plan.toUpgrade) ONUs failed, \(summary.notStarted) not started)"
                }
                ?? "\(summary.failed) of \(plan.toUpgrade) ONUs failed"
            throw FieldOpsError(
                what,
                hint: reportPath.map { "see \($0) (fieldops mcms rollout status \($0)); fix the cause and continue with --resume \($0)" }
                    ?? "run with --report FILE to see which, then --resume FILE",
                exitCode: .partialFailure)
        }
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

    /// After the canary: `--soak` waits and goes on when nothing failed; `--yes` goes on when
    /// nothing failed; on a terminal the person decides.
    static func canaryGate(_ summary: RolloutRun.Summary, plan: RolloutPlan, options: RolloutOptions, context: CommandContext) async throws
        -> Bool
    {
        let canary = plan.waves.first?.items.count ?? 0
        let remaining = plan.toUpgrade - canary
        context.output.note("canary: \(summary.upgraded) verified, \(summary.failed) failed of \(canary)")
        if let soak = options.soak {
            context.output.note("soaking for \(DurationText.spoken(soak)) before the remaining \(remaining) ONUs")
            try await Task.sleep(for: .milliseconds(Int64(soak * 1000)))
            return summary.failed == 0
        }
        if context.prompter.assumeYes || !context.prompter.canAsk { return summary.failed == 0 }
        return try context.prompter.agrees("continue with the remaining \(remaining) ONUs?")
    }

    /// Exactly one of `--ids`, `--ids-from`, `--olt` (a MAC or an OLT's name); duplicates
    /// dropped, order kept.
    static func selectIDs(_ context: CommandContext, repository: MCMSRepository) async throws -> [String] {
        let invocation = context.invocation
        let given = ["ids", "ids-from", "olt"].filter { invocation.value($0) != nil }
        guard given.count == 1 else {
            throw FieldOpsError.usage("choose the ONUs with exactly one of --ids, --ids-from or --olt")
        }
        var ids: [String]
        if let list = invocation.value("ids") {
            ids = list.split(separator: ",").map { $0.trimmingSpaces() }
        } else if let path = invocation.value("ids-from") {
            let data: Data
            if path == "-" {
                data = context.stdin.readAll()
            } else {
                guard let contents = FileManager.default.contents(atPath: path) else {
                    throw FieldOpsError("cannot read the id file \(path)", hint: "one ONU id per line")
                }
                data = contents
            }
            ids = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { $0.trimmingSpaces() }
                .filter { !$0.hasPrefix("#") }
        } else {
            let mac = try OLTSelector.resolve(invocation.value("olt") ?? "", olts: try await repository.oltNames())
            ids = try await onuIDs(ofOLT: mac, repository: repository)
        }
        var seen = Set<String>()
        ids = ids.filter { !$0.isEmpty && seen.insert($0).inserted }
        guard !ids.isEmpty else { throw FieldOpsError.usage("no ONU ids selected") }
        return ids
    }

    /// Every ONU of an OLT: its registration buckets, plus ONUs whose state names it as parent
    /// but that sit in no bucket.
    static func onuIDs(ofOLT mac: String, repository: MCMSRepository) async throws -> [String] {
        async let olt = repository.oltState(mac)
        let filter = JSONObject([("\(MCMSField.olt).\(MCMSField.macAddress)", .string(mac))])
        async let states = repository.onuStates(projection: MCMSField.idProjection, filter: filter)
        var ids: [String] = []
        let document = try await olt
        for bucket in RegistrationState.bucketed { ids += document.onuIDs(in: bucket) }
        ids += try await states.compactMap(\.id)
        return ids
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
                "\(wave.name): \(wave.items.count) ONUs"
                    + (wave.number == 0 ? (options.soak.map { ", then a soak of \(DurationText.spoken($0))" } ?? ", then confirm") : ""))
        }
        let caps =
            ["concurrency \(options.concurrency)"] + (options.perOLT.map { ["at most \($0) per OLT"] } ?? [])
            + (options.ratePerMinute.map { ["at most \(Units.trimmed($0)) starts per minute"] } ?? [])
            + (options.maxFailures.map { ["halt at \($0.text) failures (\($0.threshold(of: plan.toUpgrade)))"] } ?? [])
        context.output.note(
            "dry run: \(plan.splitText); \(plan.waves.count) wave\(plan.waves.count == 1 ? "" : "s"), \(caps.joined(separator: ", ")); nothing was sent"
        )
    }
}
