import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc issue flag | list | show | status`, and what they share: an issue's record
/// and how its status and description read.
enum IssueCommands {
    static let group = CommandSpec(
        "issue", abstract: "Flag issues on inspections or facilities, list and show them, change their status.",
        examples: [
            "fieldops jqc issue flag --inspection 3f2a --severity high --description 'Broken soap dispenser' --photo soap.jpg",
            "fieldops jqc issue flag --facility 2 --severity medium --description 'Lounge door sticks'",
            "fieldops jqc issue list --mine --status open",
            "fieldops jqc issue status 3 resolved --notes 'Replaced'",
        ],
        subcommands: [IssueFlagCommand.spec, IssueListCommand.spec, IssueShowCommand.spec, IssueStatusCommand.spec])

    static let issueArgument = ArgumentSpec(
        "ID", help: "The issue's server id, or its local id (or a unique prefix).", value: .dynamic(JQCCompletion.issue))

    static func record(_ issue: LocalIssue, store: JQCStore, profile: Profile) throws -> IssueRecord {
        let photos = try store.read { database in
            try database.query("SELECT \(LocalPhoto.columns) FROM photos WHERE issue_local_id = ? ORDER BY created_at", [issue.localID])
                .map(LocalPhoto.init(row:))
        }
        var paths = issue.serverPhotoPaths
        if let path = issue.photoPath, !paths.contains(path) { paths.insert(path, at: 0) }
        return IssueRecord(
            issue: issue, localPhotos: photos.map(store.photoFile),
            photoURLs: paths.map { JQCEndpoint.photoURL(baseURL: profile.baseURL, path: $0) },
            queuedStatus: try store.pendingStatusChanges(issueLocalID: issue.localID).last?.status.rawValue)
    }

    static func statusLabel(_ status: String) -> String {
        IssueStatus(rawValue: status)?.label ?? status
    }
}

// MARK: flag

/// `fieldops jqc issue flag`: an issue stored at once, on an inspection or at a facility.
struct IssueFlagCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "flag", abstract: "Flag an issue on an inspection, or on a facility without one; sent by the next sync.",
        discussion:
            "With --inspection the issue belongs to that inspection (draft or submitted) and is sent after it; with --facility (and optionally --area) it stands on its own, as the server allows. The facility and area must be in the local cache (`fieldops jqc sync` pulls them). Works offline: the issue and its photo copy are stored at once.",
        examples: [
            "fieldops jqc issue flag --inspection 3f2a --severity critical --description 'Water on the floor'",
            "fieldops jqc issue flag --facility 1 --area 102 --severity high --description 'Broken glass near the ticket machines' --photo glass.jpg",
        ],
        options: [
            OptionSpec(
                "inspection", value: .dynamic(JQCCompletion.inspection), valueName: "LOCAL_ID",
                help: "The inspection the issue was found in."),
            OptionSpec(
                "facility", value: .dynamic(JQCCompletion.facility), valueName: "ID",
                help: "The facility, for an issue without an inspection."),
            OptionSpec("area", value: .dynamic(JQCCompletion.area), valueName: "ID", help: "The facility's area (with --facility)."),
            OptionSpec("severity", value: .choice(Severity.allCases.map(\.rawValue)), help: "How serious it is.", required: true),
            OptionSpec("description", valueName: "TEXT", help: "What is wrong.", required: true),
            OptionSpec("photo", value: .file, valueName: "PATH", help: "A JPEG or PNG photo of it (copied into the store)."),
        ])

    /// Where the issue was found: in an inspection (named as `inspect` names them), or at a
    /// facility and perhaps one of its areas.
    enum Place: Sendable {
        case inspection(String)
        case facility(Int, areaID: Int?)
    }

    let place: Place
    let severity: Severity
    let description: String
    /// `--photo`, copied into the store in `run`.
    let photoPath: String?

    init(_ invocation: Invocation) throws {
        let severityWord = invocation.value("severity") ?? ""
        guard let severity = Severity(rawValue: severityWord.lowercased()) else {
            throw invocation.invalidChoice("--severity", value: severityWord, choices: ["low", "medium", "high", "critical"])
        }
        self.severity = severity
        description = invocation.value("description") ?? ""
        photoPath = invocation.value("photo")
        switch (invocation.value("inspection"), try WorkflowSupport.id("facility", invocation)) {
        case (let reference?, nil):
            if invocation.value("area") != nil {
                throw FieldOpsError.usage("--area goes with --facility; an issue on an inspection takes the inspection's area")
            }
            place = .inspection(reference)
        case (nil, let facility?):
            place = .facility(facility, areaID: try WorkflowSupport.id("area", invocation))
        case (nil, nil):
            throw FieldOpsError.usage(
                "jqc issue flag needs --inspection LOCAL_ID or --facility ID",
                hint: "an issue belongs to an inspection, or stands on its own at a facility; see them: fieldops jqc facilities")
        case (_?, _?):
            throw FieldOpsError.usage(
                "give --inspection or --facility, not both", hint: "an issue on an inspection takes the inspection's facility")
        }
    }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        ClockCheck.warnBeforeStamping(store: store, output: context.output)
        let issue: LocalIssue
        let whereSent: String
        switch place {
        case .inspection(let reference):
            let inspection = try WorkflowSupport.inspection(reference, in: store)
            issue = try store.flagIssue(
                inspectionLocalID: inspection.localID, severity: severity, description: description, photoPath: photoPath)
            whereSent = "on inspection \(inspection.localID); the next sync sends it after its inspection (fieldops jqc sync)"
        case .facility(let facility, let areaID):
            issue = try store.flagIssue(
                facilityID: facility, areaID: areaID, severity: severity, description: description, photoPath: photoPath)
            whereSent =
                "at facility \(facility)" + (issue.areaID.map { ", area \($0)" } ?? "") + "; the next sync sends it (fieldops jqc sync)"
        }
        AgentWake.poke(context, profile: profile)
        if context.output.format == .json {
            try context.output.emitJSON(try IssueCommands.record(issue, store: store, profile: profile))
        } else {
            context.output.stdout.line(issue.localID)
            context.output.note("issue logged, severity \(severity.label), \(whereSent)")
        }
    }
}

// MARK: list

/// `fieldops jqc issue list`: the local issues, filtered.
struct IssueListCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "list", abstract: "List local issues: flagged on this device and pulled from the server (assigned to or reported by you).",
        discussion:
            "Issues from the server are refreshed by `fieldops jqc sync`. The filters combine; --status is the status the server last reported (a change still queued shows beside it). --mine keeps the issues assigned to you (from the identity of your last login, so it works offline).",
        examples: [
            "fieldops jqc issue list",
            "fieldops jqc issue list --status open --severity critical",
            "fieldops jqc issue list --mine --facility 1 --json | jq -r '.[].description'",
        ],
        options: [
            OptionSpec(
                "status", valueName: "STATUS",
                help:
                    "Only issues with this status, as the server reports it: "
                    + IssueStatus.allCases.map(\.rawValue).joined(separator: ", ") + ", or any other the server uses (any case)."),
            OptionSpec("severity", value: .choice(Severity.allCases.map(\.rawValue)), help: "Only issues of this severity."),
            OptionSpec("facility", value: .dynamic(JQCCompletion.facility), valueName: "ID", help: "Only issues at this facility."),
            .flag("mine", help: "Only issues assigned to you."),
        ])

    /// The server's word, lower-cased: a status this build does not know still filters.
    let status: String?
    let severity: Severity?
    let facilityID: Int?
    /// `--mine`: who "me" is comes from the keyring, in `run`.
    let mine: Bool

    init(_ invocation: Invocation) throws {
        status = invocation.value("status").map { $0.lowercased().replacingEvery(" ", with: "_").replacingEvery("-", with: "_") }
        severity = invocation.value("severity").flatMap(Severity.init(rawValue:))
        facilityID = try WorkflowSupport.id("facility", invocation)
        mine = invocation.flag("mine")
    }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let me = (try? JQCIdentity.stored(context: context, profile: profile))??.userID
        var filter = JQCStore.IssueFilter(status: status, severity: severity, facilityID: facilityID)
        if mine {
            guard let me else {
                throw FieldOpsError(
                    "--mine needs to know who you are, and profile \(profile.name) has never logged in",
                    hint: "log in once: fieldops -p \(profile.name) auth login", exitCode: .notAuthenticated)
            }
            filter.assignedTo = me
        }
        let issues = try store.issues(matching: filter)
        if context.output.format == .json {
            try context.output.emitJSON(try issues.map { try IssueCommands.record($0, store: store, profile: profile) })
            return
        }
        guard !issues.isEmpty else {
            context.output.note(
                filter == JQCStore.IssueFilter()
                    ? "no issues; flag one with `fieldops jqc issue flag` or pull yours with `fieldops jqc sync`"
                    : "no issues match those filters")
            return
        }
        let facilities = Dictionary((try store.facilities()).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        var table = Table(columns: [
            // On a narrow terminal SYNC goes first, then ASSIGNED and SEVERITY; the other text is cut.
            Table.Column("ID", fit: .whole), Table.Column("SEVERITY", fit: .optional(rank: 3)), Table.Column("STATUS"),
            Table.Column("FACILITY"), Table.Column("ASSIGNED", fit: .optional(rank: 2)), Table.Column("SYNC", fit: .optional(rank: 1)),
            Table.Column("DESCRIPTION"),
        ])
        for issue in issues {
            let assigned = issue.assignedTo.map { $0 == me ? "you" : "user \($0)" } ?? "—"
            let queued = try store.pendingStatusChanges(issueLocalID: issue.localID).last
            table.append([
                issue.serverID.map { "#\($0)" } ?? issue.localID, issue.severity,
                IssueCommands.statusLabel(issue.status) + (queued.map { " → \($0.status.label) (queued)" } ?? ""),
                facilities[issue.facilityID] ?? (issue.facilityID == LocalIssue.unknownFacility ? "—" : String(issue.facilityID)), assigned,
                issue.origin == .server ? "from server" : issue.syncStatus.rawValue, issue.description,
            ])
        }
        context.output.emit(table)
    }
}
