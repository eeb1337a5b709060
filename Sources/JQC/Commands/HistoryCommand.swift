import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc history [--limit N] [--offset N] [--all]`: completed inspections on the server.
struct HistoryCommand: FieldOpsCommand {
    /// The iPad client's page size.
    static let pageSize = 30

    static let definition = CommandSpec(
        "history", abstract: "List completed inspections from the server, newest first (online only).",
        discussion:
            "Pages of 30 as the iPad app loads them; --offset moves through them, --all walks every page. Exit 4 when the server cannot be reached.",
        examples: [
            "fieldops jqc history", "fieldops jqc history --offset 30",
            "fieldops jqc history --all --json | jq '.items[] | select(.follow_up_required)'",
        ],
        options: [
            OptionSpec("limit", value: .integer(1...100, default: pageSize), valueName: "N", help: "Inspections per page."),
            OptionSpec("offset", value: .integer(0..., default: 0), valueName: "N", help: "Skip the first N."),
            .flag("all", help: "Fetch every page."),
        ])

    let limit: Int
    let offset: Int
    /// `--all`: every page from `offset` on.
    let walkAll: Bool
    /// The line as typed, which the next-page hint repeats with another `--offset`.
    let commandLine: Invocation

    init(_ invocation: Invocation) throws {
        limit = try invocation.required(integer: "limit")
        offset = try invocation.required(integer: "offset")
        walkAll = invocation.flag("all")
        commandLine = invocation
    }

    /// The server's score, with this device's own beside it when they differ (the server keeps its own).
    static func scoreText(_ item: JSONValue, store: JQCStore) throws -> String {
        guard let server = item["overall_score"]?.numberValue?.double else { return "" }
        guard let localID = item["local_id"]?.stringValue, let local = try store.inspection(localID: localID)?.overallScore,
            local != server
        else { return ScoreText.percent(server) }
        return "\(ScoreText.percent(server)) (here \(ScoreText.percent(local)))"
    }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let zone = try ServerZone(profile: profile)
        let (items, total) = try await WorkflowSupport.online("jqc history", context: context, profile: profile) { client in
            var items: [JSONValue] = []
            var next = offset
            var total = 0
            repeat {
                try Task.checkCancellation()
                let page = try await client.call(
                    .listInspections, query: [.init("status", "completed"), .init("limit", String(limit)), .init("offset", String(next))])
                guard let pageItems = page["items"]?.arrayValue, let pageTotal = page["total"]?.int64Value else {
                    throw JQCError.unexpectedAnswer(
                        endpoint: JQCEndpoint.listInspections.description, reason: "no items and total in the page")
                }
                items += pageItems
                total = Int(pageTotal)
                next += pageItems.count
                if pageItems.isEmpty { break }
            } while walkAll && next < total
            return (items, total)
        }
        // The server's word on follow-ups is the newest: keep local copies in step.
        for item in items {
            if let id = item["id"]?.int64Value, let flag = item["follow_up_required"]?.boolValue {
                try store.setFollowUpRequired(serverID: Int(id), flag)
            }
        }
        if context.output.format == .json {
            let page: JSONValue = [
                "items": .array(items), "limit": .number(JSONNumber(walkAll ? items.count : limit)),
                "offset": .number(JSONNumber(offset)), "total": .number(JSONNumber(total)),
            ]
            context.output.emit(json: page)
            return
        }
        guard !items.isEmpty else {
            context.output.sayEmpty(
                total == 0 ? "no completed inspections on the server" : "no inspections at offset \(offset) (there are \(total))")
            return
        }
        let templates = Dictionary((try store.templates()).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let facilities = Dictionary((try store.facilities()).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        var table = Table(columns: [
            Table.Column("ID", alignment: .right), Table.Column.timestamp("COMPLETED"), Table.Column("TEMPLATE"), Table.Column("FACILITY"),
            Table.Column("SCORE", alignment: .right), Table.Column("FOLLOW-UP"),
        ])
        for item in items {
            let template = item["template_id"]?.int64Value.map { Int($0) }
            let facility = item["facility_id"]?.int64Value.map { Int($0) }
            table.append([
                item["id"]?.int64Value.map { String($0) } ?? "?",
                (item["completed_at"]?.stringValue ?? item["inspection_date"]?.stringValue).map(zone.machineText) ?? "",
                template.map { templates[$0] ?? String($0) } ?? "",
                facility.map { facilities[$0] ?? String($0) } ?? "",
                try Self.scoreText(item, store: store),
                item["follow_up_required"]?.boolValue == true ? "required" : "",
            ])
        }
        context.output.emit(table)
        let shownEnd = offset + items.count
        if !walkAll, shownEnd < total {
            context.output.note(
                "\(offset + 1)–\(shownEnd) of \(total); next page: `\(commandLine.followUp(setting: "offset", to: String(shownEnd)))`"
            )
        }
    }
}
