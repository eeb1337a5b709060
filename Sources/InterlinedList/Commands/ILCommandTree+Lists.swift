import FieldOpsCore

/// The list and list-folder commands of `il`.
extension ILCommandTree {
    static func listCommands(_ runtime: @escaping RuntimeFactory) -> [CommandSpec] {
        [
            CommandSpec(
                "lists", abstract: "Show your lists, flat or as a tree with their folders.",
                discussion: "A parent of \"\" or null means the root. A parent cycle or a parent that does not exist is shown at the root with a warning on stderr.",
                examples: ["fieldops il lists", "fieldops il lists --tree", "fieldops il lists --tree --json"],
                options: [.flag("tree", help: "Folders and nested lists as a tree.")] + cacheOptions,
                action: { context in try await ListsCommand(context.invocation).run(runtime(context)) }),
            CommandSpec(
                "list", abstract: "Show or create a list.",
                examples: ["fieldops il list show l001", "fieldops il list create 'Hand tools' --parent l005"],
                subcommands: [
                    CommandSpec(
                        "show", abstract: "Show a list's properties and rows.",
                        examples: ["fieldops il list show l001", "fieldops il list show l001 --json"],
                        options: cacheOptions,
                        arguments: [ArgumentSpec("ID", help: "The list id.", value: .dynamic(listSource))],
                        action: { context in
                            let command = try ListShowCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "create", abstract: "Create a list, optionally under a parent list.",
                        examples: ["fieldops il list create 'Hand tools' --parent l005 --description 'for crew B'"],
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
            CommandSpec(
                "folders", abstract: "Show your list folders.",
                examples: ["fieldops il folders"],
                options: cacheOptions,
                action: { context in try await FoldersCommand(context.invocation).run(runtime(context)) }),
        ]
    }
}
