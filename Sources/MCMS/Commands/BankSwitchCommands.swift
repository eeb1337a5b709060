import FieldOpsCore

/// `mcms onu firmware rollback ID` and `mcms onu firmware activate ID`: only the bank pointer
/// moves (see `BankSwitch`), confirmed by typing the id as for a reset, then verified.
enum BankSwitchCommands {
    @Sendable static func rollback(_ context: CommandContext) async throws {
        try await run(.rollback, context)
    }

    @Sendable static func activate(_ context: CommandContext) async throws {
        try await run(.activate, context)
    }

    static func run(_ kind: BankSwitch.Kind, _ context: CommandContext) async throws {
        let id = try DetailCommands.id(context)
        let verify = try VerifyOptions(context.invocation)
        let repository = try MCMSConnection(context).repository
        async let state = repository.onuState(id)
        async let config = repository.onuConfig(id)
        let plan = try BankSwitch.plan(kind, onuID: id, state: try await state, config: try await config)
        let bank = plan.targetBank
        let version = plan.after.versions[bank.rawValue] ?? ""
        let file = plan.after.files[bank.rawValue] ?? ""
        let verb = kind == .rollback ? "roll back" : "activate"
        let dryRun = context.invocation.flag("dry-run")
        if context.output.format == .json {
            if dryRun { context.output.emit(json: FirmwareRendering.planJSON(plan)) }
        } else {
            let out = dryRun ? context.output.stdout : context.output.stderr
            out.write(FirmwareRendering.switchSummary(plan, verb: verb))
            if dryRun { out.write("\n" + FirmwareRendering.documentDiff(plan, path: MCMSEndpoint.onuConfig(id).displayPath)) }
        }
        if dryRun {
            context.output.note("dry run: nothing was sent")
            return
        }
        try context.prompter.confirm("\(verb) ONU \(id) to \(version) in bank \(bank) (it reboots)", typing: id)
        try await repository.putONUConfig(id, plan.document)
        let target = FirmwareTarget(file: file, version: version)
        let entry = BulkReportEntry(
            id: id, outcome: .upgraded, reason: "pointer moved to bank \(bank)", target: target,
            before: plan.before, after: plan.after)
        guard let activation = plan.activation, verify.enabled else {
            if context.output.format == .json { context.output.emit(json: entry.json) }
            context.output.note("ONU \(id): pointer moved to bank \(bank) (\(version)); not verified (--no-verify)")
            return
        }
        context.output.note("ONU \(id): pointer moved to bank \(bank) (\(version)); waiting for it to register again on it")
        try await FirmwareCommands.verifyAndReport(
            activation, entry: entry, verify: verify, repository: repository,
            context: context, what: kind.rawValue)
    }
}
