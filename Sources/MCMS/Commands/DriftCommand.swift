import FieldOpsCore

/// `mcms onu drift [--baseline 7d] [--rx-drop 2] [--fec-rise N]`: the ONUs whose optical level
/// fell (or whose FEC errors rose) against their own recorded baseline, largest first, with the
/// ONUs of one OLT port that drifted together said as one group. Local only.
struct ONUDriftCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "drift",
        abstract: "ONUs whose RX level fell (or FEC errors rose) against their own recorded baseline, grouped by OLT port.",
        discussion: """
            Compares each ONU's last 3 samples (mcms record) with its baseline: the median RX level over --baseline \
            (7d) before now. An ONU drifted when all 3 samples are at least --rx-drop dB (2) below it, so a one-sample \
            blip never counts. With --fec-rise N, also when FEC corrected errors grew by at least N an hour more over \
            the last samples than over the baseline. Two or more ONUs on one OLT port that drifted are one line first \
            (a splitter, a feeder, a dirty connector in the cabinet). Reads the local history store only. Exit 0 \
            whether or not any ONU drifted; exit 1 when there are fewer than 3 samples.
            """,
        examples: [
            "fieldops mcms onu drift", "fieldops mcms onu drift --baseline 3d --rx-drop 1.5",
            "fieldops mcms onu drift --fec-rise 1000 --json",
        ],
        options: [
            OptionSpec("baseline", value: .duration, valueName: "DURATION", help: "The baseline window before now (default 7d)."),
            OptionSpec("rx-drop", valueName: "DB", help: "Drop in dB that counts as drift (default 2)."),
            OptionSpec(
                "fec-rise", value: .integer(1...), valueName: "N",
                help: "Also flag FEC corrected errors growing N/h faster than the baseline."),
            OptionSpec("limit", value: .integer(1...), valueName: "N", help: "At most N ONUs in the table (groups count them all)."),
        ])

    let options: DriftAnalysis.Options
    let limit: Int?

    init(_ invocation: Invocation) throws {
        var options = DriftAnalysis.Options()
        if let seconds = invocation.seconds("baseline") {
            guard seconds >= 3_600 else {
                throw FieldOpsError.usage("--baseline must be at least 1h", hint: "see the usage: fieldops mcms onu drift --help")
            }
            options.baseline = Int64(seconds * 1_000)
        }
        if let text = invocation.value("rx-drop") {
            guard let decibels = Double(text), decibels.isFinite, decibels > 0, decibels < 100 else {
                throw FieldOpsError.usage(
                    "invalid value '\(text)' for '--rx-drop': expected a number of dB above 0, such as 2 or 1.5",
                    hint: "see the usage: fieldops mcms onu drift --help")
            }
            options.rxDrop = Int((decibels * 100).rounded())
        }
        options.fecRise = invocation.integer("fec-rise").map(Double.init)
        self.options = options
        limit = invocation.integer("limit")
    }

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile(backend: "mcms")
        let store = try HistoryWindow.store(context, profile: profile.name)
        let result: DriftAnalysis.Result
        do {
            result = try DriftAnalysis(store: store, options: options).run(now: WallClock.nowMilliseconds)
        } catch DriftAnalysis.Failure.tooFewSamples(let count) {
            throw FieldOpsError(
                "drift needs 3 samples on profile \(profile.name); \(count == 0 ? "none is" : Noun.count(count, "sample") + (count == 1 ? " is" : " are")) recorded",
                hint: "record some: fieldops -p \(ShellQuote.word(profile.name)) mcms record")
        }
        let output = context.output
        if output.format == .json || output.structured.kind != .table {
            output.emit(records: .array(result.findings.map { Self.record($0, groups: result.groups) }))
            return
        }
        var text = ""
        for group in result.groups {
            let drops = group.findings.compactMap(\.rxDrop)
            let since = group.findings.compactMap(\.since).min()
            let olt = (group.oltName ?? "").isEmpty ? "OLT \(group.olt)" : InventoryRendering.oltLabel(name: group.oltName, mac: group.olt)
            text +=
                "\(Noun.count(group.findings.count, "ONU")) on \(olt) port \(group.port) dropped "
                + Self.range(drops) + " dB" + (since.map { " since " + Self.when($0, now: result.latest) } ?? "") + "\n"
        }
        if !result.groups.isEmpty { text += "\n" }
        let basis =
            "\(Noun.count(result.onusCompared, "ONU")) compared with the median of \(Noun.count(result.baselinePoints, result.baselineHourly ? "hourly point" : "sample")) "
            + "before the last sample (\(Timestamp.localMinuteText(milliseconds: result.latest)))"
        guard !result.findings.isEmpty else {
            output.stdout.write(text + "no ONU drifted: \(basis)\n")
            return
        }
        let fec = options.fecRise != nil
        var table = Table(
            columns: [
                .init("ONU", fit: .whole), .init("Name"), .init("OLT", fit: .optional(rank: 2)), .init("Port", alignment: .right),
                .init("Baseline", alignment: .right), .init("Now", alignment: .right), .init("Drop", alignment: .right),
                .init("Since", fit: .optional(rank: 1)),
            ] + (fec ? [.init("FEC/h", alignment: .right, fit: .optional(rank: 3))] : []))
        for finding in result.findings.prefix(limit ?? Int.max) {
            let port: String = finding.port.map(String.init) ?? ""
            let baseline: String = finding.baseline.map(HistoryMetric.centiText) ?? ""
            let current: String = finding.current.map(HistoryMetric.centiText) ?? ""
            let drop: String = finding.rxDrop.map(HistoryMetric.centiText) ?? ""
            let since: String = finding.since.map { Self.when($0, now: result.latest) } ?? ""
            var cells: [String] = [
                finding.id, finding.name, InventoryRendering.oltLabel(name: finding.oltName, mac: finding.olt), port, baseline, current,
                drop, since,
            ]
            if fec { cells.append(finding.fecRose ? (finding.fecRecentRate ?? 0).fixedPoint(places: 0) : "") }
            table.append(cells)
        }
        output.stdout.write(text)
        output.stdout.write(table.render(format: output.format, color: output.terminal.colorEnabled, fit: output.tableFit))
        if !output.quiet { output.stderr.line(basis) }
    }

    /// `2.1–2.6`, or `2.4` when they are all the same.
    static func range(_ drops: [Int]) -> String {
        guard let low = drops.min(), let high = drops.max() else { return "" }
        let lowText = (Double(low) / 100).fixedPoint(places: 1)
        let highText = (Double(high) / 100).fixedPoint(places: 1)
        return lowText == highText ? lowText : lowText + "–" + highText
    }

    /// `Tue 10:00` within the week before `now`; else the day and time.
    static func when(_ instant: Int64, now: Int64) -> String {
        now - instant < 6 * HistoryStore.day
            ? Timestamp.localText(milliseconds: instant, format: "%a %H:%M")
            : Timestamp.localText(milliseconds: instant, format: "%Y-%m-%d %H:%M")
    }

    static func record(_ finding: DriftAnalysis.Finding, groups: [DriftAnalysis.Group]) -> JSONValue {
        func level(_ centi: Int?) -> JSONValue {
            centi.map { .number(JSONNumber(lexeme: HistoryMetric.centiText($0)) ?? JSONNumber($0)) } ?? .null
        }
        func rate(_ value: Double?) -> JSONValue { value.flatMap { JSONNumber($0.rounded()) }.map(JSONValue.number) ?? .null }
        let grouped = finding.olt.flatMap { olt in
            groups.first { $0.olt == olt && $0.port == finding.port && $0.findings.contains { $0.id == finding.id } }
        }
        return .object([
            "id": .string(finding.id), "name": .string(finding.name), "olt": finding.olt.map(JSONValue.string) ?? .null,
            "olt_name": finding.oltName.map(JSONValue.string) ?? .null, "port": finding.port.map { .number(JSONNumber($0)) } ?? .null,
            "baseline_dbm": level(finding.baseline), "rx_dbm": level(finding.current), "drop_db": level(finding.rxDrop),
            "since": finding.since.map { .string(Timestamp.isoUTC(milliseconds: $0)) } ?? .null,
            "fec_rose": .bool(finding.fecRose), "fec_baseline_per_hour": rate(finding.fecBaselineRate),
            "fec_recent_per_hour": rate(finding.fecRecentRate),
            "group_size": grouped.map { .number(JSONNumber($0.findings.count)) } ?? .null,
        ])
    }
}
