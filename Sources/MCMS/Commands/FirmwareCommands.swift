import FieldOpsCore

/// `mcms onu firmware ID --file NAME [--version V] [--stage-only] [--dry-run] [--no-verify]`:
/// Procedure 7 for one ONU, then verification that it came back on the new bank. Its
/// subcommands move the bank pointer (rollback, activate) or show both banks (status).
struct ONUFirmwareCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "firmware",
        abstract:
            "Install firmware into the inactive bank, activate it and verify the ONU came back on it (Procedure 7; type the id to confirm; --yes off a terminal).",
        discussion:
            "Reads the active bank from the ONU's state, writes the file and version into the other bank only, and points the bank pointer at it unless --stage-only. Without --version the server's file list says which version the file is. Then waits (--verify-timeout, default 10m) until the ONU's state shows the new bank active with the new version and it is back in its OLT's Registered bucket, showing the appliance's FW Upgrade progress as it goes; an ONU that registers again on the old bank \"fell back\", one that does not come back is \"not back\": both exit 1. Refuses when the active bank is unknown, the file is not on the server, or the ONU's model is not supported.",
        examples: [
            "fieldops mcms onu firmware ALPHe30cadcf --file ALPH-R4.3.1.bin --dry-run",
            "fieldops mcms onu firmware ALPHe30cadcf --file ALPH-R4.3.1.bin --version R4.3.1 --verify-timeout 15m",
            "fieldops mcms onu firmware ALPHe30cadcf --file ALPH-R4.3.1.bin --stage-only",
        ],
        options: FirmwareChoice.specs + [
            .flag("stage-only", help: "Write the inactive bank but keep running the active one (nothing to verify)."),
            MCMSCommands.dryRunEdit,
        ] + VerifyOptions.specs,
        arguments: [
            ArgumentSpec(
                "ID", help: "The ONU id (vendor and serial, e.g. ALPHe30cadcf).", value: .dynamic(MCMSCommands.onuSource), optional: true)
        ],
        subcommands: [
            FleetWrite.spec(ONURollbackCommand.self, kind: .onu, several: false, verb: "roll back"),
            FleetWrite.spec(ONUActivateCommand.self, kind: .onu, several: false, verb: "activate"),
            ONUFirmwareStatusCommand.spec,
        ])

    /// Optional in the grammar only because the group has subcommands; required to run.
    let id: String?
    /// `missing argument ID for 'fieldops mcms onu firmware'`, said when it runs without one.
    let missingID: FieldOpsError
    let firmware: FirmwareChoice
    let verify: VerifyOptions
    let dryRun: Bool

    init(_ invocation: Invocation) throws {
        id = invocation.value("ID").map(DeviceID.onu)
        missingID = FieldOpsError(usage: UsageError(.missingArgument("ID"), commandWords: invocation.commandWords))
        firmware = FirmwareChoice(invocation)
        verify = try VerifyOptions(invocation)
        dryRun = invocation.flag("dry-run")
    }

    func run(_ context: CommandContext) async throws {
        guard let id else { throw missingID }
        let repository = try MCMSConnection(context).repository
        let files = try await repository.firmwareFiles()
        let target = try firmware.target(files: files)
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
            if dryRun || !verify.enabled { return }
            let entry = BulkReportEntry(id: id, outcome: .activating, reason: reason, target: target)
            try await Self.verifyAndReport(activation, entry: entry, verify: verify, repository: repository, context: context)
            return
        case .write(let planned):
            plan = planned
        }
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
        try await Self.verifyAndReport(activation, entry: entry, verify: verify, repository: repository, context: context)
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
                    ? "point it back at the bank it came from: fieldops mcms onu firmware rollback \(activation.onuID)"
                    : "see both banks and the registration: fieldops mcms onu firmware status \(activation.onuID)",
                exitCode: .failure)
        }
        context.output.note("ONU \(activation.onuID): \(final.reason)")
    }
}

/// `--file`, `--version` and `--stage-only` of `onu firmware` and `onu firmware-bulk`.
struct FirmwareChoice: Sendable {
    static let specs: [OptionSpec] = [
        OptionSpec("file", valueName: "NAME", help: "The firmware file name as the server lists it (fieldops mcms firmware files)."),
        OptionSpec("version", valueName: "V", help: "The version of that file (default: what the server lists for it)."),
    ]

    var file: String?
    var version: String?
    var stageOnly: Bool

    init(_ invocation: Invocation) {
        file = invocation.value("file").flatMap { $0.isEmpty ? nil : $0 }
        version = invocation.value("version").flatMap { $0.isEmpty ? nil : $0 }
        stageOnly = invocation.flag("stage-only")
    }

    /// The image asked for; without `--version` the server's file list says which it is.
    func target(files: [FirmwareFile]) throws -> FirmwareTarget {
        guard let file else { throw FieldOpsError.usage("firmware needs --file NAME (see fieldops mcms firmware files)") }
        if let version { return FirmwareTarget(file: file, version: version, stageOnly: stageOnly) }
        guard let listed = files.first(where: { $0.filename == file }) else {
            throw FirmwareRefusal.fileNotOnServer(file: file, available: files.map(\.filename))
        }
        guard !listed.version.isEmpty else { throw FirmwareRefusal.versionUnknown(file: file) }
        return FirmwareTarget(file: file, version: listed.version, stageOnly: stageOnly)
    }
}
