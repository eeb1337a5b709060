import FieldOpsCore
import FoundationEssentials

/// `onu show ID --sample 60s`: reads the ONU every `--interval` for a while, then prints the
/// last view with the trends (or, with `--json`, every sample).
struct ONUSampling {
    let source: WatchSource
    let duration: Double
    let context: CommandContext

    func run() async throws {
        let interval = context.invocation.seconds("interval") ?? WatchOptions.defaultInterval
        guard interval >= WatchOptions.minimumInterval else { throw FieldOpsError.usage("--interval must be at least 1s") }
        guard duration >= interval else {
            throw FieldOpsError.usage("--sample must be at least one --interval (\(Units.trimmed(interval))s)")
        }
        guard !WatchOptions.watches(context.invocation) else {
            throw FieldOpsError.usage("--sample cannot be combined with --watch or --until")
        }
        // Ticks at 0, interval, 2×interval … up to the duration.
        let count = min(10_000, Int((duration / interval).rounded(.down)) + 1)
        let clock = ContinuousClock()
        let start = clock.now
        let progress = context.output.progress("sampling", total: count)
        var history = SampleHistory(capacity: count)
        var samples: [JSONValue] = []
        var last: WatchFrame?
        for index in 0..<count {
            try await Task.sleep(until: start + .seconds(interval * Double(index)), clock: .continuous)
            let time = WatchRunner.timestamp(Date())
            do {
                let frame = try await source.fetch()
                last = frame
                history.record(frame.metrics, names: source.trends.map(\.metric))
                samples.append(Self.sample(frame.json, time: time))
            } catch let error where WatchRunner.isTransient(error) {
                history.record([:], names: source.trends.map(\.metric))
                samples.append(.object(JSONObject([("time", .string(time)), ("error", .string(WatchRunner.summary(error)))])))
            }
            progress.advance(failed: last == nil)
        }
        progress.finish()
        switch context.output.format {
        case .json:
            context.output.emit(
                json: .object(
                    JSONObject([
                        ("id", .string(DeviceID.onu(context.invocation.value("ID") ?? ""))),
                        ("interval_seconds", .number(JSONNumber(lexeme: Units.trimmed(interval)) ?? 1)),
                        ("samples", .array(samples)),
                    ])))
        case .plain:
            for sample in samples {
                let fields = ["time", "rx_dbm", "tx_dbm", "rx_bps", "tx_bps", "error"].map { key in sample[key].map(displayText) ?? "" }
                context.output.stdout.line(fields.joined(separator: "\t"))
            }
        case .table:
            let color = context.output.terminal.colorEnabled
            if let last { context.output.stdout.write(last.render(.table, color, context.output.tableFit)) }
            context.output.stdout.write(history.render(source.trends, width: context.output.terminal.width, color: color))
        }
        if last == nil { throw FieldOpsError("every sample failed", exitCode: .network) }
    }

    /// The readings of one `onu show --json` frame that a trend is made of, numbers exact.
    static func sample(_ detail: JSONValue, time: String) -> JSONValue {
        .object(
            JSONObject([
                ("time", .string(time)),
                ("state", detail["state"] ?? .null),
                ("rx_dbm", detail["optical"]?["rx_dbm"] ?? .null),
                ("tx_dbm", detail["optical"]?["tx_dbm"] ?? .null),
                ("rx_bps", detail["traffic_bps"]?["rx"] ?? .null),
                ("tx_bps", detail["traffic_bps"]?["tx"] ?? .null),
                ("temperature_c", detail["transceiver"]?["temperature_c"] ?? .null),
            ]))
    }
}
