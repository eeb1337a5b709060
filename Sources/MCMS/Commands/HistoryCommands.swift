import FieldOpsCore

/// `mcms onu history ID` and `mcms olt history MAC`: a device's recorded series from the
/// profile's history store — a sparkline per metric with min/avg/max/last on a terminal, one
/// record per sample when piped or with `--json`/`-o csv`. Local only: no request is sent.
struct DeviceHistoryCommand<Device: DeviceKind>: FieldOpsCommand {
    static var isOLT: Bool { Device.group == "olt" }
    static var metrics: [HistoryMetric] { isOLT ? HistoryMetric.oltMetrics : HistoryMetric.onuMetrics }

    static var definition: CommandSpec {
        CommandSpec(
            "history",
            abstract: "The \(Device.title)'s recorded history (mcms record): a sparkline per metric, or one record per sample.",
            discussion: """
                Read from the profile's local history store, without the network. --since takes a duration before now \
                (24h, 7d), a day (2026-06-01) or a time (2026-06-01T08:00, local unless it has a zone); default 24h. \
                Samples are as taken for the last 7 days and hourly averages before. Counters (FEC, BIP) are shown as \
                their increase per hour. Piped, with --json or -o csv|ndjson: one record per sample with the metrics \
                chosen (levels in dBm as recorded, counters as read, rates in bit/s).
                """,
            examples: [
                "fieldops mcms \(Device.group) history \(Device.exampleID)",
                "fieldops mcms \(Device.group) history \(Device.exampleID) --since 7d --metric \(isOLT ? "traffic" : "rx,fec")",
                "fieldops mcms \(Device.group) history \(Device.exampleID) --since 2026-06-01 -o csv",
            ],
            options: [
                OptionSpec("since", valueName: "WHEN", help: "From this time: 24h, 7d, 2026-06-01 or 2026-06-01T08:00 (default 24h)."),
                OptionSpec("until", valueName: "WHEN", help: "Up to this time (default now)."),
                OptionSpec(
                    "metric", value: .string, valueName: "NAME[,NAME…]",
                    help: "Only these: \(metrics.map(\.rawValue).joined(separator: ", ")) (default all).", repeatable: true),
            ],
            arguments: [Device.argument])
    }

    let id: String
    let since: Int64
    let until: Int64
    let metrics: [HistoryMetric]

    init(_ invocation: Invocation) throws {
        id = Device.canonical(try invocation.required(Device.argument.name))
        let now = WallClock.nowMilliseconds
        since = try HistoryWindow.instant(invocation, "since", default: "24h", now: now)
        until = try HistoryWindow.instant(invocation, "until", default: nil, now: now)
        metrics = try HistoryMetric.parse(invocation.all("metric"), allowed: Self.metrics, command: "fieldops mcms \(Device.group) history")
    }

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile(backend: "mcms")
        let store = try HistoryWindow.store(context, profile: profile.name)
        guard let (ref, device) = try store.device(id, olt: Self.isOLT) else {
            throw FieldOpsError(
                "no history of \(Device.title) \(id) on profile \(profile.name)",
                hint: "the recorder has not seen it; record the fleet: fieldops -p \(ShellQuote.word(profile.name)) mcms record --once")
        }
        let points =
            Self.isOLT
            ? try store.oltSeries(ref: ref, since: since, until: until) : try store.onuSeries(ref: ref, since: since, until: until)
        let output = context.output
        if output.format == .json || output.structured.kind != .table {
            let records = points.map { point -> JSONValue in
                var members: [(String, JSONValue)] = [
                    ("at", .string(Timestamp.isoUTC(milliseconds: point.at))), ("resolution", .string(point.hourly ? "hour" : "sample")),
                ]
                for metric in metrics { members += metric.fields(point) }
                return .object(JSONObject(members))
            }
            output.emit(records: .array(records))
            return
        }
        output.stdout.write(
            HistoryRendering.text(
                title: HistoryRendering.title(kind: Device.title, id: device.id, device: device, profile: profile.name, store: store),
                points: points, metrics: metrics, since: since, until: until, width: output.terminal.width))
    }
}

/// The time window and store of the history readers.
enum HistoryWindow {
    /// `--since`/`--until` as an instant; `default` when not given (nil: now).
    static func instant(_ invocation: Invocation, _ option: String, default fallback: String?, now: Int64) throws -> Int64 {
        guard let text = invocation.value(option) ?? fallback else { return now }
        guard let instant = SinceText.milliseconds(text, now: now) else {
            throw FieldOpsError.usage(
                "invalid value '\(text)' for '--\(option)': expected \(SinceText.expectation)",
                hint: "see the usage: \((invocation.commandWords + ["--help"]).joined(separator: " "))")
        }
        return instant
    }

    /// The profile's history store; exit 1 saying how to start one when there is none.
    static func store(_ context: CommandContext, profile: String) throws -> HistoryStore {
        let path = HistoryStore.path(inDataDirectory: context.paths.dataDirectory(for: profile))
        guard let store = try HistoryStore.existing(path: path) else {
            throw FieldOpsError(
                "no history recorded on profile \(profile) (no \(path))",
                hint: "record it: fieldops -p \(ShellQuote.word(profile)) mcms record")
        }
        return store
    }
}

enum HistoryRendering {
    /// `ONU ALPH0067dba8 “Sjøgata 4” · profile lab-pon`, then where it is (`on OLT Kirkegata 2
    /// (70:b3:d5:52:31:27) port 3`) when the recorder knew.
    static func title(kind: String, id: String, device: HistoryStore.KnownDevice, profile: String, store: HistoryStore) -> [String] {
        var lines = ["\(kind) \(id)" + (device.name.isEmpty ? "" : " “\(device.name)”") + " · profile \(profile)"]
        if let olt = device.olt {
            let oltName = (try? store.device(olt, olt: true))?.device.name
            lines.append("on " + InventoryRendering.oltLabel(name: oltName, mac: olt) + (device.port.map { " port \($0)" } ?? ""))
        }
        return lines
    }

    /// The title, the span, and one line per metric.
    static func text(title: [String], points: [SeriesPoint], metrics: [HistoryMetric], since: Int64, until: Int64, width: Int) -> String {
        var text = title.map { $0.truncated(toWidth: width) + "\n" }.joined()
        guard let first = points.first, let last = points.last else {
            return text
                + "no samples between \(Timestamp.localMinuteText(milliseconds: since)) and \(Timestamp.localMinuteText(milliseconds: until))\n"
        }
        let hourly = points.filter(\.hourly).count
        text +=
            "\(Noun.count(points.count, "point")) from \(Timestamp.localMinuteText(milliseconds: first.at)) to \(Timestamp.localMinuteText(milliseconds: last.at))"
        text += hourly > 0 ? " (\(hourly) hourly averages, then samples as taken)\n\n" : "\n\n"
        let label = 9
        var rows: [(label: String, values: [Double?], stats: String)] = []
        var states: [(String, String)] = []
        for metric in metrics {
            if metric == .state {
                states += stateLines(points)
                continue
            }
            for line in metric.lines(points) {
                let values = line.values.compactMap { $0 }.filter(\.isFinite)
                guard let low = values.min(), let high = values.max(), let latest = line.values.last(where: { $0 != nil }) ?? nil else {
                    rows.append((line.label, [], "no values"))
                    continue
                }
                let average = values.reduce(0, +) / Double(values.count)
                func say(_ value: Double) -> String { value.fixedPoint(places: line.places) }
                var stats = "min \(say(low))  avg \(say(average))  max \(say(high))  last \(say(latest)) \(line.unit)"
                if let total = line.total { stats += "  (+\(total) in all)" }
                rows.append((line.label, line.values, stats))
            }
        }
        // One sparkline width for every metric, so their columns line up in time.
        let widest = rows.map { DisplayWidth.of($0.stats) }.max() ?? 0
        let sparkWidth = min(max(1, points.count), width - label - 2 - widest)
        let times = points.map(\.at)
        for row in rows {
            guard !row.values.isEmpty else {
                text += pad(row.label, label) + row.stats + "\n"
                continue
            }
            if sparkWidth >= 8 {
                text +=
                    pad(row.label, label) + spark(times, row.values, width: sparkWidth, since: first.at, until: last.at) + "  " + row.stats
                    + "\n"
            } else {
                text +=
                    pad(row.label, label) + spark(times, row.values, width: max(8, width - label), since: first.at, until: last.at) + "\n"
                text += String(repeating: " ", count: label) + row.stats.truncated(toWidth: width - label) + "\n"
            }
        }
        for (name, line) in states { text += (pad(name, label) + line).truncated(toWidth: width) + "\n" }
        return text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - DisplayWidth.of(text)))
    }

    /// The values placed by time into `width` columns (each column the average of its
    /// values; a column with none is a gap), as a sparkline.
    static func spark(_ times: [Int64], _ values: [Double?], width: Int, since: Int64, until: Int64) -> String {
        let columns = min(width, max(1, values.count))
        var sums = [Double](repeating: 0, count: columns)
        var counts = [Int](repeating: 0, count: columns)
        let span = max(1, until - since + 1)
        for (at, value) in zip(times, values) {
            guard let value, value.isFinite else { continue }
            let column = min(columns - 1, max(0, Int((Double(at - since) / Double(span)) * Double(columns))))
            sums[column] += value
            counts[column] += 1
        }
        let averaged: [Double?] = zip(sums, counts).map { $1 == 0 ? nil : $0 / Double($1) }
        return Sparkline.render(averaged, width: columns)
    }

    /// Registration and firmware: where they stand now and their changes over the window.
    static func stateLines(_ points: [SeriesPoint]) -> [(label: String, text: String)] {
        var lines: [(label: String, text: String)] = []
        func changes<T: Equatable>(_ values: [(at: Int64, value: T?)], word: (T) -> String, what: String) -> String? {
            var changes: [(at: Int64, value: T)] = []
            var current: T?
            for (at, value) in values {
                guard let value else { continue }
                if value != current {
                    if current != nil { changes.append((at, value)) }
                    current = value
                }
            }
            guard let current else { return nil }
            guard let lastChange = changes.last else { return "\(what) \(word(current)) throughout" }
            let shown = changes.suffix(3).map { "\(word($0.value)) at \(Timestamp.localMinuteText(milliseconds: $0.at))" }
            return "\(what) \(word(current)) since \(Timestamp.localMinuteText(milliseconds: lastChange.at)); "
                + "\(Noun.count(changes.count, "change")): " + shown.joined(separator: ", ")
        }
        if points.contains(where: { !$0.counts.isEmpty }) {
            if let last = points.last(where: { !$0.counts.isEmpty }) {
                lines.append(
                    (
                        "ONUs",
                        RegistrationState.bucketed.compactMap { state in
                            last.counts[state].map { "\($0) \(state.word)" }
                        }.joined(separator: ", ")
                    ))
            }
            return lines
        }
        if let line = changes(points.map { ($0.at, $0.registration) }, word: { $0.word }, what: "") {
            lines.append(("State", line.trimmingWhitespace()))
        }
        if let line = changes(points.map { ($0.at, $0.firmware) }, word: { $0 }, what: "") {
            lines.append(("Firmware", line.trimmingWhitespace()))
        }
        return lines
    }
}
