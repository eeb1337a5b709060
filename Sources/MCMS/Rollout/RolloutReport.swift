import FieldOpsCore
import FoundationEssentials

/// The lines of a rollout report besides the per-ONU entries: a `{"rollout": …}` plan line
/// first (image, and the ids of each wave), a `{"summary": …}` line when a run ends, an
/// `{"interrupted": …}` line when Ctrl-C or SIGTERM stopped it (the report then waits for
/// `--resume`). All are ignored by readers that look only for entries.
public enum RolloutReport {
    /// - Parameter profile: the profile (appliance) the rollout runs on, which a resume must use.
    public static func planLine(_ plan: RolloutPlan, target: FirmwareTarget, profile: String? = nil) -> String {
        JSONValue.object(
            JSONObject([
                (
                    "rollout",
                    .object(
                        JSONObject([
                            ("profile", profile.map(JSONValue.string) ?? .null),
                            ("file", .string(target.file)),
                            ("version", .string(target.version)),
                            (
                                "waves",
                                .array(
                                    plan.waves.map { wave in
                                        .object(
                                            JSONObject([
                                                ("wave", .number(JSONNumber(wave.number))), ("name", .string(wave.name)),
                                                ("ids", .array(wave.items.map { .string($0.id) })),
                                            ]))
                                    })
                            ),
                            ("skipped", .number(JSONNumber(plan.skipped.count))),
                        ]))
                )
            ])
        ).jsonString()
    }

    public static func summaryLine(_ summary: RolloutRun.Summary) -> String {
        JSONValue.object(JSONObject([("summary", summaryJSON(summary))])).jsonString()
    }

    /// The whole command that continues the rollout of the report at `path`, on its profile's
    /// appliance when the report names it.
    public static func resumeCommand(_ path: String, profile: String? = nil) -> String {
        "fieldops " + (profile.map { "-p \(ShellQuote.word($0)) " } ?? "") + "mcms onu firmware-bulk --resume " + ShellQuote.word(path)
    }

    /// `{"paused": {"at": "…Z", "resumes_at": "…Z", "windows": "Mon-Fri 01:00-05:00 (Europe/Oslo)"}}`:
    /// a maintenance window ended with ONUs left (`resumes_at` null: none opens before `--end-at`).
    public static func pausedLine(at: Int64, resumesAt: Int64?, windows: String) -> String {
        JSONValue.object([
            "paused": .object([
                "at": .string(Timestamp.isoUTC(milliseconds: at)),
                "resumes_at": resumesAt.map { .string(Timestamp.isoUTC(milliseconds: $0)) } ?? .null, "windows": .string(windows),
            ])
        ]).jsonString()
    }

    /// `{"interrupted": {"upgraded": 8, "failed": 0, "in_flight": 2, "not_started": 27, …}}`.
    public static func interruptedLine(_ summary: RolloutRun.Summary) -> String {
        JSONValue.object(JSONObject([("interrupted", summaryJSON(summary))])).jsonString()
    }

    public static func summaryJSON(_ summary: RolloutRun.Summary) -> JSONValue {
        .object(
            JSONObject([
                ("upgraded", .number(JSONNumber(summary.upgraded))), ("skipped", .number(JSONNumber(summary.skipped))),
                ("failed", .number(JSONNumber(summary.failed))), ("not_started", .number(JSONNumber(summary.notStarted))),
                ("in_flight", .number(JSONNumber(summary.inFlight))), ("rolled_back", .number(JSONNumber(summary.rolledBack))),
                ("halted", summary.halted.map(JSONValue.string) ?? .null), ("interrupted", .bool(summary.interrupted)),
            ]))
    }
}

/// A report read back: the first plan line's waves, the last entry per ONU, and whether the
/// last line is a summary (the run finished) or an interruption (it waits for `--resume`).
/// For `rollout status` and `--resume`.
public struct RolloutReportFile: Sendable, Equatable {
    public struct RecordedWave: Sendable, Equatable {
        public var number: Int
        public var name: String
        public var ids: [String]
    }

    /// The profile the rollout ran on (reports written before it was recorded have none).
    public var profile: String?
    public var file: String?
    public var version: String?
    public var waves: [RecordedWave] = []
    public var last: [String: BulkReportEntry] = [:]
    /// Ids in the order their first line appeared.
    public var order: [String] = []
    public var finished = false
    public var summary: JSONValue?
    /// The counts of the `interrupted` line when it is the last line; nil once a resume wrote more.
    public var interrupted: JSONValue?
    /// The `paused` line when it is the last line: the rollout waits for its next window.
    public var paused: JSONValue?
    public var unreadableLines = 0

    public init(text: String) {
        var sawPlan = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let value = try? JSONValue(parsing: String(line)) else {
                unreadableLines += 1
                continue
            }
            if let pause = value["paused"], pause.objectValue != nil {
                paused = pause
                continue
            }
            paused = nil
            if let plan = value["rollout"], plan.objectValue != nil {
                finished = false
                interrupted = nil
                guard !sawPlan else { continue }
                sawPlan = true
                profile = plan["profile"]?.stringValue
                file = plan["file"]?.stringValue
                version = plan["version"]?.stringValue
                waves = (plan["waves"]?.arrayValue ?? []).compactMap { wave in
                    guard let number = wave["wave"]?.int64Value, (0...1000).contains(number) else { return nil }
                    return RecordedWave(
                        number: Int(number), name: wave["name"]?.stringValue ?? "wave \(number)",
                        ids: (wave["ids"]?.arrayValue ?? []).compactMap(\.stringValue))
                }
            } else if let summary = value["summary"], summary.objectValue != nil {
                finished = true
                interrupted = nil
                self.summary = summary
            } else if let counts = value["interrupted"], counts.objectValue != nil {
                finished = false
                interrupted = counts
            } else if let entry = BulkReportEntry(json: value) {
                finished = false
                interrupted = nil
                if last[entry.id] == nil { order.append(entry.id) }
                last[entry.id] = entry
                file = file ?? entry.file
                version = version ?? entry.version
            } else {
                unreadableLines += 1
            }
        }
    }

    public init(contentsOf path: String) throws(FieldOpsError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FieldOpsError("cannot read the report \(path)", hint: "pass the --report file of the rollout")
        }
        self.init(text: String(decoding: data, as: UTF8.self))
    }

    /// Per wave: how many are done, failed, in flight (written, not yet verified) and not started.
    public struct WaveStatus: Sendable, Equatable {
        public var number: Int?
        public var name: String
        public var total = 0
        public var done = 0
        public var failed = 0
        public var inFlight = 0
        public var notStarted = 0
    }

    public var waveStatus: [WaveStatus] {
        var rows: [WaveStatus] = []
        var listed = Set<String>()
        for wave in waves {
            var row = WaveStatus(number: wave.number, name: wave.name)
            for id in wave.ids {
                listed.insert(id)
                Self.add(last[id], to: &row)
            }
            rows.append(row)
        }
        // Entries of ONUs no plan line lists: skips written up front, or a run without waves.
        var other = WaveStatus(number: nil, name: waves.isEmpty ? "all" : "skipped")
        for id in order where !listed.contains(id) { Self.add(last[id], to: &other) }
        if other.total > 0 { rows.append(other) }
        return rows
    }

    static func add(_ entry: BulkReportEntry?, to row: inout WaveStatus) {
        row.total += 1
        switch entry?.outcome {
        case .upgraded?, .skipped?: row.done += 1
        case .failed?: row.failed += 1
        case .activating?: row.inFlight += 1
        case .notStarted?, nil: row.notStarted += 1
        }
    }
}
