import FieldOpsCore

/// `mcms onu firmware rollback ID`: the pointer back at the other bank, verified.
struct ONURollbackCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "rollback",
        abstract:
            "Point the ONU back at its other bank (the previous image) and verify it boots it; type the id to confirm (--yes off a terminal).",
        discussion:
            "Only \"FW Bank Ptr\" changes; the rest of the config goes back byte for byte. The other bank is the one the config does not point at, so after a fall-back this points the config back at the bank the ONU runs. Refuses when that bank holds no file and version.",
        examples: ["fieldops mcms onu firmware rollback ALPHe30cadcf", "fieldops mcms onu firmware rollback ALPHe30cadcf --dry-run"],
        options: [MCMSCommands.dryRunEdit] + VerifyOptions.specs, arguments: [MCMSCommands.onuID])

    let bankSwitch: ONUBankSwitch

    init(_ invocation: Invocation) throws { bankSwitch = try ONUBankSwitch(.rollback, invocation) }

    func run(_ context: CommandContext) async throws { try await bankSwitch.run(context) }
}

/// `mcms onu firmware activate ID`: the pointer moved to a bank staged earlier, verified.
struct ONUActivateCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "activate",
        abstract:
            "Boot a bank staged earlier (--stage-only): move the pointer to it and verify; type the id to confirm (--yes off a terminal).",
        discussion:
            "Refuses when the other bank holds no image, or when the config already points at a bank the ONU has not booted (an activation is pending).",
        examples: ["fieldops mcms onu firmware activate ALPHe30cadcf", "fieldops mcms onu firmware activate ALPHe30cadcf --no-verify"],
        options: [MCMSCommands.dryRunEdit] + VerifyOptions.specs, arguments: [MCMSCommands.onuID])

    let bankSwitch: ONUBankSwitch

    init(_ invocation: Invocation) throws { bankSwitch = try ONUBankSwitch(.activate, invocation) }

    func run(_ context: CommandContext) async throws { try await bankSwitch.run(context) }
}

/// What rollback and activate share: only the bank pointer moves (see `BankSwitch`), confirmed
/// by typing the id as for a reset, then verified.
struct ONUBankSwitch: Sendable {
    let kind: BankSwitch.Kind
    let id: String
    let verify: VerifyOptions
    let dryRun: Bool

    init(_ kind: BankSwitch.Kind, _ invocation: Invocation) throws(FieldOpsError) {
        self.kind = kind
        id = try invocation.onuID()
        verify = try VerifyOptions(invocation)
        dryRun = invocation.flag("dry-run")
    }

    func run(_ context: CommandContext) async throws {
        let repository = try MCMSConnection(context).repository
        async let state = repository.onuState(id)
        async let config = repository.onuConfig(id)
        let plan = try BankSwitch.plan(kind, onuID: id, state: try await state, config: try await config)
        let bank = plan.targetBank
        let version = plan.after.versions[bank.rawValue] ?? ""
        let file = plan.after.files[bank.rawValue] ?? ""
        let verb = kind == .rollback ? "roll back" : "activate"
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
            id: id, outcome: .upgraded, reason: "pointer moved to bank \(bank)", target: target, before: plan.before, after: plan.after)
        guard let activation = plan.activation, verify.enabled else {
            if context.output.format == .json { context.output.emit(json: entry.json) }
            context.output.note("ONU \(id): pointer moved to bank \(bank) (\(version)); not verified (--no-verify)")
            return
        }
        context.output.note("ONU \(id): pointer moved to bank \(bank) (\(version)); waiting for it to register again on it")
        try await ONUFirmwareCommand.verifyAndReport(
            activation, entry: entry, verify: verify, repository: repository, context: context, what: kind.rawValue)
    }
}
