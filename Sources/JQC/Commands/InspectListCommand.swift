import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc inspect list`: the local inspections, filtered, newest first.
struct InspectListCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "list", abstract: "List local inspections, newest first, with their status (Draft, Pending Sync, Completed, Sync Failed).",
        discussion:
            "The filters combine. --since takes a UTC day (yyyy-MM-dd, from its midnight) or a UTC time (yyyy-MM-ddTHH:mm:ss) and keeps the inspections started then or later.",
        examples: [
            "fieldops jqc inspect list", "fieldops jqc inspect list --status draft",
            "fieldops jqc inspect list --template 2 --facility 1 --since 2026-11-01",
            "fieldops jqc inspect list --status failed --json | jq -r '.[].local_id'",
        ],
        options: [
            OptionSpec(
                "status", value: .choice(JQCStore.ListFilter.allCases.map(\.rawValue)),
                help: "Only drafts, pending, synced or failed inspections."),
            OptionSpec(
                "template", value: .dynamic(JQCCompletion.template), valueName: "ID", help: "Only inspections with this template."),
            OptionSpec(
                "facility", value: .dynamic(JQCCompletion.facility), valueName: "ID", help: "Only inspections at this facility."),
            OptionSpec("since", valueName: "DATE", help: "Only inspections started at or after DATE (UTC day or time)."),
        ])

    let status: JQCStore.ListFilter?
    let templateID: Int?
    let facilityID: Int?
    let since: Date?

    init(_ invocation: Invocation) throws {
        status = invocation.value("status").flatMap(JQCStore.ListFilter.init(rawValue:))
        templateID = try WorkflowSupport.id("template", invocation)
        facilityID = try WorkflowSupport.id("facility", invocation)
        since = try invocation.value("since").map { try WorkflowSupport.moment($0, option: "since") }
    }

    /// The `--json` object of one list row, keys sorted as `emitJSON` sorts them. Built on the
    /// core's JSON writer: Foundation's encoder is the slowest part of listing ten thousand.
    static func json(_ s: JQCStore.InspectionSummary) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        func integer(_ value: Int?) -> JSONValue { value.map { .number(JSONNumber($0)) } ?? .null }
        let score: JSONValue = s.overallScore.flatMap { JSONNumber($0) }.map { .number($0) } ?? .null
        return .object(
            JSONObject([
                ("badge", .string(s.badge.label)), ("facility_id", integer(s.facilityID)), ("facility_name", text(s.facilityName)),
                ("follow_up_required", .bool(s.followUpRequired)), ("local_id", .string(s.localID)), ("overall_score", score),
                ("server_id", integer(s.serverID)), ("started_at", .string(s.startedAt)), ("status", .string(s.status.rawValue)),
                ("sync_status", .string(s.syncStatus.rawValue)), ("template_id", integer(s.templateID)),
                ("template_name", text(s.templateName)),
            ]))
    }

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let summaries = try store.inspectionSummaries(filter: status, templateID: templateID, facilityID: facilityID, startedSince: since)
        if context.output.format == .json {
            context.output.emit(json: JSONValue.array(summaries.map(Self.json)))
            return
        }
        guard !summaries.isEmpty else {
            let narrowed = templateID != nil || facilityID != nil || since != nil
            context.output.sayEmpty(
                status == nil && !narrowed
                    ? "no local inspections; start one with `fieldops jqc inspect start`"
                    : "no \(status.map { $0.rawValue + " " } ?? "")inspections match those filters")
            return
        }
        var table = Table(columns: [
            // On a narrow terminal SERVER goes first, then STARTED and SCORE; names are cut.
            .init("LOCAL ID", fit: .whole), .init("SERVER", alignment: .right, fit: .optional(rank: 1)), .init("TEMPLATE"),
            .init("FACILITY"), .init("STATUS"), .init("SCORE", alignment: .right, fit: .optional(rank: 3)),
            .timestamp("STARTED", fit: .optional(rank: 2)),
        ])
        table.rows.reserveCapacity(summaries.count)
        for s in summaries {
            table.rows.append([
                s.localID, s.serverID.map(String.init) ?? "", s.templateName ?? String(s.templateID),
                s.facilityName ?? String(s.facilityID),
                s.followUpRequired ? s.badge.label + " · follow-up" : s.badge.label, s.overallScore.map(ScoreText.percent) ?? "",
                s.startedAt,
            ])
        }
        context.output.emit(table)
    }
}
