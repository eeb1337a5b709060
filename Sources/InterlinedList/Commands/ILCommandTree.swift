import FieldOpsCore

/// The `il` command tree: the groups, in the order help, man pages and completion show them.
///
/// Each command is a `FieldOpsCommand` whose definition sits beside its `run`
/// (`Commands/*Command(s).swift`); a group here only names itself and lists its commands'
/// `spec`. A command runs with the core's `CommandContext` (output, prompter, stdin, environment)
/// and builds the profile's `ILServices` from it.
public enum ILCommandTree {
    public static let listSource = CompletionSource("il-list")
    public static let documentSource = CompletionSource("il-doc")
    public static let documentFolderSource = CompletionSource("il-doc-folder")
    /// The rows of the list named before on the line (`il row edit LIST <Tab>`).
    public static let rowSource = CompletionSource("il-row")

    public static let group = CommandSpec(
        "interlinedlist", aliases: ["il"],
        abstract: "InterlinedList: feed, posts, nested lists and folders, documents, people.",
        discussion: """
            Log in with `fieldops -p PROFILE auth login` (email and password: both the sync token and the \
            session cookie are stored; organizations accept only the cookie) or `auth login --with-token`.

            Every read asks the server and keeps its answer in an offline mirror per profile and user \
            (mirror.sqlite, an SQLite file in the cache directory of the profile and user); `il sync` \
            and `auth login` fill it with lists, folders, rows, schemas, documents and the feed. When the \
            server cannot be reached, reads answer from the mirror at once, without retrying, with "showing \
            the local copy from TIME (AGE old): cannot reach HOST (WHY)" on stderr (exit 0); writes exit 4 \
            and change nothing. --no-cache never uses the mirror.
            """,
        examples: [
            "fieldops il feed --limit 10",
            "fieldops il lists --tree",
            "echo 'Crew B done at site 4 #ops' | fieldops il post -",
        ],
        subcommands: [
            WhoamiCommand.spec, SyncCommand.spec, FeedCommand.spec, PostCommand.spec,
            ListsCommand.spec, list, row,
            FoldersCommand.spec, folders(ListFolders.self), folders(DocumentFolders.self),
            DocsCommand.spec, document,
            FollowCommand.spec, UnfollowCommand.spec, OrgsCommand.spec, NotificationsCommand.spec,
            message, ReplyCommand.spec, DigCommand.spec, UndigCommand.spec, ScheduledCommand.spec,
            FollowersCommand.spec, FollowingCommand.spec, FollowRequestsCommand.spec, user, organization,
        ])

    static let list = CommandSpec(
        "list", abstract: "Show, create, edit, delete, search or export lists; show or change their columns.",
        examples: [
            "fieldops il list show l001", "fieldops il list create 'Hand tools' --column tool:text::required --column qty:number",
        ],
        subcommands: [
            ListShowCommand.spec, ListCreateCommand.spec, ListEditCommand.spec, ListDeleteCommand.spec,
            ListSearchCommand.spec, ListExportCommand.spec, ListSchemaCommand.spec,
        ])

    static let row = CommandSpec(
        "row", abstract: "Add, edit, delete or show the rows of a list.",
        examples: ["fieldops il row add l001 --set item=Tea --set qty=2", "fieldops il row edit l001 r002 --set done=true"],
        subcommands: [RowAddCommand.spec, RowEditCommand.spec, RowDeleteCommand.spec, RowShowCommand.spec])

    /// `il folder` or `il doc-folder`: the same four commands over either kind of folder.
    static func folders<Kind: ILFolderKindProtocol>(_: Kind.Type) -> CommandSpec {
        let kind = Kind.kind
        return CommandSpec(
            kind.group,
            abstract: kind == .list ? "Create, rename, move or delete list folders." : "Create, rename, move or delete document folders.",
            examples: ["fieldops il \(kind.group) create Sites", "fieldops il \(kind.group) move \(kind.exampleID) --parent root"],
            subcommands: [
                FolderCreateCommand<Kind>.spec, FolderRenameCommand<Kind>.spec, FolderMoveCommand<Kind>.spec,
                FolderDeleteCommand<Kind>.spec,
            ])
    }

    /// Folders are path-scoped: a document is created in a folder through that folder's own
    /// route, and moved with `PATCH {folderId}`.
    static let document = CommandSpec(
        "doc", abstract: "Create, edit, move, delete, search or show documents.",
        examples: ["fieldops il doc show d001", "fieldops il doc move d003 --folder root"],
        subcommands: [
            DocCreateCommand.spec, DocMoveCommand.spec, DocShowCommand.spec, DocEditCommand.spec, DocDeleteCommand.spec,
            DocSearchCommand.spec,
        ])

    static let message = CommandSpec(
        "message", abstract: "Show a post with its replies, or delete it.",
        examples: ["fieldops il message show m080", "fieldops --yes il message delete m077"],
        subcommands: [MessageShowCommand.spec, MessageDeleteCommand.spec])

    static let user = CommandSpec(
        "user", abstract: "Show a user's public lists and documents.",
        examples: ["fieldops il user show carol"],
        subcommands: [UserShowCommand.spec])

    static let organization = CommandSpec(
        "org", abstract: "Show, join or leave an organization; list its members (cookie-only routes).",
        examples: ["fieldops il org show lovelace-labs", "fieldops il org members org1"],
        subcommands: [OrgShowCommand.spec, OrgJoinCommand.spec, OrgLeaveCommand.spec, OrgMembersCommand.spec])
}
