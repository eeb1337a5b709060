import FieldOpsCore

/// `mcms onu list`: every ONU joined with its name, OLT and registration; filtered and sorted,
/// streamed page by page once (`ONUListing`), or watched.
struct ONUListCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "list", abstract: "Every ONU with its name, OLT, registration, firmware, uptime and RX level; filtered and sorted.",
        discussion:
            "Filters combine (all must hold). --olt names an OLT by MAC, or by its name or any part of it (case ignored): one that matches no OLT is an error with the nearest one, and a part of several names is refused with their list. --name keeps ONUs whose name contains the text, case ignored, or matches it as a glob. --sort orders ascending (rx: weakest signal first); ONUs lacking the value go last. Dying-gasp ONUs are red and deregistered ones yellow on a terminal.",
        examples: [
            "fieldops mcms onu list --olt 70:b3:d5:52:31:27", "fieldops mcms onu list --state unknown --json",
            "fieldops mcms onu list --rx-below -25 --sort rx --limit 20",
            "fieldops mcms onu list --name 'Storgata*' --with-alarms",
            "fieldops mcms onu list --model AP-G2110 --firmware R4.1.0 --watch",
        ],
        options: [
            OptionSpec(
                "olt", value: .dynamic(MCMSCommands.oltOrNameSource), valueName: "MAC",
                help: "Only ONUs of this OLT (MAC, name or part of a name)."),
            OptionSpec("state", value: .choice(MCMSCommands.states), help: "Only ONUs in this registration state."),
            OptionSpec("rx-below", valueName: "DBM", help: "Only ONUs whose RX optical level is below DBM (e.g. -25)."),
            OptionSpec(
                "fec-uncorrectable-above", value: .integer(0...), valueName: "N",
                help: "Only ONUs with more than N uncorrectable FEC errors."),
            OptionSpec("model", valueName: "M", help: "Only this ONU model (e.g. AP-G2110)."),
            OptionSpec("firmware", valueName: "V", help: "Only ONUs running this firmware version (active bank)."),
            OptionSpec(
                "name", valueName: "TEXT|GLOB",
                help: "Only ONUs whose name contains TEXT, or matches GLOB (*, ?, [...]); case ignored."),
            .flag("with-alarms", help: "Only ONUs with at least one active alarm."),
            OptionSpec(
                "sort", value: .choice(ONUListQuery.SortKey.allCases.map(\.rawValue)), valueName: "KEY",
                help: "Order by name, rx, uptime, olt or state."),
            OptionSpec("limit", value: .integer(1...), valueName: "N", help: "At most N ONUs (after sorting)."),
            MCMSCommands.chunkSize,
        ] + WatchOptions.specs + Appliances.readSpecs)

    let filters: ONUListFilters
    let reading: MCMSReadOptions

    init(_ invocation: Invocation) throws {
        filters = try ONUListFilters(invocation)
        reading = MCMSReadOptions(invocation)
    }

    func run(_ context: CommandContext) async throws {
        if let appliances = try Appliances.selected(context, reading: reading) {
            guard reading.watching else {
                try await FleetONUListing(appliances: appliances, filters: filters, context: context).run()
                return
            }
            try await FleetONUListing.watched(appliances, filters: filters, context: context).run(
                title: InventoryCommands.title("onu list"), metrics: ["count"])
            return
        }
        let connection = try MCMSConnection(context, reading: reading)
        let filters = self.filters
        let source = WatchSource(title: InventoryCommands.title("onu list"), metrics: ["count"]) {
            let repository = connection.repository
            async let inventory = repository.inventory()
            async let alarmed: Set<String>? =
                filters.withAlarms ? try await InventoryCommands.alarmedDevices(repository, .onuAlarmList) : nil
            let fleet = try await inventory
            connection.paging.progress?.finish()
            InventoryCommands.remember(fleet, in: connection)
            let query = try filters.query(olts: fleet.olts, withAlarms: try await alarmed, context: context)
            let rows = query.apply(to: fleet.onus)
            return WatchFrame(
                json: InventoryRendering.onuJSON(rows),
                render: { format, color, fit in InventoryRendering.styledONUTable(rows).render(format: format, color: color, fit: fit) },
                metrics: ["count": Double(rows.count)],
                emptyMessage: rows.isEmpty ? Self.emptyMessage(query, fleet: fleet) : nil)
        }
        guard try WatchOptions(context.invocation, source: source).watching else {
            try await ONUListing(connection: connection, filters: filters, context: context).run()
            return
        }
        try await WatchRunner.run(source, context: context)
    }
}

/// `mcms olt list`: every OLT with its ONU counts per registration state, once or watched.
struct OLTListCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "list", abstract: "Every OLT with ONU counts per registration state, traffic, temperature and uptime.",
        examples: ["fieldops mcms olt list", "fieldops mcms olt list --json", "fieldops mcms olt list --watch"],
        options: [MCMSCommands.chunkSize] + WatchOptions.specs + Appliances.readSpecs)

    let reading: MCMSReadOptions

    init(_ invocation: Invocation) { reading = MCMSReadOptions(invocation) }

    func run(_ context: CommandContext) async throws {
        if let appliances = try Appliances.selected(context, reading: reading) {
            try await FleetRead(
                appliances, context: context, what: "OLTs", part: Self.fetch,
                merge: { parts in
                    let rows = parts.flatMap(\.value)
                    let profiles = parts.flatMap { part in part.value.map { _ in part.profile } }
                    let table = ProfileColumn.table(
                        StyledTable(table: InventoryRendering.oltTable(rows), styles: rows.map { _ in nil }), profiles: profiles)
                    return WatchFrame(
                        json: ProfileColumn.records(parts.map { ($0.profile, InventoryRendering.oltJSON($0.value)) }),
                        render: { format, color, fit in table.render(format: format, color: color, fit: fit) },
                        metrics: ["count": Double(rows.count)], emptyMessage: rows.isEmpty ? "no OLTs" : nil)
                }
            ).run(title: InventoryCommands.title("olt list"), metrics: ["count"])
            return
        }
        let connection = try MCMSConnection(context, reading: reading)
        let source = WatchSource(title: InventoryCommands.title("olt list"), metrics: ["count"]) {
            let rows = try await Self.fetch(connection)
            connection.paging.progress?.finish()
            return WatchFrame(
                json: InventoryRendering.oltJSON(rows),
                render: { format, color, fit in InventoryRendering.oltTable(rows).render(format: format, color: color, fit: fit) },
                metrics: ["count": Double(rows.count)],
                emptyMessage: rows.isEmpty ? "no OLTs" : nil)
        }
        try await WatchRunner.run(source, context: context)
    }

    /// Every OLT of the appliance, kept for completion.
    @Sendable static func fetch(_ connection: MCMSConnection) async throws -> [OLTRow] {
        let repository = connection.repository
        async let states = repository.oltStates()
        async let names = repository.oltNames()
        let inventory = try await Inventory(onuStates: [], onuNames: [:], oltStates: states, oltNames: names)
        try? connection.cache.store(.olt, entries: inventory.olts.lazy.map { (id: $0.mac, name: $0.name) })
        return inventory.olts
    }
}

/// `mcms dashboard`: every refresh is six requests, each projected to what the figures need: the
/// ONUs' RX levels and config ids, the OLT states and names, and the severities of every ONU's
/// and OLT's alarms from the two collection requests.
struct DashboardCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "dashboard",
        abstract: "ONU and OLT counts, registration breakdown, total traffic and health (every ONU's and OLT's alarms).",
        discussion:
            "--until takes a threshold on onus, olts, alarms, critical, major, minor, warning, low-optical, offline-olts or a registration state's count ('dying-gasp==0'). While watching, the alarm count is drawn as a sparkline.",
        examples: [
            "fieldops mcms dashboard --json", "fieldops mcms dashboard --watch",
            "fieldops mcms dashboard --watch --until 'critical==0' --until-timeout 10m",
        ],
        options: [MCMSCommands.chunkSize] + WatchOptions.specs + Appliances.readSpecs)

    static let metrics =
        ["onus", "olts", "alarms", "critical", "major", "minor", "warning", "silenced", "low-optical", "offline-olts"]
        + RegistrationState.allCases.map(\.word)

    let reading: MCMSReadOptions

    init(_ invocation: Invocation) { reading = MCMSReadOptions(invocation) }

    static let trends = [WatchTrend(metric: "alarms", label: "alarms", format: { Units.trimmed($0) })]

    func run(_ context: CommandContext) async throws {
        if let appliances = try Appliances.selected(context, reading: reading) {
            try await FleetRead(
                appliances, context: context, what: "the dashboard", part: Self.fetch,
                merge: { parts in
                    let total = Dashboard(totalOf: parts.map(\.value))
                    return WatchFrame(
                        json: InventoryRendering.networkDashboardJSON(total: total, parts: parts),
                        render: { format, color, fit in
                            InventoryRendering.networkDashboard(total: total, parts: parts, format: format, color: color, fit: fit)
                        },
                        metrics: Self.metrics(total))
                }
            ).run(title: InventoryCommands.title("dashboard"), metrics: Self.metrics, trends: Self.trends)
            return
        }
        let connection = try MCMSConnection(context, reading: reading)
        let source = WatchSource(title: InventoryCommands.title("dashboard"), metrics: Self.metrics, trends: Self.trends) {
            let dashboard = try await Self.fetch(connection)
            connection.paging.progress?.finish()
            return WatchFrame(
                json: InventoryRendering.dashboardJSON(dashboard),
                render: { format, color, _ in InventoryRendering.dashboardView(dashboard, color: color).render(format: format, color: color)
                },
                metrics: Self.metrics(dashboard))
        }
        try await WatchRunner.run(source, context: context)
    }

    /// The named figures `--until` and the trend read.
    static func metrics(_ dashboard: Dashboard) -> [String: Double] {
        var metrics: [String: Double] = [
            "onus": Double(dashboard.onuCount), "olts": Double(dashboard.oltCount), "alarms": Double(dashboard.alarmTotal),
            "low-optical": Double(dashboard.lowOpticalONUs.count), "offline-olts": Double(dashboard.offlineOLTs.count),
        ]
        // A severity counts the alarms nobody silenced; `silenced` the others.
        for severity in ["critical", "major", "minor", "warning"] {
            let all = dashboard.alarmsBySeverity.filter { $0.key.lowercased() == severity }.values.reduce(0, +)
            let silenced = dashboard.silencedBySeverity.filter { $0.key.lowercased() == severity }.values.reduce(0, +)
            metrics[severity] = Double(all - silenced)
        }
        metrics["silenced"] = Double(dashboard.silencedBySeverity.values.reduce(0, +))
        for state in RegistrationState.allCases { metrics[state.word] = Double(dashboard.registration[state] ?? 0) }
        return metrics
    }

    @Sendable static func fetch(_ connection: MCMSConnection) async throws -> Dashboard {
        let repository = connection.repository
        async let states = repository.onuStateRows(projection: MCMSField.onuDashboardProjection)
        async let ids = repository.onuConfigIDs()
        async let olts = repository.oltStates()
        async let oltNames = repository.oltNames()
        // With silences in force the alarms' devices and names are read too, to match them.
        let silences = ActiveSilences.load(connection)
        let news = AlarmNews.load(dataDirectory: connection.dataDirectory)
        let projection =
            news.keys != nil
            ? MCMSField.alarmNewsProjection
            : silences.silences.isEmpty ? MCMSField.alarmSeverityProjection : MCMSField.alarmSilenceProjection
        async let onuAlarms = repository.alarmDocuments(.onuAlarmList, projection: projection)
        async let oltAlarms = repository.alarmDocuments(.oltAlarmList, projection: projection)
        let names = Dictionary(try await ids.map { ($0, "") }, uniquingKeysWith: { first, _ in first })
        let inventory = try await Inventory(stateRows: states, onuNames: names, oltStates: olts, oltNames: oltNames)
        // Only the OLT list is complete here (the ONU names were not fetched).
        try? connection.cache.store(.olt, entries: inventory.olts.lazy.map { (id: $0.mac, name: $0.name) })
        let alarms = news.marking(
            silences.marking(
                try await onuAlarms.flatMap { FleetAlarm.alarms(in: $0, kind: .onu, names: [:]) }
                    + oltAlarms.flatMap { FleetAlarm.alarms(in: $0, kind: .olt, names: [:]) }))
        var dashboard = Dashboard(
            inventory: inventory, alarmSeverities: alarms.map(\.severity),
            silencedSeverities: alarms.filter { $0.silencedBy != nil }.map(\.severity))
        if let since = news.since { dashboard.newAlarms = (alarms.filter { $0.isNew == true }.count, since) }
        return dashboard
    }
}

extension ONUListCommand {
    /// An empty listing's message: with the name meant when `--name` is in no ONU's name.
    static func emptyMessage(_ query: ONUListQuery, fleet: Inventory) -> String {
        let matchedAny = query.nameGlob.map(Glob.name).map { glob in fleet.onus.contains { glob.matches($0.name) } } ?? true
        return Glob.emptyMessage(name: query.nameGlob, matchedAny: matchedAny) { fleet.onus.map(\.name) }
    }
}

/// The filters of `onu list`, read once and checked before any request.
struct ONUListFilters: Sendable {
    var olt: String?
    var state: RegistrationState?
    var rxBelow: Double?
    var fecAbove: UInt64?
    var model: String?
    var firmware: String?
    var name: String?
    var withAlarms: Bool
    var sort: ONUListQuery.SortKey?
    var limit: Int?

    init(_ invocation: Invocation) throws(FieldOpsError) {
        olt = invocation.value("olt")
        state = try invocation.value("state").map { word throws(FieldOpsError) in
            guard let state = RegistrationState(rawValue: word.lowercased()) else {
                throw invocation.invalidChoice("--state", value: word, choices: MCMSCommands.states)
            }
            return state
        }
        rxBelow = try invocation.value("rx-below").map { text throws(FieldOpsError) in
            guard let value = JSONNumber(typed: text)?.double, value.isFinite else {
                throw FieldOpsError.usage("--rx-below takes a level in dBm such as -25, not \(text)")
            }
            return value
        }
        fecAbove = invocation.integer("fec-uncorrectable-above").map { UInt64($0) }
        model = invocation.value("model")
        firmware = invocation.value("firmware")
        name = invocation.value("name")
        withAlarms = invocation.flag("with-alarms")
        sort = invocation.value("sort").flatMap(ONUListQuery.SortKey.init(rawValue:))
        limit = invocation.integer("limit")
    }

    /// The query, with `--olt` resolved against the OLTs just listed (an unknown one is exit 1).
    func query(olts: [OLTRow], withAlarms: Set<String>?, context: CommandContext) throws -> ONUListQuery {
        try query(olts: olts, withAlarms: withAlarms, selector: olt.map { try OLTSelector($0, context: context) })
    }

    /// The query, with `--olt` resolved by `selector` against the OLTs just listed.
    func query(olts: [OLTRow], withAlarms: Set<String>?, selector: OLTSelector?) throws -> ONUListQuery {
        let mac = try selector.map { selector in
            try selector.resolve(olts: Dictionary(olts.map { ($0.mac, $0.name) }, uniquingKeysWith: { first, _ in first }))
        }
        return ONUListQuery(
            oltMAC: mac, state: state, rxBelow: rxBelow, fecUncorrectableAbove: fecAbove, model: model,
            firmware: firmware, nameGlob: name, withAlarms: withAlarms, sort: sort, limit: limit)
    }
}

/// What the fleet listings share.
enum InventoryCommands {
    /// The ids with at least one active alarm, from one projected collection request.
    static func alarmedDevices(_ repository: MCMSRepository, _ endpoint: MCMSEndpoint) async throws -> Set<String> {
        let documents = try await repository.alarmDocuments(endpoint, projection: MCMSField.alarmSeverityProjection)
        return Set(
            documents.compactMap { document in
                (document[MCMSField.alarms]?.arrayValue?.isEmpty ?? true) ? nil : document[MCMSField.id]?.stringValue
            })
    }

    // MARK: Helpers

    /// The command as the watch header names it (`mcms onu show ALPHe30cadcf`).
    static func title(_ command: String, _ arguments: String...) -> String {
        (["mcms", command] + arguments).joined(separator: " ")
    }

    /// Keeps the listing for shell completion; a cache that cannot be written is not an error.
    static func remember(_ inventory: Inventory, in connection: MCMSConnection) {
        do {
            try connection.cache.store(
                .onu, entries: inventory.onus.lazy.map { DeviceCache.Entry(id: $0.id, name: $0.name, olt: $0.oltMAC) })
            try connection.cache.store(.olt, entries: inventory.olts.lazy.map { (id: $0.mac, name: $0.name) })
        } catch {
            connection.output.trace("completion cache not updated: \(error.summaryText)")
        }
    }
}
