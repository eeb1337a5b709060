import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc history [--limit N] [--offset N] [--all]`: completed inspections on the server,
/// or their local copy when it cannot be reached.
struct HistoryCommand: FieldOpsCommand {
    /// The iPad client's page size.
    static let pageSize = 30

    static let definition = CommandSpec(
        "history", abstract: "List completed inspections from the server, newest first.",
        discussion:
            "Pages of 30 as the iPad app loads them; --offset moves through them, --all walks every page. Each page read is kept in the local store: when the server cannot be reached, the same page is shown from there at once, with its age on stderr (exit 0); a page never read exits 4.",
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

    /// The pages from the server, kept as the local copy; or, when the server cannot be reached,
    /// the copy kept for the same pages — at once, without the session's retries (`LocalAnswer`)
    /// — with its age on stderr. No copy: exit 4, as before there was one.
    private func answer(
        _ query: JQCStore.HistoryQuery, store: JQCStore, context: CommandContext, profile: Profile
    ) async throws -> (items: [JSONValue], total: Int) {
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        let client = try JQCClient(context: context, profile: profile)
        let page: JQCStore.HistoryPage
        do {
            page = try await LocalAnswer.offered(if: store.hasHistory(for: query)) { try await fetch(client) }
        } catch let error as HTTPError where error.isNetworkFailure || error.isTransportFailure {
            guard let reason = error.unreachableDescription, let (copy, savedAt) = try store.history(for: query) else {
                throw WorkflowSupport.needsServer("jqc history", profile: profile, error)
            }
            context.output.stderr.line(LocalCopyNotice.line(savedAt: savedAt, now: now, reason: reason))
            return (copy.items, copy.total)
        }
        // The server's word on follow-ups is the newest: keep local copies in step.
        for item in page.items {
            if let id = item["id"]?.int64Value, let flag = item["follow_up_required"]?.boolValue {
                try store.setFollowUpRequired(serverID: Int(id), flag)
            }
        }
        do {
            try store.saveHistory(page, for: query, savedAt: now)
        } catch {
            context.output.warn("could not keep the local copy of history: \(error.summaryText)")
        }
        return (page.items, page.total)
    }

    /// The page asked for, or every page from `offset` with `--all`.
    private func fetch(_ client: JQCClient) async throws -> JQCStore.HistoryPage {
        var items: [JSONValue] = []
        var next = offset
        var total = 0
        repeat {
            try Task.checkCancellation()
            let page = try await client.call(
                .listInspections, query: [.init("status", "completed"), .init("limit", String(limit)), .init("offset", String(next))])
            guard let pageItems = page["items"]?.arrayValue, let pageTotal = page["total"]?.int64Value else {
                throw JQCError.unexpectedAnswer(endpoint: JQCEndpoint.listInspections.description, reason: "no items and total in the page")
            }
            items += pageItems
            total = Int(pageTotal)
            next += pageItems.count
            if pageItems.isEmpty { break }
        } while walkAll && next < total
        return JQCStore.HistoryPage(items: items, total: total)
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
        let query: JQCStore.HistoryQuery = walkAll ? .all(offset: offset) : .page(limit: limit, offset: offset)
        let (items, total) = try await answer(query, store: store, context: context, profile: profile)
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
