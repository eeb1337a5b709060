import FieldOpsCore

/// `il folders`, `il folder …` (list folders) and `il doc-folder …` (document folders).
extension ILCommandTree {
    static func folderCommands(_ runtime: @escaping RuntimeFactory) -> [CommandSpec] {
        [
            CommandSpec(
                "folders", abstract: "Show your list folders.",
                examples: ["fieldops il folders"],
                options: cacheOptions,
                action: { context in try await FoldersCommand(context.invocation).run(runtime(context)) }),
            folderGroup(.list, runtime),
            folderGroup(.document, runtime),
        ]
    }

    static func folderGroup(_ kind: ILFolderKind, _ runtime: @escaping RuntimeFactory) -> CommandSpec {
        let name = kind == .list ? "folder" : "doc-folder"
        let ids = kind == .list ? "lf1" : "df1"
        let source: CompletionSource? = kind == .list ? nil : documentFolderSource
        let idArgument = ArgumentSpec("ID", help: "The folder id.", value: source.map { .dynamic($0) } ?? .string)
        let deleteNote =
            kind == .list
            ? "Its subfolders go with it; the lists in them move to the root and are kept."
            : "Its subfolders and every document in them are deleted with it (on a terminal you type the folder id)."
        return CommandSpec(
            name,
            abstract: kind == .list ? "Create, rename, move or delete list folders." : "Create, rename, move or delete document folders.",
            examples: ["fieldops il \(name) create Sites", "fieldops il \(name) move \(ids) --parent root"],
            subcommands: [
                CommandSpec(
                    "create", abstract: "Create a folder, at the root or under --parent.",
                    examples: ["fieldops il \(name) create Sites", "fieldops il \(name) create 'Site 4' --parent \(ids)"],
                    options: [OptionSpec("parent", valueName: "ID", help: "The parent folder (default: the root).")],
                    arguments: [ArgumentSpec("NAME", help: "The folder's name.")],
                    action: { context in
                        let command = try FolderCreateCommand(context.invocation, kind: kind)
                        try await command.run(runtime(context))
                    }),
                CommandSpec(
                    "rename", abstract: "Rename a folder.",
                    examples: ["fieldops il \(name) rename \(ids) 'Work 2026'"],
                    arguments: [idArgument, ArgumentSpec("NAME", help: "The new name.")],
                    action: { context in
                        let command = try FolderUpdateCommand(context.invocation, kind: kind, rename: true)
                        try await command.run(runtime(context))
                    }),
                CommandSpec(
                    "move", abstract: "Move a folder under another, or to the root.",
                    examples: ["fieldops il \(name) move \(ids) --parent root"],
                    options: [OptionSpec("parent", valueName: "ID|root", help: "The new parent folder, or root.")],
                    arguments: [idArgument],
                    action: { context in
                        let command = try FolderUpdateCommand(context.invocation, kind: kind, rename: false)
                        try await command.run(runtime(context))
                    }),
                CommandSpec(
                    "delete",
                    abstract: kind == .list ? "Delete a folder; its lists move to the root." : "Delete a folder and the documents in it.",
                    discussion: deleteNote,
                    examples: ["fieldops --yes il \(name) delete \(ids)"],
                    arguments: [idArgument],
                    action: { context in
                        let command = try FolderDeleteCommand(context.invocation, kind: kind)
                        try await command.run(runtime(context))
                    }),
            ])
    }
}
