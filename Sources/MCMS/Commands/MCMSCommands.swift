import FieldOpsCore

/// The `fieldops mcms …` command tree. Actions live in one file per area.
enum MCMSCommands {
    static let onuSource = CompletionSource("onu")
    static let oltSource = CompletionSource("olt")
    static let oltOrNameSource = CompletionSource("olt-or-name")

    static let onuID = ArgumentSpec("ID", help: "The ONU id (vendor and serial, e.g. ALPHe30cadcf).", value: .dynamic(onuSource))
    static let oltMAC = ArgumentSpec("MAC", help: "The OLT id, its MAC address (e.g. 70:b3:d5:52:31:27).", value: .dynamic(oltSource))
    static let states = RegistrationState.allCases.map(\.word)

    static func group() -> CommandSpec {
        CommandSpec(
            "mcms", abstract: "PON network management: ONUs and OLTs on an MCMS server.",
            discussion: "Log in first with `fieldops -p PROFILE auth login` (session cookie and CSRF token, kept in the keyring). Registration states come from the OLTs' buckets; friendly names from the configuration documents.",
            examples: ["fieldops -p lab-pon mcms dashboard", "fieldops mcms onu list --state dying-gasp"],
            subcommands: [
                CommandSpec("dashboard", abstract: "ONU and OLT counts, registration breakdown, total traffic and health.",
                            examples: ["fieldops mcms dashboard --json"], action: InventoryCommands.dashboard),
                onuGroup(),
                oltGroup(),
            ])
    }

    static func onuGroup() -> CommandSpec {
        CommandSpec("onu", abstract: "ONUs: list, detail, reset and firmware.", examples: ["fieldops mcms onu list"], subcommands: [
            CommandSpec(
                "list", abstract: "Every ONU with its name, OLT, registration, firmware, uptime and RX level.",
                examples: ["fieldops mcms onu list --olt 70:b3:d5:52:31:27", "fieldops mcms onu list --state unknown --json"],
                options: [
                    OptionSpec("olt", value: .dynamic(oltOrNameSource), valueName: "MAC", help: "Only ONUs of this OLT (MAC or name)."),
                    OptionSpec("state", value: .choice(states), help: "Only ONUs in this registration state."),
                ],
                action: InventoryCommands.onuList),
            CommandSpec("show", abstract: "Overview: status, both firmware banks, optical and FEC, UNI ports, traffic, uptime.",
                        examples: ["fieldops mcms onu show ALPHe30cadcf", "fieldops mcms onu show ALPHe30cadcf --json"],
                        arguments: [onuID], action: DetailCommands.onuShow),
            CommandSpec("config", abstract: "The raw configuration document (pretty JSON; --json prints it compact and exact).",
                        examples: ["fieldops mcms onu config ALPHe30cadcf", "fieldops mcms onu config ALPHe30cadcf --json > onu.json"],
                        arguments: [onuID], action: DetailCommands.onuConfig),
            CommandSpec("alarms", abstract: "The ONU's active alarms.", examples: ["fieldops mcms onu alarms ALPHe30cadcf"],
                        arguments: [onuID], action: DetailCommands.onuAlarms),
            CommandSpec("logs", abstract: "The ONU's log, newest first.", examples: ["fieldops mcms onu logs ALPHe30cadcf --limit 20"],
                        options: [OptionSpec("limit", value: .integer, valueName: "N", help: "At most N entries (default 50).")],
                        arguments: [onuID], action: DetailCommands.onuLogs),
            CommandSpec("cpe", abstract: "DHCP leases of the customer equipment behind the ONU.", examples: ["fieldops mcms onu cpe ALPHe30cadcf"],
                        arguments: [onuID], action: DetailCommands.onuCPE),
            CommandSpec("reset", abstract: "Reboot the ONU (asks you to type its id; --yes off a terminal).",
                        examples: ["fieldops mcms onu reset ALPHe30cadcf"],
                        arguments: [onuID], action: ResetCommands.onuReset),
            CommandSpec(
                "firmware", abstract: "Install firmware into the inactive bank and activate it (Procedure 7).",
                discussion: "Reads the active bank from the ONU's state, writes the file and version into the other bank only, and points the bank pointer at it unless --stage-only. Refuses when the active bank is unknown, the file is not on the server, or the ONU's model is not supported.",
                examples: ["fieldops mcms onu firmware ALPHe30cadcf --file ALPH-R4.3.1.bin --version R4.3.1 --dry-run"],
                options: firmwareOptions + [
                    .flag("stage-only", help: "Write the inactive bank but keep running the active one."),
                    .flag("dry-run", help: "Print the exact document change and send nothing."),
                ],
                arguments: [onuID], action: FirmwareCommands.single),
            CommandSpec(
                "firmware-bulk", abstract: "Procedure 7 for many ONUs, concurrently, with a resumable report.",
                discussion: "Skips ONUs already running the version, and ONUs whose inactive bank already holds it and is already activated (or, with --stage-only, already staged), so a re-run is harmless; an ONU with the version staged but not active gets only its pointer moved. Each finished ONU is appended to the report as a JSON line (id, outcome upgraded|skipped|failed, reason, banks before/after). --resume continues an interrupted run from its report without touching the ONUs it finished. Exits 5 when any ONU failed.",
                examples: [
                    "fieldops mcms onu firmware-bulk --file ALPH-R4.3.1.bin --version R4.3.1 --olt 70:b3:d5:52:31:27 --report run.jsonl",
                    "fieldops mcms onu firmware-bulk --file ALPH-R4.3.1.bin --version R4.3.1 --olt 70:b3:d5:52:31:27 --resume run.jsonl",
                ],
                options: firmwareOptions + [
                    OptionSpec("ids", valueName: "ID,…", help: "Comma-separated ONU ids."),
                    OptionSpec("ids-from", value: .file, valueName: "FILE", help: "A file with one ONU id per line (- for stdin)."),
                    OptionSpec("olt", value: .dynamic(oltSource), valueName: "MAC", help: "Every ONU of this OLT."),
                    OptionSpec("concurrency", value: .integer, valueName: "N", help: "ONUs in flight at once (default 8)."),
                    .flag("stage-only", help: "Write the inactive banks but do not activate them."),
                    .flag("dry-run", help: "Plan every ONU and print what would happen; send nothing."),
                    OptionSpec("report", value: .file, valueName: "FILE", help: "Append one JSON line per ONU here."),
                    OptionSpec("resume", value: .file, valueName: "FILE", help: "Continue the run whose report this is (appends to it)."),
                ],
                action: FirmwareBulkCommand.run),
        ])
    }

    static let firmwareOptions: [OptionSpec] = [
        OptionSpec("file", valueName: "NAME", help: "The firmware file name as the server lists it.", required: true),
        OptionSpec("version", valueName: "V", help: "The version of that file.", required: true),
    ]

    static func oltGroup() -> CommandSpec {
        CommandSpec("olt", abstract: "OLTs: list, detail and reset.", examples: ["fieldops mcms olt list"], subcommands: [
            CommandSpec("list", abstract: "Every OLT with ONU counts per registration state, traffic, temperature and uptime.",
                        examples: ["fieldops mcms olt list", "fieldops mcms olt list --json"],
                        action: InventoryCommands.oltList),
            CommandSpec("show", abstract: "Status, uptime, traffic, environment, uplink and registration buckets with ONU names.",
                        examples: ["fieldops mcms olt show 70:b3:d5:52:31:27"],
                        arguments: [oltMAC], action: DetailCommands.oltShow),
            CommandSpec("reset", abstract: "Reboot the OLT (asks you to type its MAC; --yes off a terminal).",
                        examples: ["fieldops mcms olt reset 70:b3:d5:52:31:27"],
                        arguments: [oltMAC], action: ResetCommands.oltReset),
        ])
    }
}
