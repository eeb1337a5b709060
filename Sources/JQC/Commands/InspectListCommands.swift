import FieldOpsCore
import Foundation

/// `fieldops jqc inspect list | delete`.
enum InspectListCommands {
    // MARK: list

    static func listSpec() -> CommandSpec {
        CommandSpec(
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
            ],
            action: list)
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

    @Sendable static func list(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let filter = context.invocation.value("status").flatMap(JQCStore.ListFilter.init(rawValue:))
        let template = try WorkflowSupport.integer("template", context)
        let facility = try WorkflowSupport.integer("facility", context)
        let since = try context.invocation.value("since").map { try WorkflowSupport.moment($0, option: "since") }
        let summaries = try store.inspectionSummaries(filter: filter, templateID: template, facilityID: facility, startedSince: since)
        if context.output.format == .json {
            context.output.emit(json: JSONValue.array(summaries.map(json)))
            return
        }
        guard !summaries.isEmpty else {
            let narrowed = template != nil || facility != nil || since != nil
            context.output.sayEmpty(
                filter == nil && !narrowed
                    ? "no local inspections; start one with `fieldops jqc inspect start`"
                    : "no \(filter.map { $0.rawValue + " " } ?? "")inspections match those filters")
            return
        }
        var table = Table(columns: [
            .init("LOCAL ID"), .init("SERVER", alignment: .right), .init("TEMPLATE"), .init("FACILITY"), .init("STATUS"),
            .init("SCORE", alignment: .right), .timestamp("STARTED"),
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
        context.output.stdout.write(table.render(format: context.output.format, color: context.output.terminal.colorEnabled))
    }

    // MARK: delete

    static func deleteSpec() -> CommandSpec {
        CommandSpec(
            "delete", abstract: "Delete a draft with its photos and issues (drafts only; asks first).",
            discussion: "Submitted inspections are never deleted (exit 1). On a terminal you confirm; elsewhere pass --yes.",
            examples: ["fieldops jqc inspect delete 3f2a", "fieldops --yes jqc inspect delete 3f2a"],
            arguments: [InspectCommands.draftArgument],
            action: delete)
    }

    @Sendable static func delete(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let draft = try WorkflowSupport.draft(context.invocation.value("LOCAL_ID") ?? "", in: store, doing: "delete")
        let photos = try store.photos(inspectionLocalID: draft.localID).count
        let issues = try store.issues(inspectionLocalID: draft.localID).count
        try context.prompter.confirm(
            "delete draft \(draft.localID) with \(photos) photo\(photos == 1 ? "" : "s") and \(issues) issue\(issues == 1 ? "" : "s")")
        try store.deleteDraft(localID: draft.localID)
        context.output.stdout.line("deleted draft \(draft.localID)")
    }
}
