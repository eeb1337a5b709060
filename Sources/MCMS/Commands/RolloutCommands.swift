import FieldOpsCore
import FoundationEssentials

/// `mcms rollout status REPORT [--watch]`: a rollout report summarised per wave, followed live
/// while a rollout writes it.
struct RolloutStatusCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "status", abstract: "Per wave: done, failed, in flight and not started; --watch follows a rollout while it writes the report.",
        discussion:
            "Reads only the local report file, never the appliance. A rollout stopped by Ctrl-C or SIGTERM shows as interrupted, with its counts and the --resume command that continues it. --watch prints again whenever the report changes and ends when the rollout writes its summary or interrupted line (with --json, one compact object per change).",
        examples: [
            "fieldops mcms rollout status run.jsonl", "fieldops mcms rollout status run.jsonl --watch",
            "fieldops mcms rollout status run.jsonl --json",
        ],
        options: [
            .flag("watch", short: "w", help: "Follow the report until the rollout finishes."),
            OptionSpec(
                "interval", value: .duration, valueName: "DURATION", help: "How often to read the report while watching (default 2s)."),
        ],
        arguments: [ArgumentSpec("REPORT", help: "The --report file of a firmware-bulk rollout.", value: .file)])

    let path: String
    let watch: Bool
    let interval: Double

    init(_ invocation: Invocation) throws {
        path = try invocation.required("REPORT")
        watch = invocation.flag("watch")
        interval = invocation.seconds("interval") ?? WatchOptions.defaultInterval
        guard interval >= WatchOptions.minimumInterval else {
            throw FieldOpsError.usage("--interval must be at least 1s, not \(invocation.value("interval") ?? "")")
        }
    }

    func run(_ context: CommandContext) async throws {
        let (path, interval) = (self.path, self.interval)
        guard watch else {
            let report = try RolloutReportFile(contentsOf: path)
            Self.emit(report, path: path, context: context)
            return
        }
        // Reading a local file costs the appliance nothing; redraw only when it changed.
        var shown: String?
        while true {
            let report = try RolloutReportFile(contentsOf: path)
            let key = Self.render(report, path: path, format: .plain)
            if key != shown {
                if context.output.format != .json, shown != nil, context.output.stdout.isTerminal { context.output.stdout.write("\n") }
                Self.emit(report, path: path, context: context, compact: true)
                shown = key
            }
            if report.finished || report.interrupted != nil { return }
            try await Task.sleep(for: .milliseconds(Int64(interval * 1000)))
        }
    }

    static func emit(_ report: RolloutReportFile, path: String, context: CommandContext, compact: Bool = false) {
        if context.output.format == .json {
            let value = json(report, path: path)
            context.output.stdout.write(value.jsonString(compact ? .compact : .pretty) + "\n")
        } else {
            context.output.stdout.write(render(report, path: path, format: context.output.format))
        }
    }

    static func json(_ report: RolloutReportFile, path: String) -> JSONValue {
        .object(
            JSONObject([
                ("report", .string(path)),
                ("file", report.file.map(JSONValue.string) ?? .null),
                ("version", report.version.map(JSONValue.string) ?? .null),
                ("finished", .bool(report.finished)),
                ("interrupted", report.interrupted ?? .null),
                (
                    "waves",
                    .array(
                        report.waveStatus.map { row in
                            .object(
                                JSONObject([
                                    ("wave", row.number.map { .number(JSONNumber($0)) } ?? .null), ("name", .string(row.name)),
                                    ("total", .number(JSONNumber(row.total))), ("done", .number(JSONNumber(row.done))),
                                    ("failed", .number(JSONNumber(row.failed))), ("in_flight", .number(JSONNumber(row.inFlight))),
                                    ("not_started", .number(JSONNumber(row.notStarted))),
                                ]))
                        })
                ),
                ("summary", report.summary ?? .null),
            ]))
    }

    static func render(_ report: RolloutReportFile, path: String, format: OutputFormat) -> String {
        var table = Table(columns: [.init("Wave"), .init("ONUs"), .init("Done"), .init("Failed"), .init("In flight"), .init("Not started")])
        for row in report.waveStatus {
            table.append([row.name, String(row.total), String(row.done), String(row.failed), String(row.inFlight), String(row.notStarted)])
        }
        var out = "\(path): \(report.file ?? "?") \(report.version ?? "?"), "
        if report.finished {
            out += "finished" + (report.summary?["halted"]?.stringValue.map { " (\($0))" } ?? "")
        } else if let counts = report.interrupted {
            func count(_ key: String) -> Int { Int(counts[key]?.int64Value ?? 0) }
            out +=
                "interrupted (\(Noun.count(count("upgraded"), "ONU")) done, \(count("failed")) failed, "
                + "\(count("in_flight")) in flight, \(count("not_started")) not started); "
                + "continue: \(RolloutReport.resumeCommand(path))"
        } else {
            out += "running or stopped (no summary line yet)"
        }
        out += "\n" + table.render(format: format == .json ? .plain : format)
        let failed = report.order.compactMap { report.last[$0] }.filter { $0.outcome == .failed }
        for entry in failed.prefix(10) { out += "failed \(entry.id): \(entry.reason)\n" }
        if failed.count > 10 { out += "… and \(failed.count - 10) more failed (jq 'select(.outcome==\"failed\")' \(path))\n" }
        return out
    }
}
