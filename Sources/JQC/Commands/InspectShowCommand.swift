import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc inspect show ID`: a local inspection as a card (or its record), or a server
/// inspection fetched by id.
struct InspectShowCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "show", abstract: "Show an inspection as a card: answers, score, status, issues and photos.",
        discussion:
            "ID is a local id (or unique prefix), or a server id; a server id not in the local store is fetched from the server (online only, exit 4 when unreachable). --json prints the local record (with template_name, issues and photos); for a server-only inspection, the server's record as it sent it.",
        examples: [
            "fieldops jqc inspect show 3f2a", "fieldops jqc inspect show 73", "fieldops jqc inspect show 3f2a --json | jq .form_data",
        ],
        arguments: [ArgumentSpec("ID", help: "Local id, unique prefix, or server id.", value: .dynamic(JQCCompletion.inspection))])

    /// A local id, a unique prefix of one, or a server id: which one is known only from the store.
    let reference: String

    init(_ invocation: Invocation) throws { reference = try invocation.required("ID") }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        if let inspection = try store.inspection(matching: reference) {
            try Self.showLocal(inspection, store: store, profile: profile, context: context)
        } else if let serverID = Int(reference), serverID > 0 {
            try await Self.showServer(serverID, store: store, profile: profile, context: context)
        } else {
            throw JQCError.unknownRecord(kind: "inspection", id: reference, profile: profile.name)
        }
    }

    /// The card of a local inspection (also the full-screen form's review screen).
    static func localCard(_ inspection: LocalInspection, store: JQCStore, profile: Profile) throws -> InspectionCard {
        let template = try store.template(id: inspection.templateID)
        let schema = try template?.schema()
        let issues = try store.issues(inspectionLocalID: inspection.localID)
        let photos = try store.photos(inspectionLocalID: inspection.localID)
        let records = photos.map { PhotoRecord($0, store: store, baseURL: profile.baseURL) }
        var facts: [(String, String)] = [
            ("template", "\(inspection.templateID) \(template?.name ?? "(not cached)")"),
            ("facility", try facilityText(inspection.facilityID, area: inspection.areaID, store: store)),
            ("score", scoreText(local: inspection.overallScore, server: inspection.serverScore, draft: inspection.status == .draft)),
            ("started", Timestamp.personText(JQCDate.format(inspection.startedAt))),
        ]
        if let completed = inspection.completedAt { facts.append(("completed", Timestamp.personText(JQCDate.format(completed)))) }
        if let server = inspection.serverID { facts.append(("server id", String(server))) }
        if let parent = inspection.parentLocalID ?? inspection.parentServerID.map({ "#\($0)" }) { facts.append(("re-inspects", parent)) }
        if inspection.followUpRequired {
            facts.append(("follow-up", "required — `fieldops jqc inspect start --reinspect \(inspection.localID)`"))
        }
        if let notes = inspection.notes, !notes.isEmpty { facts.append(("notes", notes)) }
        if let error = inspection.lastError { facts.append(("last error", error)) }
        if schema == nil { facts.append(("form", "template not cached; run `fieldops jqc sync` to see the fields")) }
        let byID = Dictionary(photos.map { ($0.localID, $0) }, uniquingKeysWith: { a, _ in a })
        var card = InspectionCard(
            title: "Inspection \(inspection.localID)", badge: inspection.badge, facts: facts, schema: schema,
            formData: try inspection.formData(), issues: issues)
        card.photos = records.map { ($0.field ?? "", $0.localPath + " (\($0.syncStatus))" + ($0.url.map { " → \($0)" } ?? "")) }
        card.photoText = { value in
            if value.hasPrefix(FormValue.localPhotoPrefix), let photo = byID[String(value.dropFirst(FormValue.localPhotoPrefix.count))] {
                return store.photoFile(photo) + " (waiting for upload)"
            }
            return JQCEndpoint.photoURL(baseURL: profile.baseURL, path: value)
        }
        return card
    }

    static func showLocal(_ inspection: LocalInspection, store: JQCStore, profile: Profile, context: CommandContext) throws {
        let template = try store.template(id: inspection.templateID)
        let issues = try store.issues(inspectionLocalID: inspection.localID)
        let photos = try store.photos(inspectionLocalID: inspection.localID)
        let records = photos.map { PhotoRecord($0, store: store, baseURL: profile.baseURL) }
        if context.output.format == .json {
            var record = InspectionRecord(inspection: inspection, formData: try inspection.formData())
            record.templateName = template?.name
            record.issues = try issues.map { try IssueCommands.record($0, store: store, profile: profile) }
            record.photos = records
            try context.output.emitJSON(record)
            return
        }
        let card = try localCard(inspection, store: store, profile: profile)
        context.output.stdout.write(card.render(color: context.output.terminal.colorEnabled, width: context.output.terminal.width))
    }

    static func showServer(_ serverID: Int, store: JQCStore, profile: Profile, context: CommandContext) async throws {
        let data = try await WorkflowSupport.online("showing server inspection \(serverID)", context: context, profile: profile) { client in
            try await client.call(.inspection(serverID))
        }
        let record = data["inspection"] ?? .null
        if context.output.format == .json {
            context.output.emit(json: record)
            return
        }
        let templateID = record["template_id"]?.int64Value.map { Int($0) }
        let template = try templateID.flatMap { try store.template(id: $0) }
        let formData = try FormData.decode(
            Data((record["form_data"] ?? .null).jsonString().utf8), source: "form_data of inspection \(serverID)")
        var facts: [(String, String)] = [
            ("template", "\(templateID.map(String.init) ?? "?") \(template?.name ?? "(not cached)")"),
            (
                "facility",
                try record["facility_id"]?.int64Value.map {
                    try facilityText(Int($0), area: record["area_id"]?.int64Value.map { Int($0) }, store: store)
                } ?? "?"
            ),
            ("score", record["overall_score"]?.numberValue?.double.map(ScoreText.percent) ?? "none"),
            ("status", record["status"]?.stringValue ?? "?"),
            ("completed", record["completed_at"]?.stringValue ?? "—"),
        ]
        if record["follow_up_required"]?.boolValue == true {
            facts.append(("follow-up", "required — `fieldops jqc inspect start --reinspect \(serverID)`"))
        }
        var card = InspectionCard(
            title: "Inspection #\(serverID) (server)", badge: nil, facts: facts, schema: try template?.schema(), formData: formData)
        card.photoText = { JQCEndpoint.photoURL(baseURL: profile.baseURL, path: $0) }
        context.output.stdout.write(card.render(color: context.output.terminal.colorEnabled, width: context.output.terminal.width))
    }

    /// The local score, and the server's beside it once synced when the two differ: the server
    /// keeps its own (its rule is not the contract's).
    static func scoreText(local: Double?, server: Double?, draft: Bool) -> String {
        let localText = local.map(ScoreText.percent) ?? (draft ? "computed on submit" : "none")
        guard let server, server != local else { return localText }
        return "\(ScoreText.percent(server)) on the server, which keeps its own score (\(localText) computed here)"
    }

    static func facilityText(_ id: Int, area: Int?, store: JQCStore) throws -> String {
        if id == LocalIssue.unknownFacility {
            return "not named by the server" + (area.map { ", area \($0) (not cached: `fieldops jqc sync` pulls the areas)" } ?? "")
        }
        let facility = try store.facility(id: id)
        var text = "\(id) \(facility?.facility.name ?? "(not cached)")"
        if let area {
            text += ", area \(area)" + (facility?.areas.first { $0.id == area }.map { " \($0.name)" } ?? "")
        }
        return text
    }
}
