import FieldOpsCore
import Foundation

/// `fieldops jqc issue show ID` and `jqc issue status ID STATUS`: one issue, locally and on
/// the server.
extension IssueCommands {
    // MARK: show

    static func showSpec() -> CommandSpec {
        CommandSpec(
            "show", abstract: "Show one issue with its photos (local copies and server URLs).",
            examples: ["fieldops jqc issue show 3", "fieldops jqc issue show 9c1e --json"],
            arguments: [issueArgument],
            action: show)
    }

    @Sendable static func show(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let reference = context.invocation.value("ID") ?? ""
        guard let issue = try store.issue(matching: reference) else {
            throw FieldOpsError("no local issue \(reference)", hint: "list them with `fieldops jqc issue list` (run `fieldops jqc sync` to pull yours)", exitCode: .usage)
        }
        let view = try record(issue, store: store, profile: profile)
        if context.format == .json {
            try context.emitJSON(view)
            return
        }
        var facts: [(String, String)] = [
            ("local id", issue.localID), ("server id", issue.serverID.map(String.init) ?? "not sent yet"),
            ("severity", issue.severity), ("status", statusLabel(issue.status)),
            ("facility", try InspectShowCommand.facilityText(issue.facilityID, area: issue.areaID, store: store)),
            ("inspection", issue.inspectionLocalID ?? issue.inspectionServerID.map { "#\($0)" } ?? "—"),
            ("sync", issue.origin == .server ? "pulled from the server" : issue.syncStatus.rawValue),
            ("description", issue.description),
        ]
        if let assigned = issue.assignedTo { facts.append(("assigned to", "user \(assigned)")) }
        if let reported = issue.reportedAt { facts.append(("reported", reported)) }
        if let resolved = issue.resolvedAt { facts.append(("resolved", resolved)) }
        if let notes = issue.resultNotes, !notes.isEmpty { facts.append(("result notes", notes)) }
        if let error = issue.lastError { facts.append(("last error", error)) }
        for path in view.localPhotos { facts.append(("local photo", path)) }
        for url in view.photoURLs { facts.append(("server photo", url)) }
        JQCCommands.printFacts(facts, to: context)
    }

    // MARK: status

    static func statusSpec() -> CommandSpec {
        CommandSpec(
            "status", abstract: "Change an issue's status on the server (online only).",
            discussion: "Exit codes: 4 when the server cannot be reached (nothing changes), 3 when not logged in, 2 for an issue not yet on the server.",
            examples: ["fieldops jqc issue status 3 in_progress", "fieldops jqc issue status 3 resolved --notes 'Replaced the dispenser'"],
            options: [OptionSpec("notes", valueName: "TEXT", help: "Notes on the resolution.")],
            arguments: [issueArgument, ArgumentSpec("STATUS", help: "open, in_progress or resolved.", value: .choice(IssueStatus.allCases.map(\.rawValue)))],
            action: status)
    }

    @Sendable static func status(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let reference = context.invocation.value("ID") ?? ""
        guard let status = context.invocation.value("STATUS").flatMap(IssueStatus.init(rawValue:)) else {
            throw FieldOpsError.usage("STATUS must be open, in_progress or resolved")
        }
        let local = try store.issue(matching: reference)
        guard let serverID = local?.serverID ?? (local == nil ? Int(reference) : nil) else {
            throw FieldOpsError(
                local == nil ? "no issue \(reference)" : "issue \(reference) is not on the server yet, so its status cannot change",
                hint: local == nil ? "list them with `fieldops jqc issue list`" : "run `fieldops jqc sync` to send it first", exitCode: .usage)
        }
        var body: [String: String] = ["status": status.rawValue]
        if let notes = context.invocation.value("notes") { body["notes"] = notes }
        let json = try JSONValue(encoding: body).jsonData()
        let updated = try await WorkflowSupport.online("changing the status of issue \(serverID)", context: context, profile: profile) { client in
            try await client.call(.issueStatus(serverID), body: .json(json), as: IssueEnvelope.self).issue
        }
        try store.updateIssue(from: updated)
        if context.format == .json {
            let stored = try store.issue(serverID: serverID)
            if let stored { try context.emitJSON(try record(stored, store: store, profile: profile)) } else { try context.emitJSON(updated) }
        } else {
            context.stdout.line("issue #\(serverID) is now \(statusLabel(updated.status))")
        }
    }
}
