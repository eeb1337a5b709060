import FieldOpsCore
import FoundationEssentials

/// `fieldops jqc notifications poll | watch | list | read`, and the `--exec` hook poll and watch share.
enum NotificationCommands {
    static let group = CommandSpec(
        "notifications", abstract: "Fetch notifications (issue assignments, follow-up requests) and keep them in an inbox.",
        discussion:
            "poll and watch use the sync's cursor, kept in the server's time (its newest notification, or its Date header), never this machine's clock: each fetch asks from a minute before it and drops what it already has by id, so a server whose clock is minutes off loses nothing and repeats nothing. What they get is marked read on the server; everything fetched is kept for `notifications list`.",
        examples: [
            "fieldops jqc notifications poll",
            "fieldops jqc notifications watch --interval 30s --exec 'notify-send \"$FIELDOPS_NOTIFICATION_TITLE\" \"$FIELDOPS_NOTIFICATION_BODY\"'",
            "fieldops jqc notifications list --unread",
        ],
        subcommands: [
            NotificationsPollCommand.spec, NotificationsWatchCommand.spec, NotificationsListCommand.spec,
            NotificationsReadCommand.spec,
        ])

    static let execOption = OptionSpec(
        "exec", valueName: "CMD",
        help:
            "Run CMD (with /bin/sh) for each notification; FIELDOPS_NOTIFICATION_ID, _TYPE, _TITLE, _BODY, _LINK, _CREATED_AT, _ISSUE_ID, _INSPECTION_ID and _JSON are set."
    )
}

/// `--exec CMD`: a shell command run once for each notification fetched.
struct NotificationHookOption: Sendable {
    let command: String?

    init(_ invocation: Invocation) { command = invocation.value("exec") }

    /// Runs the hook for each of `notes`; one that exits non-zero is warned about, and the rest still run.
    func run(for notes: [APINotification], context: CommandContext) throws {
        guard let command, !notes.isEmpty else { return }
        let hook = NotificationHook(command: command, baseEnvironment: context.environment)
        for note in notes {
            let status = try hook.run(for: note)
            if status != 0 { context.output.warn("--exec exited \(status) for notification \(note.id)") }
        }
    }
}

// MARK: poll

/// `fieldops jqc notifications poll`: one fetch.
struct NotificationsPollCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "poll", abstract: "Fetch new notifications once, print them and mark them read.",
        discussion:
            "--json prints an array (empty when nothing is new). Exit 4 when the server cannot be reached (the cursor does not move).",
        examples: ["fieldops jqc notifications poll", "fieldops jqc notifications poll --json | jq -r '.[].title'"],
        options: [NotificationCommands.execOption])

    let hook: NotificationHookOption

    init(_ invocation: Invocation) { hook = NotificationHookOption(invocation) }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let poller = NotificationPoller(store: store, client: try JQCClient(context: context, profile: profile))
        let notes: [APINotification]
        do {
            notes = try await poller.fetch()
        } catch NotificationPoller.Failure.unreachable(let reason) {
            throw FieldOpsError(
                "cannot fetch notifications: the server cannot be reached (\(reason))",
                hint: "nothing changed; try again when \(profile.baseURL) is reachable", exitCode: .network)
        } catch NotificationPoller.Failure.refused(let message) {
            throw FieldOpsError("the server refused the notification fetch: \(message)", exitCode: .failure)
        }
        if context.output.format == .json {
            try context.output.emitJSON(notes)
        } else if notes.isEmpty {
            context.output.note("no new notifications")
        } else {
            for note in notes { context.output.stdout.line(NotificationText.line(note, zone: poller.client.serverZone)) }
        }
        try hook.run(for: notes, context: context)
    }
}

// MARK: watch

/// `fieldops jqc notifications watch`: fetches until stopped.
struct NotificationsWatchCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "watch", abstract: "Keep fetching notifications and print each one as it arrives (Ctrl-C stops).",
        discussion:
            "Fetches every --interval (default 60s, as the iPad app) with ±10% jitter. While the server is unreachable it says so once and keeps trying; it carries on when the server is back. --json prints one JSON object per line.",
        examples: [
            "fieldops jqc notifications watch", "fieldops jqc notifications watch --interval 30s --json",
            "fieldops jqc notifications watch --exec 'curl -s -d \"$FIELDOPS_NOTIFICATION_TITLE\" https://chat.example/hook'",
        ],
        options: [
            OptionSpec("interval", value: .duration, valueName: "DURATION", help: "Time between fetches (default 60s, at least 1s)."),
            NotificationCommands.execOption,
        ])

    /// Seconds between fetches.
    let interval: Double
    let hook: NotificationHookOption

    init(_ invocation: Invocation) throws {
        interval = invocation.seconds("interval") ?? 60
        guard interval >= 1 else { throw FieldOpsError.usage("--interval must be at least 1s") }
        hook = NotificationHookOption(invocation)
    }

    func run(_ context: CommandContext) async throws {
        let (profile, store) = try JQCCommands.localStore(context)
        let poller = NotificationPoller(store: store, client: try JQCClient(context: context, profile: profile))
        context.output.note("watching notifications of profile \(profile.name) every \(Int(interval))s; Ctrl-C stops")
        var unreachableSince: Date?
        while !Task.isCancelled {
            do {
                let notes = try await poller.fetch()
                if unreachableSince != nil {
                    context.output.note("the server is reachable again; carrying on")
                    unreachableSince = nil
                }
                for note in notes {
                    if context.output.format == .json {
                        context.output.stdout.line((try? JSONValue(encoding: note).jsonString()) ?? "{}")
                    } else {
                        context.output.stdout.line(NotificationText.line(note, zone: poller.client.serverZone))
                    }
                }
                try hook.run(for: notes, context: context)
            } catch NotificationPoller.Failure.unreachable(let reason) {
                if unreachableSince == nil {
                    context.output.warn("the server cannot be reached (\(reason)); trying again every \(Int(interval))s")
                    unreachableSince = Date()
                }
            } catch NotificationPoller.Failure.refused(let message) {
                context.output.warn("the server refused the notification fetch: \(message); trying again")
            }
            // Jitter keeps many watchers started together from polling in step.
            let pause = interval * Double.random(in: 0.9...1.1)
            try await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
        }
        throw CancellationError()
    }
}
