import FieldOpsCore

/// A command tree shaped like the real `fieldops` one (DESIGN.md §6), small enough to read in a test.
enum SampleCommandTree {
    /// Leaves need an action to be runnable; what it does is irrelevant to parsing.
    static let leaf: CommandAction = { _ in }

    static let globals: [OptionSpec] = [
        OptionSpec(
            "profile", short: "p", value: .dynamic(.profile), valueName: "NAME",
            help: "Profile to use (default: FIELDOPS_PROFILE, then default_profile)."),
        OptionSpec("config", value: .file, valueName: "PATH", help: "Configuration file to read instead of the default."),
        .flag("json", help: "Print JSON on stdout (same as --output json)."),
        OptionSpec("output", short: "o", value: .choice(["table", "json", "plain"]), valueName: "FORMAT", help: "Output format."),
        .flag("no-color", help: "Do not colour the output."),
        .flag("quiet", short: "q", help: "Print only what was asked for."),
        .flag("verbose", short: "v", help: "Print HTTP requests and timings to stderr."),
        .flag("yes", short: "y", help: "Answer yes to confirmations (needed off a terminal)."),
        OptionSpec("timeout", value: .duration, valueName: "DURATION", help: "Give up on a request after this long (30s, 2m)."),
        .flag("help", short: "h", help: "Show help for the command."),
        .flag("version", help: "Print the version and exit."),
        .flag("trace-curl", help: "Dump libcurl's own trace.", hidden: true),
    ]

    static let profile = CommandSpec(
        "profile", abstract: "List, add and choose profiles.",
        subcommands: [
            CommandSpec("list", aliases: ["ls"], abstract: "List the configured profiles.", action: leaf),
            CommandSpec(
                "show", abstract: "Show one profile.",
                arguments: [
                    ArgumentSpec("NAME", help: "The profile (default: the current one).", value: .dynamic(.profile), optional: true)
                ],
                action: leaf),
            CommandSpec(
                "add", abstract: "Add a profile.",
                options: [
                    OptionSpec(
                        "backend", value: .choice(["jqc", "mcms", "interlinedlist", "il"]), valueName: "BACKEND",
                        help: "The service behind the profile.", required: true),
                    OptionSpec("base-url", valueName: "URL", help: "The service's base URL.", required: true),
                    OptionSpec("username", valueName: "USER", help: "The login name."),
                ],
                arguments: [ArgumentSpec("NAME", help: "The new profile's name.")],
                action: leaf),
            CommandSpec(
                "use", abstract: "Make a profile the default.",
                arguments: [ArgumentSpec("NAME", help: "The profile.", value: .dynamic(.profile))], action: leaf),
        ])

    static let auth = CommandSpec(
        "auth", abstract: "Log in and out.",
        subcommands: [
            CommandSpec(
                "login", abstract: "Log in to the profile's service.",
                options: [
                    OptionSpec("username", valueName: "USER", help: "The login name."),
                    .flag("password-stdin", help: "Read the password from stdin."),
                ],
                action: leaf),
            CommandSpec("logout", abstract: "Forget the stored credential.", action: leaf),
            CommandSpec("status", abstract: "Show who is logged in.", action: leaf),
        ])

    static let inspect = CommandSpec(
        "inspect", aliases: ["i"], abstract: "Start, fill and submit inspections.",
        subcommands: [
            CommandSpec(
                "start", abstract: "Start an inspection from a template.",
                discussion: "Creates a local draft; nothing is sent until 'fieldops jqc sync'.",
                examples: ["fieldops jqc inspect start --template 12 --facility 7 --area 3"],
                options: [
                    OptionSpec("template", value: .dynamic("template"), valueName: "ID", help: "The inspection template.", required: true),
                    OptionSpec("facility", value: .dynamic("facility"), valueName: "ID", help: "The facility inspected.", required: true),
                    OptionSpec("area", value: .integer(.any), valueName: "ID", help: "The area within the facility."),
                ],
                action: leaf),
            CommandSpec(
                "attach", abstract: "Attach a photo to a field.",
                options: [OptionSpec("field", valueName: "FIELD_ID", help: "The form field.", required: true)],
                arguments: [
                    ArgumentSpec("LOCAL_ID", help: "The draft.", value: .dynamic("draft")),
                    ArgumentSpec("PHOTO", help: "The photo file.", value: .file),
                ],
                action: leaf),
            CommandSpec(
                "list", abstract: "List local inspections.",
                options: [
                    OptionSpec("status", value: .choice(["draft", "pending", "synced", "failed"]), help: "Only those in this state.")
                ],
                action: leaf),
        ])

    static let jqc = CommandSpec(
        "jqc", abstract: "JanitorialQC: facility inspections.",
        subcommands: [
            CommandSpec(
                "sync", abstract: "Upload queued work and refresh reference data.", examples: ["fieldops jqc sync --dry-run"],
                options: [.flag("dry-run", short: "n", help: "Show what would be sent without sending it.")], action: leaf),
            CommandSpec("status", abstract: "Show the outbox.", action: leaf),
            CommandSpec(
                "retry", abstract: "Retry failed uploads.",
                options: [.flag("all-failed", help: "Retry every failed item.")],
                arguments: [
                    ArgumentSpec("LOCAL_ID", help: "The items to retry.", value: .dynamic("draft"), optional: true, variadic: true)
                ],
                action: leaf),
            CommandSpec(
                "history", abstract: "Show submitted inspections.",
                options: [
                    OptionSpec("limit", value: .integer(.any), valueName: "N", help: "At most N entries."),
                    OptionSpec("tag", valueName: "TAG", help: "Only entries with this tag.", repeatable: true),
                ],
                action: leaf),
            inspect,
            CommandSpec(
                "export", abstract: "Write inspections to a directory.",
                arguments: [ArgumentSpec("DIR", help: "Where to write.", value: .directory)], action: leaf),
        ])

    static let mcms = CommandSpec(
        "mcms", abstract: "MCMS: PON ONUs and OLTs.",
        subcommands: [
            CommandSpec(
                "onu", abstract: "Optical network units.",
                subcommands: [
                    CommandSpec(
                        "list", abstract: "List ONUs.",
                        options: [
                            OptionSpec("olt", value: .dynamic("olt"), valueName: "MAC", help: "Only ONUs behind this OLT."),
                            OptionSpec(
                                "state",
                                value: .choice(["registered", "unprovisioned", "deregistered", "disabled", "dying-gasp", "unknown"]),
                                help: "Only ONUs in this state."),
                        ],
                        action: leaf),
                    CommandSpec(
                        "show", abstract: "Show one ONU.", arguments: [ArgumentSpec("ID", help: "The ONU.", value: .dynamic("onu"))],
                        action: leaf),
                    CommandSpec(
                        "watch", abstract: "Poll an ONU's state.",
                        options: [OptionSpec("interval", value: .duration, valueName: "DURATION", help: "Time between polls.")],
                        arguments: [ArgumentSpec("ID", help: "The ONU.", value: .dynamic("onu"))], action: leaf),
                ])
        ])

    static let root = CommandSpec(
        "fieldops", abstract: "Field operations for facility inspectors, PON technicians and shared lists.",
        discussion: "One program for the JanitorialQC, MCMS and InterlinedList services. Every listing command takes --json.",
        examples: ["fieldops -p site-a jqc sync", "fieldops mcms onu list --state dying-gasp --json"],
        options: globals,
        subcommands: [
            profile, auth, jqc, mcms,
            CommandSpec(
                "completion", abstract: "Print a shell completion script.",
                arguments: [ArgumentSpec("SHELL", help: "The shell.", value: .choice(["bash", "zsh", "fish"]))], action: leaf),
            CommandSpec(
                "__complete", abstract: "Complete a command line.",
                arguments: [ArgumentSpec("WORDS", help: "The words.", optional: true, variadic: true)],
                hidden: true, rawArguments: true, action: leaf),
        ])
}
