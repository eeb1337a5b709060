import FieldOpsCore

/// The `il` command group: one declarative tree for parsing, help and completion.
///
/// Each action builds the command's options from the invocation, then its `ILRuntime` through
/// `runtime` (profile, credentials, session, cache, streams), and runs it.
public enum ILCommandTree {
    public typealias RuntimeFactory = @Sendable (CommandContext) async throws -> ILRuntime

    static let cacheOptions: [OptionSpec] = [
        .flag("refresh", help: "Ask the server even if the cached copy is fresh (the cache is still shown when offline)."),
        .flag("no-cache", help: "Ask the server and never show cached data: offline is exit 4."),
    ]

    public static let listSource = CompletionSource("il-list")
    public static let folderSource = CompletionSource("il-folder")
    public static let documentSource = CompletionSource("il-doc")
    public static let documentFolderSource = CompletionSource("il-doc-folder")

    public static func group(runtime: @escaping RuntimeFactory) -> CommandSpec {
        CommandSpec(
            "interlinedlist", aliases: ["il"],
            abstract: "InterlinedList: feed, posts, nested lists and folders, documents, people.",
            discussion: """
                Reads (feed, lists, folders, documents) are cached per profile and user under \
                $XDG_CACHE_HOME/fieldops/<profile>/interlinedlist/. A copy younger than a minute is shown \
                without asking the server; an older one is refreshed, and shown with "offline — cached N \
                minutes ago" on stderr when the server cannot be reached (exit 0). --no-cache forces a \
                live answer and exits 4 when offline.
                """,
            examples: ["fieldops il feed --limit 10", "fieldops il lists --tree", "echo 'hello #swift' | fieldops il post -"],
            subcommands: [
                CommandSpec("whoami", abstract: "Show the signed-in user.", action: { context in
                    try await WhoamiCommand().run(runtime(context))
                }),
                CommandSpec(
                    "feed", abstract: "Show the feed, newest first, as cards (--json: the server's JSON).",
                    options: [
                        OptionSpec("limit", value: .integer, valueName: "N", help: "Messages per page (default 20)."),
                        OptionSpec("offset", value: .integer, valueName: "N", help: "Skip the first N messages."),
                        .flag("mine", help: "Only your own messages."),
                        OptionSpec("tag", valueName: "TAG", help: "Only messages with this tag."),
                        .flag("all", help: "Follow the pages to the end."),
                    ] + cacheOptions,
                    action: { context in
                        let command = try FeedCommand(context.invocation)
                        try await command.run(runtime(context))
                    }),
                CommandSpec(
                    "post", abstract: "Post a message (TEXT - reads it from stdin).",
                    examples: ["fieldops il post 'Crew B done at site 4' --tag ops", "fieldops il post - --private < note.txt"],
                    options: [
                        OptionSpec("tag", valueName: "TAG", help: "Add a tag (repeatable).", repeatable: true),
                        .flag("private", help: "Visible only to you and your followers."),
                    ],
                    arguments: [ArgumentSpec("TEXT", help: "The message, or - for stdin.")],
                    action: { context in
                        let built = try await runtime(context)
                        try await PostCommand(context.invocation, stdin: built.stdin).run(built)
                    }),
                CommandSpec(
                    "lists", abstract: "Show your lists, flat or as a tree with their folders.",
                    options: [.flag("tree", help: "Folders and nested lists as a tree.")] + cacheOptions,
                    action: { context in try await ListsCommand(context.invocation).run(runtime(context)) }),
                CommandSpec(
                    "list", abstract: "Show or create a list.",
                    subcommands: [
                        CommandSpec(
                            "show", abstract: "Show a list's properties and rows.", options: cacheOptions,
                            arguments: [ArgumentSpec("ID", help: "The list id.", value: .dynamic(listSource))],
                            action: { context in
                                let command = try ListShowCommand(context.invocation)
                                try await command.run(runtime(context))
                            }),
                        CommandSpec(
                            "create", abstract: "Create a list, optionally under a parent list.",
                            options: [
                                OptionSpec("parent", value: .dynamic(listSource), valueName: "ID", help: "The parent list."),
                                OptionSpec("description", valueName: "TEXT", help: "A description."),
                            ],
                            arguments: [ArgumentSpec("TITLE", help: "The list's title.")],
                            action: { context in
                                let command = try ListCreateCommand(context.invocation)
                                try await command.run(runtime(context))
                            }),
                    ]),
                CommandSpec("folders", abstract: "Show your list folders.", options: cacheOptions, action: { context in
                    try await FoldersCommand(context.invocation).run(runtime(context))
                }),
                CommandSpec(
                    "docs", abstract: "Show the documents at the root or in a folder.",
                    options: [OptionSpec("folder", value: .dynamic(documentFolderSource), valueName: "ID", help: "A document folder (default: the root).")] + cacheOptions,
                    action: { context in try await DocsCommand(context.invocation).run(runtime(context)) }),
                CommandSpec(
                    "doc", abstract: "Create, move or show a document.",
                    subcommands: [
                        CommandSpec(
                            "create", abstract: "Create a markdown document at the root or in a folder.",
                            examples: ["fieldops il doc create --title 'Site 4' --folder df1 --file site4.md"],
                            options: [
                                OptionSpec("title", valueName: "TITLE", help: "The document's title."),
                                OptionSpec("folder", value: .dynamic(documentFolderSource), valueName: "ID", help: "The folder to create it in."),
                                OptionSpec("file", value: .file, valueName: "PATH", help: "Read the content from a file (- for stdin)."),
                                OptionSpec("content", valueName: "TEXT", help: "The content, inline."),
                            ],
                            action: { context in
                                let built = try await runtime(context)
                                try await DocCreateCommand(context.invocation, stdin: built.stdin).run(built)
                            }),
                        CommandSpec(
                            "move", abstract: "Move a document to a folder, or to the root.",
                            options: [OptionSpec("folder", value: .dynamic(documentFolderSource), valueName: "ID|root", help: "The target folder, or root.")],
                            arguments: [ArgumentSpec("ID", help: "The document id.", value: .dynamic(documentSource))],
                            action: { context in
                                let command = try DocMoveCommand(context.invocation)
                                try await command.run(runtime(context))
                            }),
                        CommandSpec(
                            "show", abstract: "Show a document's markdown.",
                            arguments: [ArgumentSpec("ID", help: "The document id.", value: .dynamic(documentSource))],
                            action: { context in
                                let command = try DocShowCommand(context.invocation)
                                try await command.run(runtime(context))
                            }),
                    ]),
                CommandSpec("follow", abstract: "Follow a user (a private account gets a request).",
                            arguments: [ArgumentSpec("USER_ID", help: "The user's id.")],
                            action: { context in
                                let command = try FollowCommand(context.invocation, follow: true)
                                try await command.run(runtime(context))
                            }),
                CommandSpec("unfollow", abstract: "Stop following a user.",
                            arguments: [ArgumentSpec("USER_ID", help: "The user's id.")],
                            action: { context in
                                let command = try FollowCommand(context.invocation, follow: false)
                                try await command.run(runtime(context))
                            }),
                CommandSpec("orgs", abstract: "Show your organizations (needs the session cookie from a password login).",
                            action: { context in try await OrgsCommand().run(runtime(context)) }),
                CommandSpec(
                    "notifications", abstract: "Show unread notifications; mark them read.",
                    options: [
                        OptionSpec("read", valueName: "ID", help: "Mark a notification read (repeatable).", repeatable: true),
                        .flag("read-all", help: "Mark every notification read."),
                    ],
                    action: { context in try await NotificationsCommand(context.invocation).run(runtime(context)) }),
            ])
    }
}
