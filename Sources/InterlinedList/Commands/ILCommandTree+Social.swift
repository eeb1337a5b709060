import FieldOpsCore

/// Threads, digs and scheduled posts; followers, requests and users; organizations.
extension ILCommandTree {
    static func messageCommands(_ runtime: @escaping RuntimeFactory) -> [CommandSpec] {
        let id = ArgumentSpec("ID", help: "The message id.")
        return [
            CommandSpec(
                "message", abstract: "Show a post with its replies, or delete it.",
                examples: ["fieldops il message show m080", "fieldops --yes il message delete m077"],
                subcommands: [
                    CommandSpec(
                        "show", abstract: "Show a post and its replies as a thread (replies need the session cookie).",
                        examples: ["fieldops il message show m080", "fieldops il message show m080 --json"],
                        arguments: [id],
                        action: { context in
                            let command = try MessageShowCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "delete", abstract: "Delete a post for good, with every reply under it (asks first).",
                        examples: ["fieldops --yes il message delete m077"],
                        arguments: [id],
                        action: { context in
                            let command = try MessageDeleteCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                ]),
            CommandSpec(
                "reply", abstract: "Reply to a post (TEXT - reads stdin).",
                examples: ["fieldops il reply m080 'On my way'"],
                arguments: [id, ArgumentSpec("TEXT", help: "The reply, or - for stdin.")],
                action: { context in
                    let built = try await runtime(context)
                    try await ReplyCommand(context.invocation, stdin: built.stdin).run(built)
                }),
            CommandSpec(
                "dig", abstract: "Dig a post (cookie-only route).",
                examples: ["fieldops il dig m079"],
                arguments: [id],
                action: { context in
                    let command = try DigCommand(context.invocation, undo: false)
                    try await command.run(runtime(context))
                }),
            CommandSpec(
                "undig", abstract: "Take back a dig.",
                examples: ["fieldops il undig m080"],
                arguments: [id],
                action: { context in
                    let command = try DigCommand(context.invocation, undo: true)
                    try await command.run(runtime(context))
                }),
            CommandSpec(
                "scheduled", abstract: "Your scheduled posts, soonest first.",
                examples: ["fieldops il scheduled", "fieldops il scheduled --range week"],
                options: [
                    OptionSpec(
                        "range", value: .choice(["today", "week", "month"]), valueName: "RANGE", help: "How far ahead (default month).")
                ],
                action: { context in try await ScheduledCommand(context.invocation).run(runtime(context)) }),
        ]
    }

    static func socialCommands(_ runtime: @escaping RuntimeFactory) -> [CommandSpec] {
        let user = ArgumentSpec("USER", help: "A username or user id (default: you).", optional: true)
        let requester = ArgumentSpec("USER", help: "The username or id of who asked.")
        let org = ArgumentSpec("ID", help: "The organization id (or slug, for show).")
        func orgVerb(_ name: String, _ abstract: String, _ action: OrgCommand.Action, _ example: String) -> CommandSpec {
            CommandSpec(
                name, abstract: abstract, examples: [example], arguments: [org],
                action: { context in
                    let command = try OrgCommand(context.invocation, action: action)
                    try await command.run(runtime(context))
                })
        }
        return [
            CommandSpec(
                "followers", abstract: "Who follows a user (pending requests included).",
                examples: ["fieldops il followers", "fieldops il followers carol"],
                arguments: [user],
                action: { context in try await FollowListCommand(context.invocation, side: "followers").run(runtime(context)) }),
            CommandSpec(
                "following", abstract: "Whom a user follows.",
                examples: ["fieldops il following", "fieldops il following dave"],
                arguments: [user],
                action: { context in try await FollowListCommand(context.invocation, side: "following").run(runtime(context)) }),
            CommandSpec(
                "requests", abstract: "Follow requests to you; approve or reject them.",
                examples: ["fieldops il requests", "fieldops il requests approve bob"],
                subcommands: [
                    CommandSpec(
                        "approve", abstract: "Approve a follow request.", examples: ["fieldops il requests approve bob"],
                        arguments: [requester],
                        action: { context in
                            let command = try FollowRequestsCommand(context.invocation, approve: true)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "reject", abstract: "Reject a follow request.", examples: ["fieldops il requests reject bob"],
                        arguments: [requester],
                        action: { context in
                            let command = try FollowRequestsCommand(context.invocation, approve: false)
                            try await command.run(runtime(context))
                        }),
                ],
                action: { context in
                    let command = try FollowRequestsCommand(context.invocation, approve: nil)
                    try await command.run(runtime(context))
                }),
            CommandSpec(
                "user", abstract: "Show a user's public lists and documents.",
                examples: ["fieldops il user show carol"],
                subcommands: [
                    CommandSpec(
                        "show", abstract: "A user's public lists and documents.", examples: ["fieldops il user show carol"],
                        arguments: [ArgumentSpec("USERNAME", help: "The username.")],
                        action: { context in
                            let command = try UserShowCommand(context.invocation)
                            try await command.run(runtime(context))
                        })
                ]),
            CommandSpec(
                "org", abstract: "Show, join or leave an organization; list its members (cookie-only routes).",
                examples: ["fieldops il org show lovelace-labs", "fieldops il org members org1"],
                subcommands: [
                    orgVerb("show", "An organization's facts and your role.", .show, "fieldops il org show lovelace-labs"),
                    orgVerb("join", "Join a public organization.", .join, "fieldops il org join org3"),
                    orgVerb("leave", "Leave an organization (asks first).", .leave, "fieldops --yes il org leave org3"),
                    orgVerb("members", "The members and their roles (members only).", .members, "fieldops il org members org1"),
                ]),
        ]
    }
}
