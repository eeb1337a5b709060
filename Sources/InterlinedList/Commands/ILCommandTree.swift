import FieldOpsCore

/// The `il` command group: one declarative tree for parsing, help, man pages and completion.
///
/// Each action reads the command's options from the invocation, builds its `ILRuntime` through
/// `runtime` (profile, credentials, HTTP session, cache, streams), and runs it.
public enum ILCommandTree {
    public typealias RuntimeFactory = @Sendable (CommandContext) async throws -> ILRuntime

    public static let listSource = CompletionSource("il-list")
    public static let documentSource = CompletionSource("il-doc")
    public static let documentFolderSource = CompletionSource("il-doc-folder")

    /// `--refresh` and `--no-cache`, on every command that reads through the cache.
    static let cacheOptions: [OptionSpec] = [
        .flag("refresh", help: "Ask the server (every read does; kept for scripts). The mirror is still shown when offline."),
        .flag("no-cache", help: "Ask the server and never show the offline mirror: offline is exit 4."),
    ]

    public static func group(runtime: @escaping RuntimeFactory) -> CommandSpec {
        CommandSpec(
            "interlinedlist", aliases: ["il"],
            abstract: "InterlinedList: feed, posts, nested lists and folders, documents, people.",
            discussion: """
                Log in with `fieldops -p PROFILE auth login` (email and password: both the sync token and the \
                session cookie are stored; organizations accept only the cookie) or `auth login --with-token`.

                Every read asks the server and keeps its answer in an offline mirror per profile and user \
                (mirror.sqlite, an SQLite file in the cache directory of the profile and user); `il sync` \
                and `auth login` fill it with lists, folders, rows, schemas, documents and the feed. When the \
                server cannot be reached, reads answer from the mirror with "offline — mirror from N minutes \
                ago" on stderr (exit 0); writes exit 4 and change nothing. --no-cache never uses the mirror.
                """,
            examples: [
                "fieldops il feed --limit 10",
                "fieldops il lists --tree",
                "echo 'Crew B done at site 4 #ops' | fieldops il post -",
            ],
            subcommands: [whoamiCommand(runtime), syncCommand(runtime)] + feedCommands(runtime) + listCommands(runtime)
                + rowCommands(runtime)
                + folderCommands(runtime) + documentCommands(runtime)
                + peopleCommands(runtime) + messageCommands(runtime) + socialCommands(runtime))
    }
}
