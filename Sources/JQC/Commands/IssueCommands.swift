import FieldOpsCore
import Foundation

/// `fieldops jqc issue flag | list | show | status`.
enum IssueCommands {
    static func spec() -> CommandSpec {
        CommandSpec(
            "issue", abstract: "Flag issues on inspections, list and show them, change their status.",
            examples: [
                "fieldops jqc issue flag --inspection 3f2a --severity high --description 'Broken soap dispenser' --photo soap.jpg",
                "fieldops jqc issue list",
                "fieldops jqc issue status 3 resolved --notes 'Replaced'",
            ],
            subcommands: [flagSpec(), listSpec(), showSpec(), statusSpec()])
    }

    static let issueArgument = ArgumentSpec("ID", help: "The issue's server id, or its local id (or a unique prefix).", value: .dynamic(JQCCompletion.issue))

    // MARK: flag

    static func flagSpec() -> CommandSpec {
        CommandSpec(
            "flag", abstract: "Flag an issue on an inspection (draft or submitted); sent by the next sync after its inspection.",
            examples: ["fieldops jqc issue flag --inspection 3f2a --severity critical --description 'Water on the floor'"],
            options: [
                OptionSpec("inspection", value: .dynamic(JQCCompletion.inspection), valueName: "LOCAL_ID", help: "The inspection the issue was found in.", required: true),
                OptionSpec("severity", value: .choice(Severity.allCases.map(\.rawValue)), help: "How serious it is.", required: true),
                OptionSpec("description", valueName: "TEXT", help: "What is wrong.", required: true),
                OptionSpec("photo", value: .file, valueName: "PATH", help: "A JPEG or PNG photo of it (copied into the store)."),
            ],
            action: flag)
    }

    @Sendable static func flag(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let inspection = try WorkflowSupport.inspection(context.invocation.value("inspection") ?? "", in: store)
        guard let severity = context.invocation.value("severity").flatMap(Severity.init(rawValue:)) else {
            throw FieldOpsError.usage("--severity must be one of low, medium, high, critical")
        }
        let issue = try store.flagIssue(
            inspectionLocalID: inspection.localID, severity: severity, description: context.invocation.value("description") ?? "",
            photoPath: context.invocation.value("photo"))
        if context.format == .json {
            try context.emitJSON(try record(issue, store: store, profile: profile))
        } else {
            context.stdout.line(issue.localID)
            context.note("issue logged (\(severity.label)) on inspection \(inspection.localID); the next `fieldops jqc sync` sends it after its inspection")
        }
    }

    // MARK: list

    static func listSpec() -> CommandSpec {
        CommandSpec(
            "list", abstract: "List local issues: flagged on this device and pulled from the server (assigned to or reported by you).",
            discussion: "Issues from the server are refreshed by `fieldops jqc sync`.",
            examples: ["fieldops jqc issue list", "fieldops jqc issue list --json | jq '.[] | select(.status == \"open\")'"],
            action: list)
    }

    @Sendable static func list(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let issues = try store.issues()
        if context.format == .json {
            try context.emitJSON(try issues.map { try record($0, store: store, profile: profile) })
            return
        }
        guard !issues.isEmpty else {
            context.note("no issues; flag one with `fieldops jqc issue flag` or pull yours with `fieldops jqc sync`")
            return
        }
        let facilities = Dictionary((try store.facilities()).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let me = (try? JQCIdentity.stored(context: context, profile: profile))??.userID
        var table = Table(columns: [
            Table.Column("ID"), Table.Column("SEVERITY"), Table.Column("STATUS"), Table.Column("FACILITY"), Table.Column("ASSIGNED"),
            Table.Column("SYNC"), Table.Column("DESCRIPTION"),
        ])
        for issue in issues {
            let assigned = issue.assignedTo.map { $0 == me ? "you" : "user \($0)" } ?? "—"
            table.append([
                issue.serverID.map { "#\($0)" } ?? issue.localID, issue.severity, statusLabel(issue.status),
                facilities[issue.facilityID] ?? String(issue.facilityID), assigned,
                issue.origin == .server ? "from server" : issue.syncStatus.rawValue, shorten(issue.description, 48),
            ])
        }
        context.emit(table)
    }

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
            ("facility", try InspectViewCommands.facilityText(issue.facilityID, area: issue.areaID, store: store)),
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
        let json = try FieldOpsCore.JSONValue(encoding: body).jsonData()
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

    // MARK: Helpers

    static func record(_ issue: LocalIssue, store: JQCStore, profile: Profile) throws -> IssueRecord {
        let photos = try store.read { database in
            try database.query("SELECT \(LocalPhoto.columns) FROM photos WHERE issue_local_id = ? ORDER BY created_at", [issue.localID])
                .map(LocalPhoto.init(row:))
        }
        var paths = issue.serverPhotoPaths
        if let path = issue.photoPath, !paths.contains(path) { paths.insert(path, at: 0) }
        return IssueRecord(
            issue: issue, localPhotos: photos.map(store.photoFile),
            photoURLs: paths.map { JQCEndpoint.photoURL(baseURL: profile.baseURL, path: $0) })
    }

    static func statusLabel(_ status: String) -> String {
        IssueStatus(rawValue: status)?.label ?? status
    }

    static func shorten(_ text: String, _ limit: Int) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count <= limit ? flat : String(flat.prefix(limit - 1)) + "…"
    }
}
