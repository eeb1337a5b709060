import FieldOpsCore

/// `onu reset ID`, `olt reset MAC`: the config document written back with `"Reset Count"` + 1.
enum ResetCommands {
    @Sendable static func onuReset(_ context: CommandContext) async throws {
        let id = try DetailCommands.id(context)
        let repository = try MCMSConnection(context).repository
        let plan = try ResetPlan(deviceID: id, section: MCMSField.onu, config: try await repository.onuConfig(id))
        try context.confirm("reset ONU \(id)", typing: id)
        try await repository.putONUConfig(id, plan.document)
        report(plan, kind: "ONU", context: context)
    }

    @Sendable static func oltReset(_ context: CommandContext) async throws {
        let mac = try DetailCommands.id(context, "MAC")
        let repository = try MCMSConnection(context).repository
        let plan = try ResetPlan(deviceID: mac, section: MCMSField.olt, config: try await repository.oltConfig(mac))
        let onus = try await repository.oltState(mac)
        let affected = RegistrationState.bucketed.reduce(0) { $0 + onus.onuIDs(in: $1).count }
        context.note("resetting OLT \(mac) interrupts service for its \(affected) ONUs")
        try context.confirm("reset OLT \(mac)", typing: mac)
        try await repository.putOLTConfig(mac, plan.document)
        report(plan, kind: "OLT", context: context)
    }

    static func report(_ plan: ResetPlan, kind: String, context: CommandContext) {
        if context.format == .json {
            context.emit(json: .object(JSONObject([
                ("id", .string(plan.deviceID)), ("reset_count_before", .number(JSONNumber(plan.oldCount))),
                ("reset_count_after", .number(JSONNumber(plan.newCount))),
            ])))
        } else {
            context.note("\(kind) \(plan.deviceID) reset requested (reset count \(plan.oldCount) → \(plan.newCount))")
        }
    }
}
