import FieldOpsCore
import FoundationEssentials

// MARK: list

/// `fieldops jqc notifications list`: the inbox of everything a sync, a poll or the agent
/// fetched, newest first, with its own read state (the server is told at fetch time, as the
/// contract says).
struct NotificationsListCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "list", abstract: "List the notifications fetched so far, newest first, unread ones marked.",
        discussion:
            "Reads the local store only (works offline). Every notification a sync, `notifications poll|watch` or the agent fetched is kept here, once, whatever the server's clock says; unread means not yet marked with `fieldops jqc notifications read`.",
        examples: [
            "fieldops jqc notifications list", "fieldops jqc notifications list --unread --limit 5",
            "fieldops jqc notifications list --unread --json | jq -r '.[].title'",
        ],
        options: [
            .flag("unread", help: "Only notifications not marked read."),
            OptionSpec("limit", value: .integer(1..., default: 50), valueName: "N", help: "At most N notifications."),
        ])

    /// The `--json` shape of one inbox entry.
    struct InboxEntry: Encodable {
        var stored: StoredNotification

        enum Key: String, CodingKey {
            case id, type, title, body, link, read
            case createdAt = "created_at"
            case issueID = "issue_id"
            case inspectionID = "inspection_id"
            case readAt = "read_at"
            case fetchedAt = "fetched_at"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            let note = stored.notification
            try c.encode(note.id, forKey: .id)
            try c.encode(note.type, forKey: .type)
            try c.encode(note.title, forKey: .title)
            try c.encode(note.body, forKey: .body)
            try c.encode(note.link, forKey: .link)
            try c.encode(note.createdAt, forKey: .createdAt)
            try c.encode(note.issueID, forKey: .issueID)
            try c.encode(note.inspectionID, forKey: .inspectionID)
            try c.encode(stored.readAt != nil, forKey: .read)
            try c.encode(stored.readAt.map(JQCDate.iso), forKey: .readAt)
            try c.encode(JQCDate.iso(stored.fetchedAt), forKey: .fetchedAt)
        }
    }

    let unread: Bool
    let limit: Int

    init(_ invocation: Invocation) throws {
        unread = invocation.flag("unread")
        limit = try invocation.required(integer: "limit")
    }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let zone = try ServerZone(profile: profile)
        let entries = try store.notifications(limit: limit, unreadOnly: unread)
        if context.output.format == .json {
            try context.output.emitJSON(entries.map(InboxEntry.init))
            return
        }
        guard !entries.isEmpty else {
            context.output.sayEmpty(
                unread
                    ? "no unread notifications"
                    : "no notifications yet; `fieldops jqc sync` or `fieldops jqc notifications poll` fetches them")
            return
        }
        var table = Table(columns: [.init(""), .init("ID"), .timestamp("CREATED"), .init("TYPE"), .init("TITLE")])
        for entry in entries {
            let note = entry.notification
            table.append([
                entry.readAt == nil ? "●" : "", String(note.id), note.createdAt.map(zone.machineText) ?? "", note.type ?? "",
                note.title ?? "",
            ])
        }
        context.output.emit(table)
        let waiting = try store.unreadNotificationCount()
        if waiting > 0 { context.output.note("\(waiting) unread; mark them with `fieldops jqc notifications read ID…` or `--all`") }
    }
}

// MARK: read

/// `fieldops jqc notifications read ID… | --all`: marks inbox entries read, locally.
struct NotificationsReadCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "read", abstract: "Mark notifications read in the local inbox.",
        discussion:
            "Local only: the server already counts them read from the moment they were fetched. An unknown id is refused (exit 2) and nothing changes.",
        examples: ["fieldops jqc notifications read 12 13", "fieldops jqc notifications read --all"],
        options: [.flag("all", help: "Mark every unread notification read.")],
        arguments: [
            ArgumentSpec(
                "ID", help: "Notification ids (see `fieldops jqc notifications list`).", value: .dynamic(JQCCompletion.notification),
                optional: true, variadic: true)
        ])

    /// The ids named; empty with `--all`.
    let ids: [Int]
    let all: Bool

    init(_ invocation: Invocation) throws {
        let texts = invocation.all("ID")
        all = invocation.flag("all")
        guard all != !texts.isEmpty else {
            throw FieldOpsError.usage(
                all ? "give either IDs or --all, not both" : "name the notifications to mark read, or pass --all",
                hint: "see the ids: fieldops jqc notifications list")
        }
        ids = try invocation.integers(argument: "ID", IntegerRule(lower: 1))
    }

    func run(_ context: CommandContext) async throws {
        let (_, store) = try JQCCommands.localStore(context)
        let marked = all ? try store.markAllNotificationsRead() : try store.markNotificationsRead(ids: ids)
        if context.output.format == .json {
            try context.output.emitJSON(["marked_read": marked])
            return
        }
        context.output.stdout.line("marked \(SyncCommand.count(marked.count, "notification")) read")
    }
}
