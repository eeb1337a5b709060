import FieldOpsCore

/// `onu show|config|alarms|logs|cpe` and `olt show|config|alarms|logs`.
enum DetailCommands {
    static func id(_ context: CommandContext, _ name: String = "ID") throws -> String {
        guard let id = context.invocation.value(name), !id.isEmpty else { throw FieldOpsError.usage("missing \(name)") }
        return id
    }

    // MARK: onu show

    @Sendable static func onuShow(_ context: CommandContext) async throws {
        let onu = try id(context)
        let connection = try MCMSConnection(context)
        let source = WatchSource(
            title: InventoryCommands.title("onu show", onu), metrics: ONUDetail.metricNames,
            states: RegistrationState.allCases.map(\.word),
            trends: [
                WatchTrend(metric: "rx", label: "RX level", format: { Units.trimmed($0) + " dBm" }),
                WatchTrend(metric: "rx-rate", label: "traffic RX", format: { Units.bitRate($0) }),
                WatchTrend(metric: "tx-rate", label: "traffic TX", format: { Units.bitRate($0) }),
            ]
        ) {
            let detail = try await fetchONU(onu, repository: connection.repository)
            return WatchFrame(
                json: detail.json,
                render: { format, color in detail.view(color: color).render(format: format, color: color) },
                metrics: detail.metrics, states: [detail.registration.word])
        }
        if let sample = context.invocation.seconds("sample") {
            try await ONUSampling(source: source, duration: sample, context: context).run()
            return
        }
        try await WatchRunner.run(source, context: context)
    }

    /// The ONU's state, config and alarms, and its registration from its own OLT's buckets
    /// (one OLT document, not the fleet's); every OLT only when its own does not list it.
    static func fetchONU(_ onu: String, repository: MCMSRepository) async throws -> ONUDetail {
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

    // MARK: olt show

    @Sendable static func oltShow(_ context: CommandContext) async throws {
        let mac = try id(context, "MAC")
        let connection = try MCMSConnection(context)
        let source = WatchSource(
            title: InventoryCommands.title("olt show", mac), metrics: OLTDetail.metricNames, states: ["up", "down"],
            trends: [
                WatchTrend(metric: "rx-rate", label: "traffic RX", format: { Units.bitRate($0) }),
                WatchTrend(metric: "tx-rate", label: "traffic TX", format: { Units.bitRate($0) }),
            ]
        ) {
            let repository = connection.repository
            async let state = repository.oltState(mac)
            async let config = repository.oltConfig(mac)
            let document = try await state
            // The names of this OLT's ONUs only, by a query on their ids.
            let ids = RegistrationState.bucketed.flatMap { document.onuIDs(in: $0) }
            async let onuNames = repository.onuNames(ids: ids)
            let name = try await config[MCMSField.olt]?[MCMSField.name]?.stringValue ?? ""
            let detail = OLTDetail(mac: mac, state: document, name: name, onuNames: try await onuNames)
            return WatchFrame(
                json: detail.json, render: { format, color in detail.view.render(format: format, color: color) },
                metrics: detail.metrics, states: detail.states)
        }
        try await WatchRunner.run(source, context: context)
    }

    // MARK: Documents, alarms, logs, leases

    /// The document as received: pretty for people, compact and byte-faithful with `--json`.
    @Sendable static func onuConfig(_ context: CommandContext) async throws {
        let config = try await MCMSConnection(context).repository.onuConfig(try id(context))
        context.output.stdout.write(config.jsonString(context.output.format == .json ? .compact : .pretty) + "\n")
    }

    @Sendable static func oltConfig(_ context: CommandContext) async throws {
        let config = try await MCMSConnection(context).repository.oltConfig(try id(context, "MAC"))
        context.output.stdout.write(config.jsonString(context.output.format == .json ? .compact : .pretty) + "\n")
    }

    @Sendable static func onuAlarms(_ context: CommandContext) async throws {
        try await deviceAlarms(.onuAlarms(try id(context)), context: context)
    }

    @Sendable static func oltAlarms(_ context: CommandContext) async throws {
        try await deviceAlarms(.oltAlarms(try id(context, "MAC")), context: context)
    }

    static func deviceAlarms(_ endpoint: MCMSEndpoint, context: CommandContext) async throws {
        let document = try await MCMSConnection(context).repository.alarms(endpoint)
        let alarms = document[MCMSField.alarms]?.arrayValue ?? []
        emit(json: .array(alarms), empty: alarms.isEmpty ? "no active alarms" : nil, context: context) {
            EventRendering.styledAlarmTable(document).render(format: context.output.format, color: context.output.terminal.colorEnabled)
        }
    }

    @Sendable static func onuLogs(_ context: CommandContext) async throws {
        try await logs(.onuLogs(try id(context)), context: context)
    }

    @Sendable static func oltLogs(_ context: CommandContext) async throws {
        try await logs(.oltLogs(try id(context, "MAC")), context: context)
    }

    static let defaultLogLimit = 50
    /// `--limit` of `onu logs` and `olt logs`.
    static let logLimit = OptionSpec("limit", value: .integer(1..., default: defaultLogLimit), valueName: "N", help: "At most N entries.")

    static func logs(_ endpoint: MCMSEndpoint, context: CommandContext) async throws {
        let limit = context.invocation.integer("limit") ?? defaultLogLimit
        let entries = try await MCMSConnection(context).repository.logs(endpoint, limit: limit)
        emit(json: entries, empty: (entries.arrayValue ?? []).isEmpty ? "no log entries" : nil, context: context) {
            EventRendering.logTable(entries).render(format: context.output.format, color: context.output.terminal.colorEnabled)
        }
    }

    @Sendable static func onuCPE(_ context: CommandContext) async throws {
        let answer = try await MCMSConnection(context).repository.cpe(try id(context))
        emit(json: .array(answer.leases), empty: answer.leases.isEmpty ? "no DHCP leases" : nil, context: context) {
            EventRendering.cpeTable(answer.leases).render(format: context.output.format, color: context.output.terminal.colorEnabled)
        }
    }

    /// JSON with `--json`; otherwise the text, or for an empty result the message in table
    /// form (a terminal, or `-o table`) and nothing at all in plain (piped) form.
    static func emit(json: JSONValue, empty: String?, context: CommandContext, text: () -> String) {
        if context.output.format == .json {
            context.output.emit(json: json)
        } else if let empty {
            context.output.sayEmpty(empty)
        } else {
            context.output.stdout.write(text())
        }
    }
}
