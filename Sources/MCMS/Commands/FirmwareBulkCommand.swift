import FieldOpsCore
import Foundation

/// `mcms onu firmware-bulk`: Procedure 7 for a list of ONUs, an id file, or every ONU of an OLT.
enum FirmwareBulkCommand {
    static let defaultConcurrency = 8

    @Sendable static func run(_ context: CommandContext) async throws {
        let invocation = context.invocation
        let target = try FirmwareCommands.target(context)
        let concurrency = try invocation.value("concurrency").map { text in
            guard let n = Int(text), (1...256).contains(n) else { throw FieldOpsError.usage("--concurrency must be 1 to 256, not \(text)") }
            return n
        } ?? defaultConcurrency
        // Each ONU in flight reads its state and config at once, so allow two transfers per ONU.
        let connection = try MCMSConnection(context, concurrency: concurrency * 2)
        let repository = connection.repository

        var ids = try await selectIDs(context, repository: repository)
        var reportPath = invocation.value("report")
        if let resumePath = invocation.value("resume") {
            let resume = try BulkResume(contentsOf: resumePath)
            try resume.check(against: target, path: resumePath)
            let before = ids.count
            ids = resume.remaining(ids)
            reportPath = reportPath ?? resumePath
            context.note("resuming \(resumePath): \(before - ids.count) ONUs already done, \(ids.count) to go")
        }

        let planner = FirmwarePlanner(target: target, serverFiles: try await repository.firmwareFiles())
        _ = try planner.checkFile()
        let procedure = FirmwareProcedure(repository: repository, planner: planner)
        if invocation.flag("dry-run") {
            try await dryRun(ids: ids, procedure: procedure, concurrency: concurrency, context: context)
            return
        }
        guard !ids.isEmpty else {
            context.note("nothing to do: every selected ONU is already done")
            return
        }
        try context.confirm("install \(target.version) on \(ids.count) ONUs", typing: String(ids.count))

        let writer = try reportPath.map { path throws(FieldOpsError) in try BulkReportWriter(path: path) }
        let progress = context.progress("firmware \(target.version)", total: ids.count)
        let summary = try await BulkFirmwareRun(procedure: procedure, concurrency: concurrency).run(ids: ids) { entry in
            try await writer?.append(entry)
            progress.advance(failed: entry.outcome == .failed)
            if entry.outcome == .failed { context.trace("\(entry.id): \(entry.reason)") }
        }
        progress.finish()
        if context.format == .json {
            context.emit(json: .object(JSONObject([
                ("upgraded", .number(JSONNumber(summary.upgraded))), ("skipped", .number(JSONNumber(summary.skipped))),
                ("failed", .number(JSONNumber(summary.failed))), ("not_reached", .number(JSONNumber(summary.notReached))),
                ("report", reportPath.map(JSONValue.string) ?? .null),
            ])))
        }
        context.note("upgraded \(summary.upgraded), skipped \(summary.skipped), failed \(summary.failed)"
                     + (summary.notReached > 0 ? ", not reached \(summary.notReached)" : "")
                     + (reportPath.map { "; report: \($0)" } ?? ""))
        if summary.failed > 0 {
            throw FieldOpsError("\(summary.failed) of \(ids.count) ONUs failed",
                                hint: reportPath.map { "see \($0); fix the cause and run again with --resume \($0)" }
                                    ?? "run with --report FILE to see which, then --resume FILE",
                                exitCode: .partialFailure)
        }
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
            ids = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
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
                .map { $0.trimmingCharacters(in: .whitespaces) }
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
        let query = JSONValue.object(JSONObject([("\(MCMSField.olt).\(MCMSField.macAddress)", .string(mac))])).jsonString()
        async let states = repository.onuStates(projection: #"{"_id":1}"#, query: query)
        var ids: [String] = []
        let document = try await olt
        for bucket in RegistrationState.bucketed { ids += document.onuIDs(in: bucket) }
        ids += try await states.compactMap(\.id)
        return ids
    }

    static func dryRun(ids: [String], procedure: FirmwareProcedure, concurrency: Int, context: CommandContext) async throws {
        var table = Table(columns: [.init("ID"), .init("Would"), .init("Detail")])
        var lines: [(Int, [String])] = []
        try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            var next = 0
            func add() {
                guard next < ids.count else { return }
                let index = next, id = ids[index]
                next += 1
                group.addTask {
                    do {
                        switch try await procedure.plan(onuID: id) {
                        case .skip(let reason, _): return (index, [id, "skip", reason])
                        case .write(let plan):
                            return (index, [id, plan.stageOnly ? "stage" : "upgrade", FirmwareRendering.summary(plan)])
                        }
                    } catch let error as any UserFacingError {
                        if case MCMSError.sessionExpired = error { throw error }
                        return (index, [id, "fail", error.summary])
                    }
                }
            }
            for _ in 0..<min(concurrency, ids.count) { add() }
            for try await line in group {
                lines.append(line)
                add()
            }
        }
        table.rows = lines.sorted { $0.0 < $1.0 }.map(\.1)
        if context.format == .json {
            context.emit(json: .array(table.rows.map { row in
                .object(JSONObject([("id", .string(row[0])), ("would", .string(row[1])), ("detail", .string(row[2]))]))
            }))
        } else {
            context.emit(table)
        }
        context.note("dry run: nothing was sent")
    }
}
