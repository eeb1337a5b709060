import FieldOpsCore

/// How the output of several appliances becomes one: a `Profile` column first in tables, a
/// `profile` member first in every record (`--json` is one array, ndjson and csv carry it too),
/// as `kubectl-x` adds a context column where a shell loop printed one document per cluster.
enum ProfileColumn {
    static let title = "Profile"
    static let key = "profile"

    /// The column, kept whole on a narrow terminal (it says which appliance a row is from).
    static var column: Table.Column { Table.Column(title, fit: .whole) }

    /// Tables of the appliances, rows in the order given, as one table with the column first.
    static func table(_ parts: [(profile: String, table: StyledTable)]) -> StyledTable {
        let columns = parts.first?.table.table.columns ?? []
        var merged = StyledTable(table: Table(columns: [column] + columns), styles: [])
        for (profile, part) in parts {
            for (row, style) in zip(part.table.rows, part.styles) {
                merged.table.append([profile] + row)
                merged.styles.append(style)
            }
        }
        return merged
    }

    /// One table of several appliances' rows, `profiles[i]` the appliance of row i.
    static func table(_ styled: StyledTable, profiles: [String]) -> StyledTable {
        var merged = StyledTable(table: Table(columns: [column] + styled.table.columns), styles: styled.styles)
        merged.table.rows = zip(profiles, styled.table.rows).map { [$0] + $1 }
        return merged
    }

    /// Detail views of several appliances (an ONU found on two): each headed with its profile,
    /// piped each line led by it.
    static func details(_ parts: [(profile: String, view: DetailView)], format: OutputFormat, color: Bool) -> String {
        parts.map { profile, view in
            var view = view
            view.heading += " on profile \(profile)"
            let text = view.render(format: format, color: color)
            guard format == .plain else { return text }
            return text.split(separator: "\n").map { "\(profile)\t\($0)\n" }.joined()
        }.joined(separator: format == .plain ? "" : "\n")
    }

    /// The frame of a device shown across appliances (`onu show`, `olt show`): its record with
    /// `profile` (an array when several appliances hold it) and its view headed by each profile.
    static func detailFrame<Detail: Sendable>(
        _ parts: [(profile: String, value: Detail)], json: @escaping @Sendable (Detail) -> JSONValue,
        view: @escaping @Sendable (Detail, Bool) -> DetailView, metrics: [String: Double], states: Set<String>
    ) -> WatchFrame {
        WatchFrame(
            json: parts.count == 1
                ? record(json(parts[0].value), profile: parts[0].profile) : records(parts.map { ($0.profile, json($0.value)) }),
            render: { format, color, _ in details(parts.map { ($0.profile, view($0.value, color)) }, format: format, color: color) },
            metrics: metrics, states: states)
    }

    /// A record with `profile` first (an array: each of its objects).
    static func record(_ value: JSONValue, profile: String) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(
                JSONObject(
                    distinctKeys: [(key, .string(profile))]
                        + object.filter { $0.key != key }.map { ($0.key, $0.value) }))
        case .array(let items):
            return .array(items.map { record($0, profile: profile) })
        default:
            return .object(JSONObject(distinctKeys: [(key, .string(profile)), ("value", value)]))
        }
    }

    /// The appliances' JSON as one array: their arrays' records, or their single objects, each
    /// with `profile`.
    static func records(_ parts: [(profile: String, json: JSONValue)]) -> JSONValue {
        .array(
            parts.flatMap { profile, json -> [JSONValue] in
                if case .array(let items) = json { return items.map { record($0, profile: profile) } }
                return [record(json, profile: profile)]
            })
    }
}
