import FieldOpsCore

/// The list commands of `il`: `lists`, `list …` and `list schema`.
extension ILCommandTree {
    static func listCommands(_ runtime: @escaping RuntimeFactory) -> [CommandSpec] {
        let listArgument = ArgumentSpec("ID", help: "The list id.", value: .dynamic(listSource))
        return [
            CommandSpec(
                "lists", abstract: "Show your lists, flat or as a tree with their folders.",
                discussion:
                    "A parent of \"\" or null means the root. A parent cycle or a parent that does not exist is shown at the root with a warning on stderr.",
                examples: ["fieldops il lists", "fieldops il lists --tree", "fieldops il lists --tree --json"],
                options: [.flag("tree", help: "Folders and nested lists as a tree.")] + cacheOptions,
                action: { context in try await ListsCommand(context.invocation).run(runtime(context)) }),
            CommandSpec(
                "list", abstract: "Show, create, edit, delete, search or export lists; show or change their columns.",
                examples: [
                    "fieldops il list show l001", "fieldops il list create 'Hand tools' --column tool:text::required --column qty:number",
                ],
                subcommands: [
                    CommandSpec(
                        "show", abstract: "Show a list: its facts, columns, sublists and rows.",
                        discussion:
                            "--where, --sort and --limit are applied here: the server's row filter is a substring match on text only and it ignores sort.",
                        examples: [
                            "fieldops il list show l001", "fieldops il list show l001 --where done=false --sort qty --desc --limit 5",
                        ],
                        options: [
                            OptionSpec(
                                "where", valueName: "KEY=VALUE", help: "Only rows whose KEY equals VALUE (repeatable; all must match).",
                                repeatable: true),
                            OptionSpec("sort", valueName: "KEY", help: "Sort the rows by a column (numbers by value, dates by time)."),
                            .flag("desc", help: "Sort in descending order."),
                            OptionSpec("limit", value: .integer(0...), valueName: "N", help: "Show at most N rows."),
                        ] + cacheOptions,
                        arguments: [listArgument],
                        action: { context in
                            let command = try ListShowCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "create", abstract: "Create a list, with columns from --schema FILE or --column specs.",
                        discussion: """
                            The schema is the server's JSON object {name, fields:[{key, type, label, required?, options?, validation?}]}, \
                            from a YAML or JSON file, or built from --column KEY:TYPE[=OPT|OPT…][:LABEL][:required]. \
                            Types: text, number, date, datetime, boolean, select, multiselect, textarea, email, url, tel, priority. \
                            It is checked with the server's rules before anything is sent.
                            """,
                        examples: [
                            "fieldops il list create 'Hand tools' --parent l005 --description 'for crew B'",
                            "fieldops il list create Ladders --folder lf1 --column name:text:Name:required --column height:number --column checked:boolean",
                            "fieldops il list create Punch --schema punch.yaml",
                        ],
                        options: [
                            OptionSpec("parent", value: .dynamic(listSource), valueName: "ID", help: "The parent list."),
                            OptionSpec("folder", valueName: "ID", help: "The list folder to file it in."),
                            OptionSpec("description", valueName: "TEXT", help: "A description."),
                            .flag("public", help: "Visible to everyone."),
                            OptionSpec(
                                "schema", value: .file, valueName: "FILE", help: "The columns, as the server's DSL object in YAML or JSON."),
                            OptionSpec(
                                "column", valueName: "KEY:TYPE[:LABEL][:required]",
                                help: "A column (repeatable); select options as TYPE=a|b|c.", repeatable: true),
                        ],
                        arguments: [ArgumentSpec("TITLE", help: "The list's title.")],
                        action: { context in
                            let command = try ListCreateCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "edit", abstract: "Change a list's title, description, visibility, parent or folder.",
                        examples: [
                            "fieldops il list edit l004 --title 'Non fiction' --public",
                            "fieldops il list edit l004 --parent root --folder lf1",
                        ],
                        options: [
                            OptionSpec("title", valueName: "TEXT", help: "The new title."),
                            OptionSpec("description", valueName: "TEXT", help: "The new description (\"\" clears it)."),
                            .flag("public", help: "Make it public."),
                            .flag("private", help: "Make it private."),
                            OptionSpec(
                                "parent", value: .dynamic(listSource), valueName: "ID|root",
                                help: "Move it under another list, or to the root."),
                            OptionSpec("folder", valueName: "ID|root", help: "File it in a folder, or at the root."),
                        ],
                        arguments: [listArgument],
                        action: { context in
                            let command = try ListEditCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "delete", abstract: "Delete a list and its rows for good (its sublists move to the root).",
                        discussion:
                            "The question states how many rows go with it and how many sublists move; on a terminal you type the list id, elsewhere pass --yes.",
                        examples: ["fieldops il list delete l008", "fieldops --yes il list delete l008"],
                        arguments: [listArgument],
                        action: { context in
                            let command = try ListDeleteCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "search", abstract: "Find your lists by title or description.",
                        examples: ["fieldops il list search groc"],
                        arguments: [ArgumentSpec("QUERY", help: "Text to look for (case-insensitive).")],
                        action: { context in
                            let command = try ListSearchCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "export", abstract: "Write a list's rows as CSV (RFC 4180), or the server's rows with -o json|ndjson.",
                        discussion: """
                            The CSV has a header row: id, the column keys in display order, then any keys the schema does not name;                             every row has every column, each cell written the way il row add --set and --from read it. --fields picks and orders the columns.
                            """,
                        examples: [
                            "fieldops il list export l001 > groceries.csv", "fieldops il list export l001 -o csv --fields item,qty",
                            "fieldops il list export l001 -o json",
                        ],
                        arguments: [listArgument],
                        action: { context in
                            let command = try ListExportCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "schema", abstract: "Show a list's columns, or change them with --set FILE.",
                        discussion: """
                            --set shows the change as a diff of columns and names the rows that hold data in removed columns; \
                            removing such columns needs --force. It uses the route that leaves the list's title and description alone.
                            """,
                        examples: [
                            "fieldops il list schema l001", "fieldops il list schema l001 --json",
                            "fieldops il list schema l001 --set groceries.yaml",
                        ],
                        options: [
                            OptionSpec("set", value: .file, valueName: "FILE", help: "The new schema (YAML or JSON DSL object)."),
                            .flag("force", help: "Remove columns even when rows hold data in them."),
                        ],
                        arguments: [listArgument],
                        action: { context in
                            let command = try ListSchemaCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                ]),
        ]
    }
}
