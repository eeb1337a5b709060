import FieldOpsCore

/// `il row …`: the rows of a list.
extension ILCommandTree {
    static func rowCommands(_ runtime: @escaping RuntimeFactory) -> [CommandSpec] {
        let list = ArgumentSpec("LIST", help: "The list id.", value: .dynamic(listSource))
        let row = ArgumentSpec("ROW", help: "The row id.")
        let set = OptionSpec("set", valueName: "KEY=VALUE", help: "A cell, typed by its column (repeatable).", repeatable: true)
        return [
            CommandSpec(
                "row", abstract: "Add, edit, delete or show the rows of a list.",
                examples: ["fieldops il row add l001 --set item=Tea --set qty=2", "fieldops il row edit l001 r002 --set done=true"],
                subcommands: [
                    CommandSpec(
                        "add", abstract: "Add a row (--set), or many from a CSV or JSON-lines file (--from).",
                        discussion: """
                            Values are typed by the column: numbers as numbers, booleans as true/false, multiselect as a,b. \
                            With --from every row is checked first and nothing is sent while any is invalid (errors as FILE:LINE: column: message); \
                            then the rows go up in requests of at most 1,000 and their new ids are printed.
                            """,
                        examples: ["fieldops il row add l001 --set item=Tea --set qty=2", "fieldops il row add l001 --from groceries.csv"],
                        options: [
                            set,
                            OptionSpec(
                                "from", value: .file, valueName: "FILE", help: "A CSV file with a header row, or JSON lines (- for stdin)."),
                        ],
                        arguments: [list],
                        action: { context in
                            let command = try RowAddCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "edit", abstract: "Change cells of a row, keeping the others (read, merge, write).",
                        examples: ["fieldops il row edit l001 r002 --set done=true", "fieldops il row edit l001 r002 --unset qty"],
                        options: [set, OptionSpec("unset", valueName: "KEY", help: "Remove a cell (repeatable).", repeatable: true)],
                        arguments: [list, row],
                        action: { context in
                            let command = try RowEditCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "delete", abstract: "Delete rows (asks first; --yes off a terminal).",
                        examples: ["fieldops --yes il row delete l001 r002 r003"],
                        arguments: [list, ArgumentSpec("ROW", help: "Row ids.", variadic: true)],
                        action: { context in
                            let command = try RowDeleteCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                    CommandSpec(
                        "show", abstract: "Show one row, a line per column.",
                        examples: ["fieldops il row show l001 r002"],
                        arguments: [list, row],
                        action: { context in
                            let command = try RowShowCommand(context.invocation)
                            try await command.run(runtime(context))
                        }),
                ])
        ]
    }
}
