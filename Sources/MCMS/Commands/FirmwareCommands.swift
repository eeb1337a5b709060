import FieldOpsCore

/// `mcms onu firmware ID --file NAME --version V [--stage-only] [--dry-run]`: Procedure 7 for one ONU.
enum FirmwareCommands {
    static func target(_ context: CommandContext) throws -> FirmwareTarget {
        guard let file = context.invocation.value("file"), !file.isEmpty,
              let version = context.invocation.value("version"), !version.isEmpty else {
            throw FieldOpsError.usage("firmware needs --file NAME and --version V")
        }
        return FirmwareTarget(file: file, version: version, stageOnly: context.invocation.flag("stage-only"))
    }

    @Sendable static func single(_ context: CommandContext) async throws {
        let id = try DetailCommands.id(context)
        let target = try target(context)
        let repository = try MCMSConnection(context).repository
        let planner = FirmwarePlanner(target: target, serverFiles: try await repository.firmwareFiles())
        let procedure = FirmwareProcedure(repository: repository, planner: planner)
        let plan: FirmwarePlan
        switch try await procedure.plan(onuID: id) {
        case .skip(let reason, _):
            context.note("ONU \(id): nothing to do, \(reason)")
            if context.format == .json {
                context.emit(json: .object(JSONObject([("id", .string(id)), ("outcome", "skipped"), ("reason", .string(reason))])))
            }
            return
        case .write(let planned):
            plan = planned
        }
        let dryRun = context.invocation.flag("dry-run")
        if context.format == .json {
            if dryRun { context.emit(json: FirmwareRendering.planJSON(plan)) }
        } else {
            let out = dryRun ? context.stdout : context.stderr
            out.write(FirmwareRendering.changeTable(plan))
            if dryRun {
                out.write("\n" + FirmwareRendering.documentDiff(plan, path: MCMSEndpoint.onuConfig(id).displayPath))
            }
        }
        if dryRun {
            context.note("dry run: nothing was sent")
            return
        }
        try context.confirm("write firmware \(target.version) to ONU \(id)", typing: id)
        try await procedure.apply(plan)
        if context.format == .json {
            context.emit(json: BulkReportEntry(id: id, outcome: .upgraded, reason: "written", target: target,
                                                        before: plan.before, after: plan.after).json)
        } else {
            context.note(plan.stageOnly
                ? "ONU \(id): \(target.version) staged in bank \(plan.targetBank); it keeps running bank \(plan.activeBank)"
                : "ONU \(id): \(target.version) written to bank \(plan.targetBank) and activated; the ONU reboots into it")
        }
    }
}
