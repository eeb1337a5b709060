import FieldOpsCore

/// Everything `olt show` shows: status, uptime, traffic, environment, uplink and the
/// registration buckets with each ONU's friendly name.
public struct OLTDetail: Sendable {
    public var mac: String
    public var state: OLTStateDocument
    public var name: String
    public var onuNames: [String: String]

    public init(mac: String, state: OLTStateDocument, name: String, onuNames: [String: String]) {
        self.mac = mac
        self.state = state
        self.name = name
        self.onuNames = onuNames
    }

    /// The readings `--until` and the trends name.
    public var metrics: [String: Double] {
        var out: [String: Double] = [:]
        for (name, number) in [("rx-rate", state.rxRate), ("tx-rate", state.txRate), ("temperature", state.temperature)] {
            if let value = number?.double, value.isFinite { out[name] = value }
        }
        out["onus"] = Double(RegistrationState.bucketed.reduce(0) { $0 + state.onuIDs(in: $1).count })
        for bucket in RegistrationState.bucketed { out[bucket.word] = Double(state.onuIDs(in: bucket).count) }
        if let uptime = state.uptime { out["uptime"] = Double(uptime.seconds) }
        return out
    }

    public static let metricNames = ["rx-rate", "tx-rate", "temperature", "onus", "uptime"] + RegistrationState.bucketed.map(\.word)

    /// `up` or `down`, from the uplink's link state.
    public var states: Set<String> {
        guard let link = state.uplinkLink else { return [] }
        return [link.lowercased() == "up" ? "up" : "down"]
    }

    public var view: DetailView {
        var buckets = Table(columns: [.init("State"), .init("ONU"), .init("Name")])
        for bucket in RegistrationState.bucketed {
            for id in state.onuIDs(in: bucket) { buckets.append([bucket.word, id, onuNames[id] ?? ""]) }
        }
        let counts = RegistrationState.bucketed.map { "\($0.word) \(state.onuIDs(in: $0).count)" }.joined(separator: ", ")
        return DetailView(
            heading: "OLT \(name.isEmpty ? mac : "\(name) (\(mac))")",
            sections: [
                .init(
                    "Status",
                    fields: [
                        ("model", state.model ?? ""), ("firmware", state.firmwareVersion ?? ""),
                        ("uptime", state.uptime?.description ?? "unknown"), ("state time", state.time ?? ""),
                    ]),
                .init("Traffic", fields: [("RX", Units.bitRate(state.rxRate)), ("TX", Units.bitRate(state.txRate))]),
                .init("Environment", fields: [("temperature", Units.celsius(state.temperature))]),
                .init("Uplink", fields: [("link", state.uplinkLink ?? ""), ("speed", state.uplinkSpeed ?? "")]),
                .init("Registration", fields: [("ONUs", counts)], table: buckets),
            ])
    }

    public var json: JSONValue {
        func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: JSONNumber?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        return .object(
            JSONObject([
                ("mac", .string(mac)),
                ("name", .string(name)),
                ("model", string(state.model)),
                ("firmware", string(state.firmwareVersion)),
                ("uptime_seconds", state.uptime.map { .number(JSONNumber($0.seconds)) } ?? .null),
                ("traffic_bps", .object(JSONObject([("rx", number(state.rxRate)), ("tx", number(state.txRate))]))),
                ("temperature_c", number(state.temperature)),
                ("uplink", .object(JSONObject([("link", string(state.uplinkLink)), ("speed", string(state.uplinkSpeed))]))),
                (
                    "onus",
                    .object(
                        JSONObject(
                            RegistrationState.bucketed.map { bucket in
                                (
                                    bucket.word,
                                    .array(
                                        state.onuIDs(in: bucket).map { id in
                                            .object(JSONObject([("id", .string(id)), ("name", .string(onuNames[id] ?? ""))]))
                                        })
                                )
                            }))
                ),
            ]))
    }
}
