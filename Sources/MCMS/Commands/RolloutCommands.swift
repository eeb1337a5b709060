import FieldOpsCore
import FoundationEssentials

/// `mcms rollout status REPORT [--watch]`: a rollout report summarised per wave, followed live
/// while a rollout writes it.
struct RolloutStatusCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "status", abstract: "Per wave: done, failed, in flight and not started; --watch follows a rollout while it writes the report.",
        discussion:
            "Reads only the local report files, never an appliance. A NOC's rollouts on several appliances (one report each) are read together: each report names the profile it ran on, shown beside it and as profile in --json (an array then). A rollout stopped by Ctrl-C or SIGTERM shows as interrupted, with its counts and the --resume command that continues it on its appliance. --watch prints again whenever a report changes and ends when every rollout has written its summary or interrupted line (with --json, one compact object per change).",
        examples: [
            "fieldops mcms rollout status run.jsonl", "fieldops mcms rollout status run.jsonl --watch",
            "fieldops mcms rollout status run.jsonl --json", "fieldops mcms rollout status north.jsonl south.jsonl",
        ],
        options: [
            .flag("watch", short: "w", help: "Follow the reports until every rollout finishes."),
            OptionSpec(
                "interval", value: .duration, valueName: "DURATION", help: "How often to read the reports while watching (default 2s)."),
        ],
        arguments: [
            ArgumentSpec(
                "REPORT", help: "The --report file of a firmware-bulk rollout (several: one per appliance).", value: .file, variadic: true)
        ])

    let paths: [String]
    let watch: Bool
    let interval: Double

    init(_ invocation: Invocation) throws {
        _ = try invocation.required("REPORT")
        paths = invocation.all("REPORT")
        watch = invocation.flag("watch")
        interval = invocation.seconds("interval") ?? WatchOptions.defaultInterval
        guard interval >= WatchOptions.minimumInterval else {
            throw FieldOpsError.usage("--interval must be at least 1s, not \(invocation.value("interval") ?? "")")
        }
    }

    func run(_ context: CommandContext) async throws {
        let (paths, interval) = (self.paths, self.interval)
        guard watch else {
            Self.emit(try Self.read(paths), context: context)
            return
        }
        // Reading local files costs the appliances nothing; redraw only when one changed.
        var shown: String?
        while true {
            let reports = try Self.read(paths)
            let key = reports.map { Self.render($0.report, path: $0.path, format: .plain) }.joined()
            if key != shown {
                if context.output.format != .json, shown != nil, context.output.stdout.isTerminal { context.output.stdout.write("\n") }
                Self.emit(reports, context: context, compact: true)
                shown = key
            }
            if reports.allSatisfy({ $0.report.finished || $0.report.interrupted != nil }) { return }
            try await Task.sleep(for: .milliseconds(Int64(interval * 1000)))
        }
    }

    static func read(_ paths: [String]) throws -> [(path: String, report: RolloutReportFile)] {
        try paths.map { ($0, try RolloutReportFile(contentsOf: $0)) }
    }

    /// One report as before (an object); several as an array, each with its profile.
    static func emit(_ reports: [(path: String, report: RolloutReportFile)], context: CommandContext, compact: Bool = false) {
        if context.output.format == .json {
            let value =
                reports.count == 1
                ? json(reports[0].report, path: reports[0].path) : .array(reports.map { json($0.report, path: $0.path) })
            context.output.stdout.write(value.jsonString(compact ? .compact : .pretty) + "\n")
        } else {
            context.output.stdout.write(
                reports.map { render($0.report, path: $0.path, format: context.output.format) }.joined(
                    separator: context.output.format == .table ? "\n" : ""))
        }
    }

    static func json(_ report: RolloutReportFile, path: String) -> JSONValue {
        .object(
            JSONObject([
                ("report", .string(path)),
                ("profile", report.profile.map(JSONValue.string) ?? .null),
                ("file", report.file.map(JSONValue.string) ?? .null),
                ("version", report.version.map(JSONValue.string) ?? .null),
                ("finished", .bool(report.finished)),
                ("interrupted", report.interrupted ?? .null),
                ("paused", report.paused ?? .null),
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
        var out = (report.profile.map { "profile \($0): " } ?? "") + "\(path): \(report.file ?? "?") \(report.version ?? "?"), "
        if report.finished {
            out += "finished" + (report.summary?["halted"]?.stringValue.map { " (\($0))" } ?? "")
        } else if let counts = report.interrupted {
            func count(_ key: String) -> Int { Int(counts[key]?.int64Value ?? 0) }
            out +=
                "interrupted (\(Noun.count(count("upgraded"), "ONU")) done, \(count("failed")) failed, "
                + "\(count("in_flight")) in flight, \(count("not_started")) not started); "
                + "continue: \(RolloutReport.resumeCommand(path, profile: report.profile))"
        } else if let pause = report.paused {
            out +=
                "paused outside its maintenance windows (\(pause["windows"]?.stringValue ?? "?")); "
                + (pause["resumes_at"]?.stringValue.flatMap { Timestamp.milliseconds($0) }.map {
                    "resumes at \(Timestamp.localMinuteText(milliseconds: $0))"
                } ?? "no window opens before --end-at")
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
