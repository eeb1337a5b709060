import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc issue show ID`: one issue with its photos.
struct IssueShowCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "show", abstract: "Show one issue with its photos (local copies and server URLs).",
        examples: ["fieldops jqc issue show 3", "fieldops jqc issue show 9c1e --json"],
        arguments: [IssueCommands.issueArgument])

    /// A server id, a local id or a unique prefix of one.
    let reference: String

    init(_ invocation: Invocation) throws { reference = try invocation.required("ID") }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        guard let issue = try store.issue(matching: reference) else {
            throw JQCError.unknownRecord(kind: "issue", id: reference, profile: profile.name)
        }
        let view = try IssueCommands.record(issue, store: store, profile: profile)
        if context.output.format == .json {
            try context.output.emitJSON(view)
            return
        }
        var facts: [(String, String)] = [
            ("local id", issue.localID), ("server id", issue.serverID.map(String.init) ?? "not sent yet"),
            ("severity", issue.severity), ("status", IssueCommands.statusLabel(issue.status)),
            ("facility", try InspectShowCommand.facilityText(issue.facilityID, area: issue.areaID, store: store)),
            ("inspection", issue.inspectionLocalID ?? issue.inspectionServerID.map { "#\($0)" } ?? "—"),
            ("sync", issue.origin == .server ? "pulled from the server" : issue.syncStatus.rawValue),
            ("description", issue.description),
        ]
        if let assigned = issue.assignedTo { facts.append(("assigned to", "user \(assigned)")) }
        let zone = try ServerZone(profile: profile)
        if let reported = issue.reportedAt { facts.append(("reported", zone.personText(reported))) }
        if let resolved = issue.resolvedAt { facts.append(("resolved", zone.personText(resolved))) }
        if let notes = issue.resultNotes, !notes.isEmpty { facts.append(("result notes", notes)) }
        if let error = issue.lastError { facts.append(("last error", error)) }
        for change in try store.unsentStatusChanges() where change.issueLocalID == issue.localID {
            let state = change.syncStatus == .pending ? "queued for the next sync" : "not sent: \(change.lastError ?? "failed")"
            facts.append(("status change", "→ \(change.status.label) (\(state))"))
        }
        for path in view.localPhotos { facts.append(("local photo", path)) }
        for url in view.photoURLs { facts.append(("server photo", url)) }
        context.output.emit(facts: facts)
    }
}
