import FieldOpsCore

/// Everything `onu show` shows about one ONU, gathered from its state, config and OLT buckets.
public struct ONUDetail: Sendable {
    public var id: String
    public var state: ONUStateDocument?
    public var config: JSONValue?
    public var registration: RegistrationState
    public var oltName: String?
    /// The ONU's active alarms as the server sent them (`{"Name", "Severity", "Time", "Message"}`).
    public var alarms: [JSONValue]
    /// Its RX level over the last days, from the local history (`mcms record`), when recorded.
    public var trend: RXTrend?

    public init(
        id: String, state: ONUStateDocument?, config: JSONValue?, registration: RegistrationState, oltName: String?,
        alarms: [JSONValue] = []
    ) {
        self.id = id
        self.state = state
        self.config = config
        self.registration = registration
        self.oltName = oltName
        self.alarms = alarms
    }

    var enabled: Bool? { config?.value(at: MCMSField.onuEnable)?.boolValue }
    var note: String? { config?.value(at: MCMSField.onuCustomNote)?.stringValue }

    /// The readings `--until` and the trends name, as numbers; a reading that is missing or
    /// not a finite number is left out.
    public var metrics: [String: Double] {
        guard let state else { return [:] }
        let readings: [(String, JSONNumber?)] = [
            ("rx", state.rxOptical), ("tx", state.txOptical), ("temperature", state.temperature), ("voltage", state.voltage),
            ("bias", state.bias), ("fec-corrected", state.fecCorrected), ("fec-uncorrectable", state.fecUncorrectable),
            ("bip-errors", state.bipErrors), ("rx-rate", state.rxRate), ("tx-rate", state.txRate),
        ]
        var out: [String: Double] = [:]
        for (name, number) in readings {
            if let value = number?.double, value.isFinite { out[name] = value }
        }
        if let uptime = state.uptime { out["uptime"] = Double(uptime.seconds) }
        out["alarms"] = Double(alarms.count)
        return out
    }

    public static let metricNames = [
        "rx", "tx", "temperature", "voltage", "bias", "fec-corrected", "fec-uncorrectable",
        "bip-errors", "rx-rate", "tx-rate", "uptime", "alarms",
    ]

    var name: String { config?[MCMSField.onu]?[MCMSField.name]?.stringValue ?? "" }
    /// Running versions come from the state; files only exist in the config.
    var versions: [String?] { state?.bankVersions ?? FirmwareBanks(config: config ?? .null).versions }
    var files: [String?] { FirmwareBanks(config: config ?? .null).files }

    public var view: DetailView { view(color: false) }

    /// The page; with `color`, a dying-gasp or deregistered state and critical or major alarms
    /// stand out.
    public func view(color: Bool) -> DetailView {
        let oltLabel = InventoryRendering.oltLabel(name: oltName, mac: state?.oltMAC)
        var status: [(String, String)] = [
            ("name", name.isEmpty ? "(unnamed)" : name),
            ("registration", registration.style.map { $0.apply(registration.word, enabled: color) } ?? registration.word),
            ("OLT", oltLabel.isEmpty ? "unknown" : oltLabel),
            (
                "PON port",
                [state?.ponPort.map { "port \($0)" }, state?.onuIDOnPort.map { "ONU id \($0)" }].compactMap { $0 }.joined(separator: ", ")
            ),
            ("model", [state?.vendor, state?.model, state?.equipmentID.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")),
            ("serial", state?.serial ?? ""),
            ("uptime", state?.uptime?.description ?? "unknown"),
            ("state time", state?.time ?? "no ONU state"),
        ]
        if enabled == false { status.insert(("service", Style.red.apply("disabled (ONU.Enable is false)", enabled: color)), at: 2) }
        if let note, !note.isEmpty { status.append(("note", note)) }
        var sections: [DetailView.Section] = [.init("Status", fields: status)]
        var banks = Table(columns: [.init("Bank"), .init("Version"), .init("File"), .init("")])
        let active = state?.activeBank
        for bank in [FirmwareBankIndex.zero, FirmwareBankIndex.one] {
            banks.append([
                String(bank.rawValue), versions[bank.rawValue].map { $0.isEmpty ? "(empty)" : $0 } ?? "?",
                files[bank.rawValue] ?? "", bank == active ? "active" : "",
            ])
        }
        let pointerNote =
            active == nil
            ? (state == nil ? "unknown (no ONU state)" : "unknown (FW Bank Ptr \(state?.bankPointerText ?? "missing"))")
            : String(active?.rawValue ?? 0)
        sections.append(.init("Firmware", fields: [("active bank", pointerNote)], table: banks))
        if let state {
            sections.append(
                .init(
                    "Optical",
                    fields: [
                        ("RX level", Units.dBm(state.rxOptical))
                    ] + (trend.map { [("RX \($0.days)d", $0.text)] } ?? []) + [
                        ("TX level", Units.dBm(state.txOptical)),
                        ("FEC corrected", Units.count(state.fecCorrected)), ("FEC uncorrectable", Units.count(state.fecUncorrectable)),
                        ("BIP errors", Units.count(state.bipErrors)),
                    ]))
            sections.append(
                .init(
                    "Transceiver",
                    fields: [
                        ("temperature", Units.celsius(state.temperature)), ("voltage", Units.reading(state.voltage, "V")),
                        ("bias", Units.reading(state.bias, "mA")),
                    ]))
            var ports = Table(columns: [.init("Port"), .init("Link"), .init("Speed")])
            for port in state.uniPorts { ports.append([port.name, port.link ?? "", port.speed ?? ""]) }
            sections.append(.init("UNI ports", table: ports))
            sections.append(.init("Traffic", fields: [("RX", Units.bitRate(state.rxRate)), ("TX", Units.bitRate(state.txRate))]))
        }
        let sorted = alarms.sorted {
            AlarmSeverity.rank(EventRendering.field($0, MCMSField.severity))
                < AlarmSeverity.rank(EventRendering.field($1, MCMSField.severity))
        }
        sections.append(
            .init(
                "Alarms",
                fields: sorted.isEmpty
                    ? [("active", "none")]
                    : sorted.map { alarm in
                        let severity = EventRendering.field(alarm, MCMSField.severity)
                        let shown = AlarmSeverity.style(severity).map { $0.apply(severity, enabled: color) } ?? severity
                        return (
                            EventRendering.field(alarm, MCMSField.name),
                            "\(shown)  \(EventRendering.field(alarm, MCMSField.time))  \(EventRendering.field(alarm, MCMSField.message))"
                        )
                    }))
        return DetailView(heading: "ONU \(id)", sections: sections)
    }

    public var json: JSONValue {
        func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: JSONNumber?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        let active = state?.activeBank
        let banks: [JSONValue] = [0, 1].map { index in
            .object(
                JSONObject([
                    ("bank", .number(JSONNumber(index))), ("version", string(versions[index])),
                    ("file", string(files[index])), ("active", .bool(active?.rawValue == index)),
                ]))
        }
        return .object(
            JSONObject([
                ("id", .string(id)),
                ("name", .string(name)),
                ("state", .string(registration.word)),
                ("olt", .object(JSONObject([("mac", string(state?.oltMAC)), ("name", string(oltName))]))),
                ("model", string(state?.model)),
                ("serial", string(state?.serial)),
                ("pon_port", state.flatMap { $0.raw[MCMSField.olt]?[MCMSField.ponPort] } ?? .null),
                ("onu_id_on_port", state.flatMap { $0.raw[MCMSField.olt]?[MCMSField.onuIDOnPort] } ?? .null),
                ("enabled", enabled.map(JSONValue.bool) ?? .null),
                ("note", config?.value(at: MCMSField.onuCustomNote) ?? .null),
                ("uptime_seconds", state?.uptime.map { .number(JSONNumber($0.seconds)) } ?? .null),
                (
                    "firmware",
                    .object(
                        JSONObject([
                            ("active_bank", active.map { .number(JSONNumber($0.rawValue)) } ?? .null),
                            ("banks", .array(banks)),
                        ]))
                ),
                (
                    "optical",
                    .object(
                        JSONObject(
                            [
                                ("rx_dbm", number(state?.rxOptical)), ("tx_dbm", number(state?.txOptical)),
                                ("fec_corrected", number(state?.fecCorrected)),
                                ("fec_uncorrectable", number(state?.fecUncorrectable)),
                                ("bip_errors", number(state?.bipErrors)),
                            ] + (trend.map { [("rx_trend", $0.json)] } ?? [])))
                ),
                (
                    "transceiver",
                    .object(
                        JSONObject([
                            ("temperature_c", number(state?.temperature)), ("voltage_v", number(state?.voltage)),
                            ("bias_ma", number(state?.bias)),
                        ]))
                ),
                (
                    "uni_ports",
                    .array(
                        (state?.uniPorts ?? []).map { port in
                            .object(JSONObject([("port", .string(port.name)), ("link", string(port.link)), ("speed", string(port.speed))]))
                        })
                ),
                ("traffic_bps", .object(JSONObject([("rx", number(state?.rxRate)), ("tx", number(state?.txRate))]))),
                ("alarms", .array(alarms)),
            ]))
    }
}
