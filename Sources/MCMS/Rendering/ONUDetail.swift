import FieldOpsCore

/// Everything `onu show` shows about one ONU, gathered from its state, config and OLT buckets.
public struct ONUDetail: Sendable {
    public var id: String
    public var state: ONUStateDocument?
    public var config: JSONValue?
    public var registration: RegistrationState
    public var oltName: String?

    public init(id: String, state: ONUStateDocument?, config: JSONValue?, registration: RegistrationState, oltName: String?) {
        self.id = id
        self.state = state
        self.config = config
        self.registration = registration
        self.oltName = oltName
    }

    var name: String { config?[MCMSField.onu]?[MCMSField.name]?.stringValue ?? "" }
    /// Running versions come from the state; files only exist in the config.
    var versions: [String?] { state?.bankVersions ?? FirmwareBanks(config: config ?? .null).versions }
    var files: [String?] { FirmwareBanks(config: config ?? .null).files }

    public var view: DetailView {
        let oltLabel = InventoryRendering.oltLabel(name: oltName, mac: state?.oltMAC)
        var sections: [DetailView.Section] = [
            .init("Status", fields: [
                ("name", name.isEmpty ? "(unnamed)" : name),
                ("registration", registration.word),
                ("OLT", oltLabel.isEmpty ? "unknown" : oltLabel),
                ("model", [state?.vendor, state?.model, state?.equipmentID.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")),
                ("uptime", state?.uptime?.description ?? "unknown"),
                ("state time", state?.time ?? "no ONU state"),
            ]),
        ]
        var banks = Table(columns: [.init("Bank"), .init("Version"), .init("File"), .init("")])
        let active = state?.activeBank
        for bank in [FirmwareBankIndex.zero, FirmwareBankIndex.one] {
            banks.append([String(bank.rawValue), versions[bank.rawValue].map { $0.isEmpty ? "(empty)" : $0 } ?? "?",
                          files[bank.rawValue] ?? "", bank == active ? "active" : ""])
        }
        let pointerNote = active == nil ? (state == nil ? "unknown (no ONU state)" : "unknown (FW Bank Ptr \(state?.bankPointerText ?? "missing"))") : String(active?.rawValue ?? 0)
        sections.append(.init("Firmware", fields: [("active bank", pointerNote)], table: banks))
        if let state {
            sections.append(.init("Optical", fields: [
                ("RX level", Units.dBm(state.rxOptical)), ("TX level", Units.dBm(state.txOptical)),
                ("FEC corrected", state.fecCorrected?.lexeme ?? ""), ("FEC uncorrectable", state.fecUncorrectable?.lexeme ?? ""),
            ]))
            var ports = Table(columns: [.init("Port"), .init("Link"), .init("Speed")])
            for port in state.uniPorts { ports.append([port.name, port.link ?? "", port.speed ?? ""]) }
            sections.append(.init("UNI ports", table: ports))
            sections.append(.init("Traffic", fields: [("RX", Units.bitRate(state.rxRate)), ("TX", Units.bitRate(state.txRate))]))
        }
        return DetailView(heading: "ONU \(id)", sections: sections)
    }

    public var json: JSONValue {
        func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: JSONNumber?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        let active = state?.activeBank
        let banks: [JSONValue] = [0, 1].map { index in
            .object(JSONObject([("bank", .number(JSONNumber(index))), ("version", string(versions[index])),
                                ("file", string(files[index])), ("active", .bool(active?.rawValue == index))]))
        }
        return .object(JSONObject([
            ("id", .string(id)),
            ("name", .string(name)),
            ("state", .string(registration.word)),
            ("olt", .object(JSONObject([("mac", string(state?.oltMAC)), ("name", string(oltName))]))),
            ("model", string(state?.model)),
            ("uptime_seconds", state?.uptime.map { .number(JSONNumber($0.seconds)) } ?? .null),
            ("firmware", .object(JSONObject([("active_bank", active.map { .number(JSONNumber($0.rawValue)) } ?? .null),
                                             ("banks", .array(banks))]))),
            ("optical", .object(JSONObject([("rx_dbm", number(state?.rxOptical)), ("tx_dbm", number(state?.txOptical)),
                                            ("fec_corrected", number(state?.fecCorrected)),
                                            ("fec_uncorrectable", number(state?.fecUncorrectable))]))),
            ("uni_ports", .array((state?.uniPorts ?? []).map { port in
                .object(JSONObject([("port", .string(port.name)), ("link", string(port.link)), ("speed", string(port.speed))]))
            })),
            ("traffic_bps", .object(JSONObject([("rx", number(state?.rxRate)), ("tx", number(state?.txRate))]))),
        ]))
    }
}
