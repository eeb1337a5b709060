import FieldOpsCore

/// `onu reset ID|--ids…|--ids-from FILE|--olt MAC`: the config document written back with
/// `"Reset Count"` + 1, for one ONU or many with bounded concurrency.
struct ONUResetCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "reset",
        abstract: "Reboot one ONU, or many with --ids, --ids-from or --olt (type the id or the count to confirm; --yes off a terminal).",
        discussion:
            "Each reset is GET the config → Reset Count + 1 → PUT, the rest of the document unchanged. Many ONUs run with bounded concurrency; the report lists each ONU's outcome (--report FILE appends it as JSON lines) and the exit code is 5 when any failed.",
        examples: [
            "fieldops mcms onu reset ALPHe30cadcf", "fieldops mcms onu reset --olt 70:b3:d5:52:31:27 --report reset.jsonl",
            "fieldops mcms onu reset --ids-from onus.txt --concurrency 4 --yes",
        ],
        options: [
            ONUSelection.ids, ONUSelection.idsFrom,
            OptionSpec(
                "olt", value: .dynamic(MCMSCommands.oltOrNameSource), valueName: "MAC",
                help: "Every ONU of this OLT (MAC, name or part of a name)."),
            MCMSCommands.chunkSize,
            OptionSpec("concurrency", value: .integer(1...256, default: 8), valueName: "N", help: "ONUs in flight at once."),
            OptionSpec("report", value: .file, valueName: "FILE", help: "Append one JSON line per ONU here."),
        ],
        arguments: [
            ArgumentSpec(
                "ID", help: "The ONU id (or use --ids, --ids-from, --olt).", value: .dynamic(MCMSCommands.onuSource), optional: true)
        ])

    /// One ONU, or nil for a selection.
    let id: String?
    let selection: ONUSelection
    let concurrency: Int
    let reportPath: String?
    let reading: MCMSReadOptions

    init(_ invocation: Invocation) throws {
        id = invocation.value("ID").map(DeviceID.onu)
        selection = try ONUSelection(invocation)
        if id == nil, selection.source == nil {
            throw FieldOpsError.usage("name the ONU to reset, or many with --ids, --ids-from or --olt")
        }
        if id != nil, selection.source != nil {
            throw FieldOpsError.usage("give either one ID or --ids/--ids-from/--olt, not both")
        }
        concurrency = try invocation.required(integer: "concurrency")
        reportPath = invocation.value("report")
        reading = MCMSReadOptions(invocation)
    }

    func run(_ context: CommandContext) async throws {
        guard let id else {
            try await bulk(context)
            return
        }
        let repository = try MCMSConnection(context, reading: reading).repository
        let plan = try ResetPlan(deviceID: id, section: MCMSField.onu, config: try await repository.onuConfig(id))
        try context.prompter.confirm(
            "reset \(MCMSCommands.onuSubject(id, config: plan.document))", typing: id,
            consequence: "it reboots; its subscriber is offline until it registers again")
        try await repository.putONUConfig(id, plan.document)
        Self.report(plan, kind: "ONU", output: context.output)
    }

    static func report(_ plan: ResetPlan, kind: String, output: Output) {
        if output.format == .json {
            output.emit(
                json: .object(
                    JSONObject([
                        ("id", .string(plan.deviceID)), ("reset_count_before", .number(JSONNumber(plan.oldCount))),
                        ("reset_count_after", .number(JSONNumber(plan.newCount))),
                    ])))
        } else {
            output.note("\(kind) \(plan.deviceID) reset requested (reset count \(plan.oldCount) → \(plan.newCount))")
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

    func bulk(_ context: CommandContext) async throws {
        let (concurrency, reportPath) = (self.concurrency, self.reportPath)
        let connection = try MCMSConnection(context, concurrency: concurrency, reading: reading)
        let repository = connection.repository
        let (ids, subject) = try await selection.resolveNamed(repository: repository, context: context)
        try context.prompter.confirm(
            "reset \(subject)", typing: String(ids.count),
            consequence: "each reboots; its subscribers are offline until it registers again")
        // Room for every line is reserved before the first ONU reboots (a full disk stops the
        // run here, having done nothing).
        let writer = try reportPath.map { path throws(FieldOpsError) in
            try BulkReportWriter(path: path, reserving: ids.count * Self.reportLineBytes)
        }
        let progress = context.output.progress("reset", total: ids.count)
        var outcomes: [Int: Outcome] = [:]
        // A report that fails anyway mid-run does not stop the run (the ONUs are rebooting):
        // each later line goes to stdout as it happens, and the run ends saying so.
        var reportFailure: (error: any Error, lines: Int)?
        try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            func startNext() {
                guard next < ids.count, !Task.isCancelled else { return }
                let index = next
                let id = ids[index]
                next += 1
                group.addTask { (index, try await Self.resetOne(id, repository: repository)) }
            }
            for _ in 0..<min(concurrency, ids.count) { startNext() }
            while let (index, outcome) = try await group.next() {
                outcomes[index] = outcome
                let line = outcome.json.jsonString()
                if reportFailure != nil {
                    context.output.stdout.line(line)
                } else if let writer {
                    do {
                        try await writer.append(line: line)
                    } catch {
                        reportFailure = (error, outcomes.count - 1)
                        context.output.stdout.line(line)
                    }
                }
                progress.advance(failed: outcome.failure != nil)
                startNext()
            }
        }
        progress.finish()
        let ordered = ids.indices.compactMap { outcomes[$0] }
        let failed = ordered.filter { $0.failure != nil }
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
            "reset \(ordered.count - failed.count) of \(Noun.count(ids.count, "ONU"))" + (failed.isEmpty ? "" : ", \(failed.count) failed")
                + (reportPath.map { "; report: \($0)" } ?? ""))
        if let reportFailure, let reportPath {
            throw FieldOpsError(
                "the report \(reportPath) holds only the first \(reportFailure.lines) of \(Noun.count(ordered.count, "ONU")): \(reportFailure.error.summaryText)",
                details: ["the lines of the others were printed on stdout as they finished (and in the results above)"],
                hint: "free space for \(reportPath), then add those lines to it")
        }
        if !failed.isEmpty {
            throw FieldOpsError(
                "\(failed.count) of \(Noun.count(ids.count, "ONU")) \(failed.count == 1 ? "was" : "were") not reset",
                details: failed.prefix(10).map { "\($0.id): \($0.failure ?? "")" },
                hint: "fix the cause and run again for those ONUs" + (reportPath.map { " (their lines in \($0) say failed)" } ?? ""),
                exitCode: .partialFailure)
        }
    }

    /// Room reserved in the report per ONU: a line is about 200 bytes.
    static let reportLineBytes = 512

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

/// `olt reset MAC`: the OLT's config written back with `"Reset Count"` + 1, after saying how
/// many ONUs lose service.
struct OLTResetCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "reset", abstract: "Reboot the OLT (asks you to type its MAC; --yes off a terminal).",
        examples: ["fieldops mcms olt reset 70:b3:d5:52:31:27"], arguments: [MCMSCommands.oltMAC])

    let mac: String

    init(_ invocation: Invocation) throws { mac = try invocation.oltMAC() }

    func run(_ context: CommandContext) async throws {
        let repository = try MCMSConnection(context).repository
        let plan = try ResetPlan(deviceID: mac, section: MCMSField.olt, config: try await repository.oltConfig(mac))
        let onus = try await repository.oltState(mac)
        let affected = RegistrationState.bucketed.reduce(0) { $0 + onus.onuIDs(in: $1).count }
        context.output.note("resetting OLT \(mac) interrupts service for its \(Noun.count(affected, "ONU"))")
        try context.prompter.confirm("reset OLT \(mac)", typing: mac)
        try await repository.putOLTConfig(mac, plan.document)
        ONUResetCommand.report(plan, kind: "OLT", output: context.output)
    }
}
