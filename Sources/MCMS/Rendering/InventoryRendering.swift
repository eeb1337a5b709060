import FieldOpsCore

/// Tables and stable JSON for `onu list` and `olt list`.
public enum InventoryRendering {
    // MARK: ONUs

    /// The table with dying-gasp ONUs red and deregistered ones yellow.
    static func styledONUTable(_ rows: [ONURow], trend: Bool = false) -> StyledTable {
        StyledTable(table: onuTable(rows, trend: trend), styles: rows.map(\.registration.style))
    }

    /// - Parameter trend: add the `RX 7d` column (the profile has a history: `mcms record`).
    public static func onuTable(_ rows: [ONURow], trend: Bool = false) -> Table {
        var table = Table(
            columns: [
                // On a narrow terminal the trend goes first, then Uptime, Firmware and the state; names are cut.
                .init("ID", fit: .whole), .init("Name"), .init("OLT"), .init("State", fit: .optional(rank: 3)),
                .init("Firmware", fit: .optional(rank: 2)), .init("Uptime", alignment: .right, fit: .optional(rank: 1)),
                .init("RX", alignment: .right, fit: .optional(rank: 4)),
            ] + (trend ? [.init("RX 7d", fit: .optional(rank: 0))] : []))
        table.rows.reserveCapacity(rows.count)
        for row in rows { table.append(onuCells(row, trend: trend)) }
        return table
    }

    /// One line of the ONU table, cell by cell (also what piped output streams).
    static func onuCells(_ row: ONURow, trend: Bool = false) -> [String] {
        [
            row.id, row.name, oltLabel(name: row.oltName, mac: row.oltMAC), row.registration.word,
            firmwareLabel(row), row.uptime?.description ?? "", Units.dBm(row.rxOptical),
        ] + (trend ? [row.rxTrend?.spark ?? ""] : [])
    }

    /// `OLT Storgata 1 (70:b3:d5:52:31:27)`, or the MAC alone when the OLT is unnamed.
    static func oltLabel(name: String?, mac: String?) -> String {
        guard let mac else { return "" }
        guard let name, !name.isEmpty else { return mac }
        return "\(name) (\(mac))"
    }

    /// `R4.2.0 [bank 1]`; `? [ptr 65535]` when the pointer names no bank.
    static func firmwareLabel(_ row: ONURow) -> String {
        if let bank = row.activeBank { return "\(row.activeVersion ?? "?") [bank \(bank)]" }
        if let pointer = row.unusablePointer { return "? [ptr \(pointer)]" }
        return row.hasState ? "?" : ""
    }

    /// One object per ONU; numbers stay exact (`rx_optical_dbm` is the device's own lexeme).
    public static func onuJSON(_ rows: [ONURow]) -> JSONValue {
        .array(rows.map(onuRecord))
    }

    /// One ONU's object of `onuJSON`.
    public static func onuRecord(_ row: ONURow) -> JSONValue {
        var record = FlatRecord()
        describe(row, into: &record)
        return record.value
    }

    /// The members of an ONU's record, for every structured form of `onu list`: built as a value
    /// (`onuRecord`) or written straight as JSON (`ONURowWriter`).
    public static func describe(_ row: ONURow, into record: inout FlatRecord) {
        withUnsafePointer(to: row) { describe(rowAt: $0, into: &record) }
    }

    /// `describe(_:into:)` of the row `row` points at, read where it lies: a listing's rows are
    /// described straight from their array (passing each row by value copied it, a retain and a
    /// release of each of its strings).
    static func describe(rowAt row: UnsafePointer<ONURow>, into record: inout FlatRecord) {
        record.string("id", row.pointee.id)
        record.string("name", row.pointee.name)
        record.string("olt_mac", row.pointee.oltMAC)
        record.string("olt_name", row.pointee.oltName)
        record.string("state", row.pointee.registration.word)
        record.string("firmware_version", row.pointee.activeVersion)
        record.integer("firmware_bank", row.pointee.activeBank?.rawValue)
        record.integer("uptime_seconds", row.pointee.uptime.map { Int($0.seconds) })
        record.number("rx_optical_dbm", row.pointee.rxOptical)
        record.string("model", row.pointee.model)
        record.number("fec_uncorrectable", row.pointee.fecUncorrectable)
        if let trend = row.pointee.rxTrend {
            record.number("rx_7d_from_dbm", RXTrend.level(trend.first))
            record.number("rx_7d_to_dbm", RXTrend.level(trend.last))
        }
    }

    // MARK: OLTs

    public static func oltTable(_ rows: [OLTRow]) -> Table {
        var columns: [Table.Column] = [.init("MAC"), .init("Name")]
        columns += RegistrationState.bucketed.map { Table.Column($0.word, alignment: .right) }
        columns += [
            .init("RX", alignment: .right), .init("TX", alignment: .right),
            .init("Temp", alignment: .right), .init("Uptime", alignment: .right),
        ]
        var table = Table(columns: columns)
        for row in rows {
            var cells = [row.mac, row.name]
            cells += RegistrationState.bucketed.map { String(row.counts[$0] ?? 0) }
            cells += [
                Units.bitRate(row.rxRate), Units.bitRate(row.txRate), Units.celsius(row.temperature),
                row.hasState ? row.uptime?.description ?? "" : "no state",
            ]
            table.append(cells)
        }
        return table
    }

    public static func oltJSON(_ rows: [OLTRow]) -> JSONValue {
        .array(
            rows.map { row in
                .object(
                    JSONObject([
                        ("mac", .string(row.mac)),
                        ("name", .string(row.name)),
                        (
                            "onus",
                            .object(JSONObject(RegistrationState.bucketed.map { ($0.word, .number(JSONNumber(row.counts[$0] ?? 0))) }))
                        ),
                        ("rx_bps", row.rxRate.map(JSONValue.number) ?? .null),
                        ("tx_bps", row.txRate.map(JSONValue.number) ?? .null),
                        ("temperature_c", row.temperature.map(JSONValue.number) ?? .null),
                        ("uptime_seconds", row.uptime.map { .number(JSONNumber($0.seconds)) } ?? .null),
                        ("has_state", .bool(row.hasState)),
                    ]))
            })
    }

    // MARK: Dashboard

    /// ` (3 new since 14:05)` when the recorder's last sample missed some alarms; else nothing.
    static func newAlarmsText(_ dashboard: Dashboard) -> String {
        guard let news = dashboard.newAlarms, news.count > 0 else { return "" }
        return " (\(news.count) new since \(Timestamp.localText(milliseconds: news.since, format: "%H:%M")))"
    }

    public static func dashboardView(_ dashboard: Dashboard, color: Bool = false) -> DetailView {
        let severities = dashboard.alarmsBySeverity.keys.sorted { severityRank($0) < severityRank($1) }
        func alarmCount(_ severity: String) -> String {
            let silenced = dashboard.silencedBySeverity[severity] ?? 0
            let text = "\(severity) \(dashboard.alarmsBySeverity[severity] ?? 0)" + (silenced > 0 ? " (\(silenced) silenced)" : "")
            return AlarmSeverity.style(severity).map { $0.apply(text, enabled: color) } ?? text
        }
        return DetailView(
            heading: "MCMS dashboard",
            // Health first: what a NOC opens the dashboard for, and on a short terminal the part
            // that must not scroll away.
            sections: [
                .init(
                    "Health",
                    fields: [
                        (
                            "alarms",
                            (severities.isEmpty ? "none" : "\(dashboard.alarmTotal): " + severities.map(alarmCount).joined(separator: ", "))
                                + Self.newAlarmsText(dashboard)
                        ),
                        ("low optical (< \(Units.trimmed(Dashboard.lowOpticalThreshold)) dBm)", String(dashboard.lowOpticalONUs.count)),
                        (
                            "OLTs offline",
                            dashboard.offlineOLTs.isEmpty
                                ? "0" : "\(dashboard.offlineOLTs.count): " + dashboard.offlineOLTs.joined(separator: ", ")
                        ),
                    ]),
                .init("Devices", fields: [("ONUs", String(dashboard.onuCount)), ("OLTs", String(dashboard.oltCount))]),
                .init("Registration", fields: RegistrationState.allCases.map { ($0.word, String(dashboard.registration[$0] ?? 0)) }),
                .init(
                    "Traffic (all OLTs)",
                    fields: [("RX", Units.bitRate(dashboard.totalRxBps)), ("TX", Units.bitRate(dashboard.totalTxBps))]),
            ])
    }

    /// The dashboard of several appliances: the network's figures, then one line per appliance.
    static func networkDashboard(
        total: Dashboard, parts: [(profile: String, value: Dashboard)], format: OutputFormat, color: Bool, fit: TableFit?
    ) -> String {
        var view = dashboardView(total, color: color)
        view.heading = "MCMS network dashboard: \(Noun.count(parts.count, "appliance"))"
        var table = Table(columns: [
            ProfileColumn.column, .init("ONUs", alignment: .right), .init("OLTs", alignment: .right),
            .init("Registered", alignment: .right, fit: .optional(rank: 3)), .init("Alarms", alignment: .right),
            .init("Critical", alignment: .right), .init("Low optical", alignment: .right, fit: .optional(rank: 2)),
            .init("OLTs offline", alignment: .right, fit: .optional(rank: 1)), .init("RX", alignment: .right, fit: .optional(rank: 4)),
            .init("TX", alignment: .right, fit: .optional(rank: 5)),
        ])
        for (profile, part) in parts {
            let critical = part.alarmsBySeverity.filter { $0.key.lowercased() == "critical" }.values.reduce(0, +)
            let silenced = part.silencedBySeverity.filter { $0.key.lowercased() == "critical" }.values.reduce(0, +)
            table.append([
                profile, String(part.onuCount), String(part.oltCount), String(part.registration[.registered] ?? 0),
                String(part.alarmTotal), String(critical) + (silenced > 0 ? " (\(silenced) silenced)" : ""),
                String(part.lowOpticalONUs.count), String(part.offlineOLTs.count),
                Units.bitRate(part.totalRxBps), Units.bitRate(part.totalTxBps),
            ])
        }
        let appliances = table.render(format: format == .json ? .plain : format, color: color, fit: fit)
        guard format == .table else { return appliances }
        return view.render(format: format, color: color) + "\n" + appliances
    }

    /// `{"network": {…the dashboard…}, "appliances": [{"profile", …}, …]}`.
    static func networkDashboardJSON(total: Dashboard, parts: [(profile: String, value: Dashboard)]) -> JSONValue {
        .object(
            JSONObject([
                ("network", dashboardJSON(total)),
                ("appliances", .array(parts.map { ProfileColumn.record(dashboardJSON($0.value), profile: $0.profile) })),
            ]))
    }

    public static func dashboardJSON(_ dashboard: Dashboard) -> JSONValue {
        .object(
            JSONObject([
                ("onus", .number(JSONNumber(dashboard.onuCount))),
                ("olts", .number(JSONNumber(dashboard.oltCount))),
                (
                    "registration",
                    .object(JSONObject(RegistrationState.allCases.map { ($0.word, .number(JSONNumber(dashboard.registration[$0] ?? 0))) }))
                ),
                ("traffic_bps", .object(JSONObject([("rx", number(dashboard.totalRxBps)), ("tx", number(dashboard.totalTxBps))]))),
                (
                    "health",
                    .object(
                        JSONObject([
                            ("alarms_total", .number(JSONNumber(dashboard.alarmTotal))),
                            (
                                "alarms",
                                .object(
                                    JSONObject(
                                        dashboard.alarmsBySeverity.keys.sorted { severityRank($0) < severityRank($1) }
                                            .map { ($0, .number(JSONNumber(dashboard.alarmsBySeverity[$0] ?? 0))) }))
                            ),
                            (
                                "alarms_silenced",
                                .object(
                                    JSONObject(
                                        dashboard.silencedBySeverity.keys.sorted { severityRank($0) < severityRank($1) }
                                            .map { ($0, .number(JSONNumber(dashboard.silencedBySeverity[$0] ?? 0))) }))
                            ),
                            ("alarms_new", dashboard.newAlarms.map { .number(JSONNumber($0.count)) } ?? .null),
                            ("low_optical_threshold_dbm", number(Dashboard.lowOpticalThreshold)),
                            ("low_optical_onus", .array(dashboard.lowOpticalONUs.map(JSONValue.string))),
                            ("offline_olts", .array(dashboard.offlineOLTs.map(JSONValue.string))),
                        ]))
                ),
            ]))
    }

    static func number(_ value: Double) -> JSONValue {
        if value.rounded() == value, abs(value) < 9e18 { return .number(JSONNumber(Int64(value))) }
        return JSONNumber(value).map(JSONValue.number) ?? .null
    }

    /// Most severe first; severities MCMS does not document sort after, alphabetically.
    static func severityRank(_ severity: String) -> (Int, String) {
        AlarmSeverity.rank(severity)
    }
}
