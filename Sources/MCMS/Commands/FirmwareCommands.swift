import FieldOpsCore

/// `mcms onu firmware ID --file NAME [--version V] [--stage-only] [--dry-run] [--no-verify]`:
/// Procedure 7 for one ONU, then verification that it came back on the new bank.
enum FirmwareCommands {
    /// The image asked for; without `--version` the server's file list says which it is.
    static func target(_ context: CommandContext, files: [FirmwareFile]) throws -> FirmwareTarget {
        guard let file = context.invocation.value("file"), !file.isEmpty else {
            throw FieldOpsError.usage("firmware needs --file NAME (see fieldops mcms firmware files)")
        }
        let stageOnly = context.invocation.flag("stage-only")
        if let version = context.invocation.value("version"), !version.isEmpty {
            return FirmwareTarget(file: file, version: version, stageOnly: stageOnly)
        }
        guard let listed = files.first(where: { $0.filename == file }) else {
            throw FirmwareRefusal.fileNotOnServer(file: file, available: files.map(\.filename))
        }
        guard !listed.version.isEmpty else { throw FirmwareRefusal.versionUnknown(file: file) }
        return FirmwareTarget(file: file, version: listed.version, stageOnly: stageOnly)
    }

    @Sendable static func single(_ context: CommandContext) async throws {
        let id = try DetailCommands.id(context)
        let verify = try VerifyOptions(context.invocation)
        let repository = try MCMSConnection(context).repository
        let files = try await repository.firmwareFiles()
        let target = try target(context, files: files)
        let planner = FirmwarePlanner(target: target, serverFiles: files)
        let procedure = FirmwareProcedure(repository: repository, planner: planner)
        let plan: FirmwarePlan
        switch try await procedure.plan(onuID: id) {
        case .skip(let reason, _):
            context.output.note("ONU \(id): nothing to do, \(reason)")
            if context.output.format == .json {
                context.output.emit(json: .object(JSONObject([("id", .string(id)), ("outcome", "skipped"), ("reason", .string(reason))])))
            }
            return
        case .awaitingBoot(let reason, _, let activation):
            context.output.note("ONU \(id): nothing to write, \(reason)")
            if context.invocation.flag("dry-run") || !verify.enabled { return }
            let entry = BulkReportEntry(id: id, outcome: .activating, reason: reason, target: target)
            try await verifyAndReport(activation, entry: entry, verify: verify, repository: repository, context: context)
            return
        case .write(let planned):
            plan = planned
        }
        let dryRun = context.invocation.flag("dry-run")
        if context.output.format == .json {
            if dryRun { context.output.emit(json: FirmwareRendering.planJSON(plan)) }
        } else {
            let out = dryRun ? context.output.stdout : context.output.stderr
            out.write(FirmwareRendering.changeTable(plan))
            if dryRun {
                out.write("\n" + FirmwareRendering.documentDiff(plan, path: MCMSEndpoint.onuConfig(id).displayPath))
            }
        }
        if dryRun {
            context.output.note("dry run: nothing was sent")
            return
        }
        try context.prompter.confirm("write firmware \(target.version) to ONU \(id)", typing: id)
        try await procedure.apply(plan)
        let entry = BulkReportEntry(id: id, outcome: .upgraded, reason: "written", target: target, before: plan.before, after: plan.after)
        guard let activation = plan.activation, verify.enabled else {
            if context.output.format == .json { context.output.emit(json: entry.json) }
            context.output.note(
                plan.stageOnly
                    ? "ONU \(id): \(target.version) staged in bank \(plan.targetBank); it keeps running bank \(plan.activeBank)"
                    : "ONU \(id): \(target.version) written to bank \(plan.targetBank) and activated; not verified (--no-verify)")
            return
        }
        context.output.note(
            "ONU \(id): \(target.version) written to bank \(plan.targetBank) and activated; waiting for it to boot and register again")
        try await verifyAndReport(activation, entry: entry, verify: verify, repository: repository, context: context)
    }

    /// Waits for one activation, shows `FW Upgrade` progress as notes, and reports the outcome;
    /// a fall-back or an ONU that did not come back is an error (exit 1) that says what to do.
    static func verifyAndReport(
        _ activation: ActivationTarget, entry: BulkReportEntry, verify: VerifyOptions,
        repository: MCMSRepository, context: CommandContext, what: String = "firmware"
    ) async throws {
        let watch = ActivationWatch(repository: repository, settings: verify.settings) { id, status in
            context.output.note("ONU \(id): \(status)")
        }
        let outcome = await watch.verify(activation)
        try Task.checkCancellation()
        var final = entry
        final.outcome = outcome.succeeded ? .upgraded : .failed
        final.verify = outcome.word
        final.backAfter = outcome.secondsToComeBack
        final.reason = outcome.reason(activation)
        if context.output.format == .json { context.output.emit(json: final.json) }
        guard outcome.succeeded else {
            throw FieldOpsError(
                "ONU \(activation.onuID): \(what) \(final.reason)",
                hint: what == "firmware"
                    ? "point it back at the bank it came from with fieldops mcms onu firmware rollback \(activation.onuID)"
                    : "see both banks and the registration with fieldops mcms onu firmware status \(activation.onuID)",
                exitCode: .failure)
        }
        context.output.note("ONU \(activation.onuID): \(final.reason)")
    }
}
