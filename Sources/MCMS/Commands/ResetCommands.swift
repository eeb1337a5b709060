import FieldOpsCore

/// `onu reset ID|--ids…|--ids-from FILE|--olt MAC`, `olt reset MAC`: the config document
/// written back with `"Reset Count"` + 1.
enum ResetCommands {
    static let defaultConcurrency = 8

    @Sendable static func onuReset(_ context: CommandContext) async throws {
        let invocation = context.invocation
        let selectors = ["ids", "ids-from", "olt"].filter { invocation.value($0) != nil }
        guard let id = invocation.value("ID") else {
            guard !selectors.isEmpty else {
                throw FieldOpsError.usage("name the ONU to reset, or many with --ids, --ids-from or --olt")
            }
            try await bulk(context)
            return
        }
        guard selectors.isEmpty else { throw FieldOpsError.usage("give either one ID or --ids/--ids-from/--olt, not both") }
        let repository = try MCMSConnection(context).repository
        let plan = try ResetPlan(deviceID: id, section: MCMSField.onu, config: try await repository.onuConfig(id))
        try context.prompter.confirm("reset ONU \(id)", typing: id)
        try await repository.putONUConfig(id, plan.document)
        report(plan, kind: "ONU", context: context)
    }

    @Sendable static func oltReset(_ context: CommandContext) async throws {
        let mac = try DetailCommands.id(context, "MAC")
        let repository = try MCMSConnection(context).repository
        let plan = try ResetPlan(deviceID: mac, section: MCMSField.olt, config: try await repository.oltConfig(mac))
        let onus = try await repository.oltState(mac)
        let affected = RegistrationState.bucketed.reduce(0) { $0 + onus.onuIDs(in: $1).count }
        context.output.note("resetting OLT \(mac) interrupts service for its \(affected) ONUs")
        try context.prompter.confirm("reset OLT \(mac)", typing: mac)
        try await repository.putOLTConfig(mac, plan.document)
        report(plan, kind: "OLT", context: context)
    }

    static func report(_ plan: ResetPlan, kind: String, context: CommandContext) {
        if context.output.format == .json {
            context.output.emit(
                json: .object(
                    JSONObject([
                        ("id", .string(plan.deviceID)), ("reset_count_before", .number(JSONNumber(plan.oldCount))),
                        ("reset_count_after", .number(JSONNumber(plan.newCount))),
                    ])))
        } else {
            context.output.note("\(kind) \(plan.deviceID) reset requested (reset count \(plan.oldCount) → \(plan.newCount))")
        }
    }

    // MARK: Many ONUs

    /// One ONU's outcome in a bulk reset.
    struct Outcome: Sendable {
        var id: String
        var plan: ResetPlan?
        var failure: String?

        var json: JSONValue {
            .object(
                JSONObject([
                    ("id", .string(id)),
                    ("outcome", .string(failure == nil ? "reset" : "failed")),
                    ("reason", .string(failure ?? "reset requested")),
                    ("reset_count_before", plan.map { .number(JSONNumber($0.oldCount)) } ?? .null),
                    ("reset_count_after", plan.map { .number(JSONNumber($0.newCount)) } ?? .null),
                ]))
        }
    }

    static func bulk(_ context: CommandContext) async throws {
        let invocation = context.invocation
        let concurrency = invocation.integer("concurrency") ?? defaultConcurrency
        let connection = try MCMSConnection(context, concurrency: concurrency)
        let repository = connection.repository
        let ids = try await FirmwareBulkCommand.selectIDs(context, repository: repository)
        try context.prompter.confirm("reset \(ids.count) ONUs (each reboots)", typing: String(ids.count))
        let writer = try invocation.value("report").map { path throws(FieldOpsError) in try BulkReportWriter(path: path) }
        let progress = context.output.progress("reset", total: ids.count)
        var outcomes: [Int: Outcome] = [:]
        try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            func startNext() {
                guard next < ids.count, !Task.isCancelled else { return }
                let index = next
                let id = ids[index]
                next += 1
                group.addTask { (index, try await resetOne(id, repository: repository)) }
            }
            for _ in 0..<min(concurrency, ids.count) { startNext() }
            while let (index, outcome) = try await group.next() {
                outcomes[index] = outcome
                try await writer?.append(line: outcome.json.jsonString())
                progress.advance(failed: outcome.failure != nil)
                startNext()
            }
        }
        progress.finish()
        let ordered = ids.indices.compactMap { outcomes[$0] }
        let failed = ordered.filter { $0.failure != nil }
        let reportPath = invocation.value("report")
        if context.output.format == .json {
            context.output.emit(
                json: .object(
                    JSONObject([
                        ("reset", .number(JSONNumber(ordered.count - failed.count))), ("failed", .number(JSONNumber(failed.count))),
                        ("report", reportPath.map(JSONValue.string) ?? .null), ("onus", .array(ordered.map(\.json))),
                    ])))
        } else {
            var table = Table(columns: [.init("ID"), .init("Outcome"), .init("Detail")])
            for outcome in ordered {
                table.append([
                    outcome.id, outcome.failure == nil ? "reset" : "failed",
                    outcome.failure ?? outcome.plan.map { "reset count \($0.oldCount) → \($0.newCount)" } ?? "",
                ])
            }
            context.output.stdout.write(
                StyledTable(table: table, styles: ordered.map { $0.failure == nil ? nil : Style.red })
                    .render(format: context.output.format, color: context.output.terminal.colorEnabled))
        }
        context.output.note(
            "reset \(ordered.count - failed.count) of \(ids.count) ONUs" + (failed.isEmpty ? "" : ", \(failed.count) failed")
                + (reportPath.map { "; report: \($0)" } ?? ""))
        if !failed.isEmpty {
            throw FieldOpsError(
                "\(failed.count) of \(ids.count) ONUs were not reset",
                details: failed.prefix(10).map { "\($0.id): \($0.failure ?? "")" },
                hint: "fix the cause and run again for those ONUs" + (reportPath.map { " (their lines in \($0) say failed)" } ?? ""),
                exitCode: .partialFailure)
        }
    }

    /// One ONU; a failure is recorded, except a session expiry, which stops the whole run.
    static func resetOne(_ id: String, repository: MCMSRepository) async throws -> Outcome {
        do {
            let plan = try ResetPlan(deviceID: id, section: MCMSField.onu, config: try await repository.onuConfig(id))
            try await repository.putONUConfig(id, plan.document)
            return Outcome(id: id, plan: plan)
        } catch let error as any UserFacingError {
            if case MCMSError.sessionExpired = error { throw error }
            if case HTTPError.cancelled = error { throw error }
            return Outcome(id: id, failure: error.summary)
        }
    }
}
