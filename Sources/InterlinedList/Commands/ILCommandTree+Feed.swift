import FieldOpsCore

/// The feed, posting, and the people commands of `il`.
extension ILCommandTree {
    static func feedCommands(_ runtime: @escaping RuntimeFactory) -> [CommandSpec] {
        [
            CommandSpec(
                "feed", abstract: "Show the feed, newest first, as cards (--json: the server's JSON).",
                examples: [
                    "fieldops il feed", "fieldops il feed --mine --tag ops", "fieldops il feed --all --json | jq '.messages | length'",
                ],
                options: [
                    OptionSpec("limit", value: .integer(1..., default: FeedQuery.defaultLimit), valueName: "N", help: "Messages per page."),
                    OptionSpec("offset", value: .integer(0..., default: 0), valueName: "N", help: "Skip the first N messages."),
                    .flag("mine", help: "Only your own messages."),
                    OptionSpec("tag", valueName: "TAG", help: "Only messages with this tag."),
                    OptionSpec("search", valueName: "TEXT", help: "Only messages whose text contains TEXT (the server's search)."),
                    .flag("all", help: "Follow the pages to the end."),
                ] + cacheOptions,
                action: { context in
                    let command = try FeedCommand(context.invocation)
                    try await command.run(runtime(context))
                }),
            CommandSpec(
                "post", abstract: "Post a message (TEXT - reads it from stdin).",
                discussion: "The length is checked against your profile's maxMessageLength before anything is sent.",
                examples: [
                    "fieldops il post 'Crew B done at site 4' --tag ops", "fieldops il post - --private < note.txt",
                    "fieldops il post 'Site 5 opens' --at '2026-12-24 09:00'",
                ],
                options: [
                    OptionSpec("tag", valueName: "TAG", help: "Add a tag (repeatable).", repeatable: true),
                    .flag("private", help: "Visible only to you and your followers."),
                    OptionSpec("at", valueName: "TIME", help: "Schedule it: ISO 8601, 'YYYY-MM-DD HH:MM' (UTC), or +30m/+2h/+1d."),
                ],
                arguments: [ArgumentSpec("TEXT", help: "The message, or - for stdin.")],
                action: { context in
                    let built = try await runtime(context)
                    try await PostCommand(context.invocation, stdin: built.stdin).run(built)
                }),
        ]
    }

    static func syncCommand(_ runtime: @escaping RuntimeFactory) -> CommandSpec {
        CommandSpec(
            "sync", abstract: "Fill the offline mirror: lists, folders, rows, schemas, documents and the feed.",
            discussion: "auth login runs it too. Offline, every read answers from the mirror with its age on stderr.",
            examples: ["fieldops il sync"],
            action: { context in try await SyncCommand().run(runtime(context)) })
    }

    static func whoamiCommand(_ runtime: @escaping RuntimeFactory) -> CommandSpec {
        CommandSpec(
            "whoami", abstract: "Show the signed-in user (the stored identity when offline).",
            examples: ["fieldops il whoami", "fieldops il whoami --json"],
            action: { context in try await WhoamiCommand().run(runtime(context)) })
    }

    static func peopleCommands(_ runtime: @escaping RuntimeFactory) -> [CommandSpec] {
        [
            CommandSpec(
                "follow", abstract: "Follow a user by username or id (a private account gets a request).",
                discussion:
                    "The follow routes take ids only; a username is resolved through the user's public lists, public posts, or the user search of one of your lists.",
                examples: ["fieldops il follow carol", "fieldops il follow u_carol"],
                arguments: [ArgumentSpec("USER", help: "A username (or @username) or a user id.")],
                action: { context in
                    let command = try FollowCommand(context.invocation, follow: true)
                    try await command.run(runtime(context))
                }),
            CommandSpec(
                "unfollow", abstract: "Stop following a user, or cancel a pending request.",
                examples: ["fieldops il unfollow carol"],
                arguments: [ArgumentSpec("USER", help: "A username (or @username) or a user id.")],
                action: { context in
                    let command = try FollowCommand(context.invocation, follow: false)
                    try await command.run(runtime(context))
                }),
            CommandSpec(
                "orgs", abstract: "Show your organizations and your role in each.",
                discussion:
                    "Organizations accept only the session cookie: a profile signed in with --with-token must log in with a password first.",
                examples: ["fieldops il orgs"],
                action: { context in try await OrgsCommand().run(runtime(context)) }),
            CommandSpec(
                "notifications", abstract: "Show unread notifications; mark them read; delete them.",
                examples: ["fieldops il notifications", "fieldops il notifications --read n002", "fieldops il notifications --read-all"],
                options: [
                    OptionSpec("read", valueName: "ID", help: "Mark a notification read (repeatable).", repeatable: true),
                    .flag("read-all", help: "Mark every notification read."),
                ],
                subcommands: [
                    CommandSpec(
                        "delete", abstract: "Delete notifications.",
                        examples: ["fieldops il notifications delete n002 n003"],
                        arguments: [ArgumentSpec("ID", help: "Notification ids.", variadic: true)],
                        action: { context in
                            let command = try NotificationsDeleteCommand(context.invocation)
                            try await command.run(runtime(context))
                        })
                ],
                action: { context in try await NotificationsCommand(context.invocation).run(runtime(context)) }),
        ]
    }
}
