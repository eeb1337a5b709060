import FieldOpsCore

/// The document commands of `il`. Folders are path-scoped: a document is created in a folder
/// through that folder's own route, and moved with `PATCH {folderId}`.
extension ILCommandTree {
    static func documentCommands(_ runtime: @escaping RuntimeFactory) -> [CommandSpec] {
        [
            CommandSpec(
                "docs", abstract: "Show the documents (and subfolders) at the root or in a folder.",
                examples: ["fieldops il docs", "fieldops il docs --folder df1"],
                options: [
                    OptionSpec(
                        "folder", value: .dynamic(documentFolderSource), valueName: "ID",
                        help: "A document folder (default: the root).")
                ] + cacheOptions,
                subcommands: [docsSyncCommand(runtime)],
                action: { context in try await DocsCommand(context.invocation).run(runtime(context)) }),
            CommandSpec(
                "doc", abstract: "Create, edit, move, delete, search or show documents.",
                examples: ["fieldops il doc show d001", "fieldops il doc move d003 --folder root"],
                subcommands: [
                    CommandSpec(
                        "create", abstract: "Create a markdown document at the root or in a folder.",
                        examples: [
                            "fieldops il doc create --title 'Site 4' --folder df1 --file site4.md",
                            "fieldops il doc create --title Todo --content '- [ ] ladder'",
                        ],
                        options: [
                            OptionSpec("title", valueName: "TITLE", help: "The document's title."),
                            OptionSpec(
                                "folder", value: .dynamic(documentFolderSource), valueName: "ID", help: "The folder to create it in."),
                            OptionSpec("file", value: .file, valueName: "PATH", help: "Read the content from a file (- for stdin)."),
                            OptionSpec("content", valueName: "TEXT", help: "The content, inline."),
                        ],
                        action: { context in
                            let built = try await runtime(context)
                            try await DocCreateCommand(context.invocation, stdin: built.stdin).run(built)
                        }),
                    CommandSpec(
                        "move", abstract: "Move a document to a folder, or to the root.",
                        examples: ["fieldops il doc move d003 --folder df2", "fieldops il doc move d003 --folder root"],
                        options: [
                            OptionSpec(
                                "folder", value: .dynamic(documentFolderSource), valueName: "ID|root",
                                help: "The target folder, or root.")
                        ],
                        arguments: [ArgumentSpec("ID", help: "The document id.", value: .dynamic(documentSource))],
                        action: { context in
                            let command = try DocMoveCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "show", abstract: "Show a document's markdown.",
                        examples: ["fieldops il doc show d001", "fieldops il doc show d001 --raw > readme.md"],
                        options: [.flag("raw", help: "Only the markdown, exactly as stored.")],
                        arguments: [ArgumentSpec("ID", help: "The document id.", value: .dynamic(documentSource))],
                        action: { context in
                            let command = try DocShowCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "edit", abstract: "Replace a document's markdown: $VISUAL/$EDITOR, --file PATH, or --file - (stdin).",
                        discussion:
                            "Refuses to overwrite when the server copy changed since it was read (contentHash), and leaves a merge of both to review.",
                        examples: ["fieldops il doc edit d001", "fieldops il doc edit d001 --file readme.md"],
                        options: [
                            OptionSpec(
                                "file", value: .file, valueName: "PATH", help: "The new markdown (- for stdin) instead of an editor.")
                        ],
                        arguments: [ArgumentSpec("ID", help: "The document id.", value: .dynamic(documentSource))],
                        action: { context in
                            let command = try DocEditCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "delete", abstract: "Delete a document (asks first).",
                        examples: ["fieldops --yes il doc delete d002"],
                        arguments: [ArgumentSpec("ID", help: "The document id.", value: .dynamic(documentSource))],
                        action: { context in
                            let command = try DocDeleteCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "search", abstract: "Find documents by title or content.",
                        examples: ["fieldops il doc search spec"],
                        arguments: [ArgumentSpec("QUERY", help: "Text to look for (case-insensitive).")],
                        action: { context in
                            let command = try DocSearchCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                ]),
        ]
    }

    static func docsSyncCommand(_ runtime: @escaping RuntimeFactory) -> CommandSpec {
        CommandSpec(
            "sync", abstract: "Keep a directory of markdown files in two-way sync with the documents.",
            discussion: """
                Folders are directories and documents are .md files named from their titles. Both sides' \
                changes are carried across: edits, new files, deletions, renames and moves. When both sides \
                changed a file, a three-way merge keeps both edits; changes to the same lines are kept \
                between conflict markers (--conflict merge) or as a second file (--conflict keep-both), and \
                the command exits 5. An edit always wins over a deletion. Every server write is read back \
                before it counts, and a run stopped at any point (Ctrl-C, kill -9, a lost network) loses \
                nothing: the next run converges. The sync refuses to run when one side is suddenly empty or \
                when it would delete more than --max-delete of the files (--yes overrides both).
                """,
            examples: [
                "fieldops il docs sync ~/notes", "fieldops il docs sync ~/site-docs --folder df1 --dry-run",
                "fieldops il docs sync ~/notes --watch", "fieldops il docs sync ~/notes --conflict keep-both --json",
            ],
            options: [
                OptionSpec(
                    "folder", value: .dynamic(documentFolderSource), valueName: "ID|root",
                    help: "The document folder the directory mirrors (default: root, every document)."),
                .flag("dry-run", help: "Print what would happen on each side and change nothing."),
                .flag("watch", help: "Keep syncing: on every local change, and every --interval on the server, until Ctrl-C."),
                OptionSpec(
                    "interval", value: .duration, valueName: "DURATION",
                    help: "With --watch: how often to poll the server (default 60s, at least 30s)."),
                OptionSpec(
                    "max-delete", valueName: "PERCENT",
                    help: "Refuse when a run would delete more than this share of the synced files on either side (default 50)."),
                OptionSpec(
                    "conflict", value: .choice(["merge", "keep-both"]), valueName: "STYLE",
                    help:
                        "Overlapping edits: merge (conflict markers in the file, the default) or keep-both (the server's copy plus NAME.conflict-TIME.md)."
                ),
            ],
            arguments: [ArgumentSpec("DIR", help: "The directory (created if missing).", value: .directory)],
            action: { context in
                let command = try DocsSyncCommand(context.invocation)
                try await command.run(runtime(context))
            })
    }
}
