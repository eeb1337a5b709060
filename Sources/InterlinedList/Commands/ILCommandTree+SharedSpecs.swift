import FieldOpsCore

/// The options and arguments several `il` commands declare alike, written once so their help
/// and completion cannot drift apart.
extension ILCommandTree {
    /// `--refresh` and `--no-cache`, on every command that reads through the cache.
    static let cacheOptions: [OptionSpec] = [
        .flag("refresh", help: "Ask the server (every read does; kept for scripts). The mirror is still shown when offline."),
        .flag("no-cache", help: "Ask the server and never show the offline mirror: offline is exit 4."),
    ]

    /// The list a `list …` command works on.
    static let listArgument = ArgumentSpec("ID", help: "The list id.", value: .dynamic(listSource))
    /// The list a `row …` command works in.
    static let rowListArgument = ArgumentSpec("LIST", help: "The list id.", value: .dynamic(listSource))
    static let rowArgument = ArgumentSpec("ROW", help: "The row id.", value: .dynamic(rowSource))
    /// `row edit`'s ROW, which `--from FILE` replaces.
    static let optionalRowArgument = ArgumentSpec("ROW", help: "The row id (not with --from).", value: .dynamic(rowSource), optional: true)
    /// `--set KEY=VALUE` of `row add` and `row edit`.
    static let cellOption = OptionSpec("set", valueName: "KEY=VALUE", help: "A cell, typed by its column (repeatable).", repeatable: true)

    static let documentArgument = ArgumentSpec("ID", help: "The document id.", value: .dynamic(documentSource))
    static let messageArgument = ArgumentSpec("ID", help: "The message id.")

    /// Whose followers or follows: anyone, or (left out) you.
    static let personArgument = ArgumentSpec("USER", help: "A username or user id (default: you).", optional: true)
    /// The user `follow` and `unfollow` act on.
    static let followedArgument = ArgumentSpec("USER", help: "A username (or @username) or a user id.")
    /// Whose follow request `requests approve|reject` answers.
    static let requesterArgument = ArgumentSpec("USER", help: "The username or id of who asked.")
    static let organizationArgument = ArgumentSpec("ID", help: "The organization id (or slug, for show).")
}
