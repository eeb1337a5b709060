import FieldOpsCore

/// `mcms onu show ID`: the ONU's overview, once, watched or sampled.
struct ONUShowCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "show", abstract: "Overview: status, firmware banks, optical, FEC and BIP, transceiver, UNI ports, traffic, alarms.",
        discussion:
            "While watching, the RX level and the traffic are drawn as sparklines of the samples so far. --until takes a registration state (registered, !registered, dying-gasp, …) or a threshold on rx, tx, temperature, voltage, bias, fec-corrected, fec-uncorrectable, bip-errors, rx-rate, tx-rate, uptime or alarms. --sample DURATION reads the ONU every --interval for that long and prints the trends (with --json, every sample).",
        examples: [
            "fieldops mcms onu show ALPHe30cadcf", "fieldops mcms onu show ALPHe30cadcf --json",
            "fieldops mcms onu show ALPHe30cadcf --watch",
            "fieldops mcms onu show ALPHe30cadcf --until registered --until-timeout 5m",
            "fieldops mcms onu show ALPHe30cadcf --until 'rx>-25' --interval 5s",
            "fieldops mcms onu show ALPHe30cadcf --sample 60s --json",
        ],
        options: WatchOptions.specs + [
            OptionSpec(
                "sample", value: .duration, valueName: "DURATION", help: "Sample every --interval for DURATION, then print the trends.")
        ] + Appliances.readSpecs,
        arguments: [MCMSCommands.onuID])

    let id: String
    let sample: Double?
    let reading: MCMSReadOptions

    init(_ invocation: Invocation) throws {
        id = try invocation.onuID()
        sample = invocation.seconds("sample")
        reading = MCMSReadOptions(invocation)
    }

    static let trends = [
        WatchTrend(metric: "rx", label: "RX level", format: { Units.trimmed($0) + " dBm" }),
        WatchTrend(metric: "rx-rate", label: "traffic RX", format: { Units.bitRate($0) }),
        WatchTrend(metric: "tx-rate", label: "traffic TX", format: { Units.bitRate($0) }),
    ]

    func run(_ context: CommandContext) async throws {
        let onu = id
        if let appliances = try Appliances.selected(context, reading: reading) {
            if sample != nil {
                throw FieldOpsError.usage(
                    "--sample reads one ONU on one appliance, not several",
                    hint: "find its appliance, then sample it there: fieldops mcms onu find \(ShellQuote.word(onu))")
            }
            try await FleetRead(
                appliances, context: context, what: "ONU \(onu)",
                part: { connection in
                    var detail = try await Self.fetch(onu, repository: connection.repository)
                    detail.trend = RXTrend.of(onu, dataDirectory: connection.dataDirectory)
                    return detail
                },
                merge: { parts in
                    ProfileColumn.detailFrame(
                        parts, json: \.json, view: { $0.view(color: $1) }, metrics: parts[0].value.metrics,
                        states: Set(parts.map(\.value.registration.word)))
                }
            ).run(
                title: InventoryCommands.title("onu show", onu), metrics: ONUDetail.metricNames,
                states: RegistrationState.allCases.map(\.word), trends: Self.trends)
            return
        }
        let connection = try MCMSConnection(context, reading: reading)
        let source = WatchSource(
            title: InventoryCommands.title("onu show", onu), metrics: ONUDetail.metricNames,
            states: RegistrationState.allCases.map(\.word), trends: Self.trends
        ) {
            var fetched = try await Self.fetch(onu, repository: connection.repository)
            fetched.trend = RXTrend.of(onu, dataDirectory: connection.dataDirectory)
            let detail = fetched
            return WatchFrame(
                json: detail.json,
                render: { format, color, _ in detail.view(color: color).render(format: format, color: color) },
                metrics: detail.metrics, states: [detail.registration.word])
        }
        if let sample {
            try await ONUSampling(source: source, duration: sample, context: context).run()
            return
        }
        try await WatchRunner.run(source, context: context)
    }

    /// The ONU's state, config and alarms, and its registration from its own OLT's buckets
    /// (one OLT document, not the fleet's); every OLT only when its own does not list it.
    static func fetch(_ onu: String, repository: MCMSRepository) async throws -> ONUDetail {
        async let state = repository.onuState(onu)
        async let config = repository.onuConfig(onu)
        async let alarms = repository.alarms(.onuAlarms(onu))
        let stateDocument = try await state
        var registration: (state: RegistrationState, olt: String?) = (.unknown, nil)
        var oltName: String?
        if let mac = stateDocument?.oltMAC {
            async let olt = repository.oltState(mac)
            async let oltConfig = repository.oltConfig(mac)
            if let own = try? await olt {
                registration = repository.registration(of: onu, in: [own])
            }
            oltName = (try? await oltConfig)?[MCMSField.olt]?[MCMSField.name]?.stringValue
        }
        if registration.state == .unknown {
            async let olts = repository.oltStates()
            async let names = repository.oltNames()
            registration = repository.registration(of: onu, in: try await olts)
            if let mac = stateDocument?.oltMAC ?? registration.olt, oltName == nil { oltName = (try await names)[mac] }
        }
        return ONUDetail(
            id: onu, state: stateDocument, config: try await config, registration: registration.state,
            oltName: oltName, alarms: try await alarms[MCMSField.alarms]?.arrayValue ?? [])
    }
}

/// `mcms olt show MAC`: the OLT's overview with its ONUs' names, once or watched.
struct OLTShowCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "show", abstract: "Status, uptime, traffic, environment, uplink and registration buckets with ONU names.",
        discussion:
            "While watching, the OLT's traffic is drawn as sparklines. --until takes up or down (the uplink) or a threshold on rx-rate, tx-rate, temperature, onus, uptime or a bucket's count ('registered>=100').",
        examples: ["fieldops mcms olt show 70:b3:d5:52:31:27", "fieldops mcms olt show 70:b3:d5:52:31:27 --watch --interval 5s"],
        options: WatchOptions.specs + Appliances.readSpecs, arguments: [MCMSCommands.oltMAC])

    let mac: String
    let reading: MCMSReadOptions

    init(_ invocation: Invocation) throws {
        mac = try invocation.oltMAC()
        reading = MCMSReadOptions(invocation)
    }

    static let trends = [
        WatchTrend(metric: "rx-rate", label: "traffic RX", format: { Units.bitRate($0) }),
        WatchTrend(metric: "tx-rate", label: "traffic TX", format: { Units.bitRate($0) }),
    ]

    func run(_ context: CommandContext) async throws {
        let mac = self.mac
        if let appliances = try Appliances.selected(context, reading: reading) {
            try await FleetRead(
                appliances, context: context, what: "OLT \(mac)",
                part: { connection in try await Self.fetch(mac, connection: connection) },
                merge: { parts in
                    ProfileColumn.detailFrame(
                        parts, json: \.json, view: { detail, _ in detail.view }, metrics: parts[0].value.metrics,
                        states: parts[0].value.states)
                }
            ).run(
                title: InventoryCommands.title("olt show", mac), metrics: OLTDetail.metricNames, states: ["up", "down"],
                trends: Self.trends)
            return
        }
        let connection = try MCMSConnection(context, reading: reading)
        let source = WatchSource(
            title: InventoryCommands.title("olt show", mac), metrics: OLTDetail.metricNames, states: ["up", "down"],
            trends: Self.trends
        ) {
            let detail = try await Self.fetch(mac, connection: connection)
            return WatchFrame(
                json: detail.json, render: { format, color, _ in detail.view.render(format: format, color: color) },
                metrics: detail.metrics, states: detail.states)
        }
        try await WatchRunner.run(source, context: context)
    }

    /// The OLT's state and config, and the names of its ONUs only (a query on their ids).
    static func fetch(_ mac: String, connection: MCMSConnection) async throws -> OLTDetail {
        let repository = connection.repository
        async let state = repository.oltState(mac)
        async let config = repository.oltConfig(mac)
        let document = try await state
        // The names of this OLT's ONUs only, by a query on their ids.
        let ids = RegistrationState.bucketed.flatMap { document.onuIDs(in: $0) }
        async let onuNames = repository.onuNames(ids: ids)
        let name = try await config[MCMSField.olt]?[MCMSField.name]?.stringValue ?? ""
        return OLTDetail(mac: mac, state: document, name: name, onuNames: try await onuNames)
    }
}
