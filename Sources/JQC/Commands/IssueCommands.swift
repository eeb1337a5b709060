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
