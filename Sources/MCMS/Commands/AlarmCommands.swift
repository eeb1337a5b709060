import FieldOpsCore

/// `mcms alarms`: every active alarm of every ONU and OLT, from the two collection requests.
struct FleetAlarmsCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "alarms", abstract: "Every active alarm of every ONU and OLT, most severe and newest first.",
        discussion:
            "Two collection requests (all ONU alarms, all OLT alarms) and the names. Each alarm shows its severity, time, device kind, name and id. On a terminal critical alarms are red and major ones yellow. --until takes a threshold on count, critical, major, minor, warning, info or silenced; a severity counts only the alarms no silence covers (mcms alarms silence), which are listed after the others, marked (silenced). With a history (mcms record), alarms its last sample did not see are marked (new) (JSON: \"new\").",
        examples: [
            "fieldops mcms alarms", "fieldops mcms alarms --severity critical,major --kind onu",
            "fieldops mcms alarms --olt 70:b3:d5:52:31:27 --json", "fieldops mcms alarms --watch --until 'critical==0'",
        ],
        options: [
            OptionSpec(
                "severity", valueName: "S[,S]",
                help: "Only these severities: critical, major, minor, warning, info (comma-separated or repeated).",
                repeatable: true),
            OptionSpec(
                "olt", value: .dynamic(MCMSCommands.oltOrNameSource), valueName: "MAC",
                help: "Only this OLT (MAC, name or part of a name) and its ONUs."),
            OptionSpec("kind", value: .choice(FleetAlarm.Kind.allCases.map(\.rawValue)), help: "Only ONU or only OLT alarms."),
            MCMSCommands.chunkSize,
        ] + WatchOptions.specs + Appliances.readSpecs,
        subcommands: [
            AlarmHistoryCommand.spec, AlarmSilenceCommand.spec, AlarmSilencesCommand.spec, AlarmUnsilenceCommand.spec,
        ])

    static let metrics = ["count", "critical", "major", "minor", "warning", "info", "silenced"]

    let severities: Set<String>
    let kind: FleetAlarm.Kind?
    let olt: String?
    let reading: MCMSReadOptions

    init(_ invocation: Invocation) throws {
        severities = Set(
            invocation.all("severity").flatMap { $0.split(separator: ",") }
                .map { $0.trimmingSpaces().uppercased() }.filter { !$0.isEmpty })
        for severity in severities where !AlarmSeverity.known.contains(severity) {
            throw invocation.invalidChoice(
                "--severity", value: severity.lowercased(), choices: AlarmSeverity.known.map { $0.lowercased() })
        }
        kind = invocation.value("kind").flatMap(FleetAlarm.Kind.init(rawValue:))
        olt = invocation.value("olt")
        reading = MCMSReadOptions(invocation)
    }

    func run(_ context: CommandContext) async throws {
        let (severities, kind) = (self.severities, self.kind)
        let trends = [WatchTrend(metric: "count", label: "alarms", format: { Units.trimmed($0) })]
        if let appliances = try Appliances.selected(context, reading: reading) {
            let olt = self.olt
            let invocation = context.invocation
            try await FleetRead(
                appliances, context: context, what: olt.map { "OLT \($0)" } ?? "alarms",
                part: { connection in
                    let selector = olt.map { word in
                        OLTSelector(word, profile: connection.profile.name, rerun: { invocation.followUp(setting: "olt", to: $0) })
                    }
                    let news = AlarmNews.load(dataDirectory: connection.dataDirectory)
                    return news.marking(
                        ActiveSilences.load(connection).marking(
                            try await Self.fetch(connection.repository, severities: severities, kind: kind, olt: selector)))
                },
                merge: { parts in
                    // One listing of the network: most severe and newest first, whichever appliance.
                    let tagged = parts.flatMap { part in part.value.map { (profile: part.profile, alarm: $0) } }
                        .enumerated().sorted { lhs, rhs in
                            if FleetAlarm.precedes(lhs.element.alarm, rhs.element.alarm) { return true }
                            if FleetAlarm.precedes(rhs.element.alarm, lhs.element.alarm) { return false }
                            return lhs.offset < rhs.offset
                        }.map(\.element)
                    let alarms = tagged.map(\.alarm)
                    let table = ProfileColumn.table(EventRendering.fleetAlarmTable(alarms), profiles: tagged.map(\.profile))
                    return WatchFrame(
                        json: .array(tagged.map { ProfileColumn.record($0.alarm.json, profile: $0.profile) }),
                        render: { format, color, fit in table.render(format: format, color: color, fit: fit) },
                        metrics: Self.counts(alarms), emptyMessage: alarms.isEmpty ? "no active alarms" : nil)
                }
            ).run(title: InventoryCommands.title("alarms"), metrics: Self.metrics, trends: trends)
            return
        }
        let connection = try MCMSConnection(context, reading: reading)
        let selector = try olt.map { try OLTSelector($0, context: context) }
        let source = WatchSource(title: InventoryCommands.title("alarms"), metrics: Self.metrics, trends: trends) {
            let news = AlarmNews.load(dataDirectory: connection.dataDirectory)
            let alarms = FleetAlarm.sorted(
                news.marking(
                    ActiveSilences.load(connection).marking(
                        try await Self.fetch(connection.repository, severities: severities, kind: kind, olt: selector))))
            connection.paging.progress?.finish()
            return WatchFrame(
                json: .array(alarms.map(\.json)),
                render: { format, color, fit in EventRendering.fleetAlarmTable(alarms).render(format: format, color: color, fit: fit) },
                metrics: Self.counts(alarms), emptyMessage: alarms.isEmpty ? "no active alarms" : nil)
        }
        try await WatchRunner.run(source, context: context)
    }

    /// The alarms counted, all and by severity, the silenced ones apart: what `--until` and the
    /// trend read (`critical` counts the critical alarms nobody silenced).
    static func counts(_ alarms: [FleetAlarm]) -> [String: Double] {
        let loud = alarms.filter { $0.silencedBy == nil }
        var counts: [String: Double] = ["count": Double(alarms.count), "silenced": Double(alarms.count - loud.count)]
        for name in metrics.dropFirst() where name != "silenced" {
            counts[name] = Double(loud.filter { $0.severity.lowercased() == name }.count)
        }
        return counts
    }

    /// The ONU and OLT alarm collections and both name lists at once; with `--olt`, also that
    /// OLT's ONUs (its buckets, and ONUs whose state names it).
    static func fetch(_ repository: MCMSRepository, severities: Set<String>, kind: FleetAlarm.Kind?, olt: OLTSelector?) async throws
        -> [FleetAlarm]
    {
        async let onuDocuments: [JSONValue] = kind == .olt ? [] : try await repository.alarmDocuments(.onuAlarmList)
        async let oltDocuments: [JSONValue] = kind == .onu ? [] : try await repository.alarmDocuments(.oltAlarmList)
        async let onuNames: [String: String] = kind == .olt ? [:] : try await repository.onuNames()
        async let oltNames = repository.oltNames()
        var filter = AlarmFilter(severities: severities, kind: kind)
        if let olt {
            let mac = try olt.resolve(olts: try await oltNames)
            filter.oltMAC = mac
            if kind != .olt { filter.onusOfOLT = Set(try await ONUSelection.onuIDs(ofOLT: mac, repository: repository)) }
        }
        let onuIndex = try await onuNames
        let oltIndex = try await oltNames
        var alarms: [FleetAlarm] = []
        for document in try await onuDocuments {
            alarms += FleetAlarm.alarms(in: document, kind: .onu, names: onuIndex).filter(filter.admits)
        }
        for document in try await oltDocuments {
            alarms += FleetAlarm.alarms(in: document, kind: .olt, names: oltIndex).filter(filter.admits)
        }
        return FleetAlarm.sorted(alarms)
    }
}
