import FieldOpsCore

/// `fieldops mcms onu …`.
extension MCMSCommands {
    static func onuGroup() -> CommandSpec {
        CommandSpec("onu", abstract: "ONUs: list, detail, config changes, reset and firmware.", examples: ["fieldops mcms onu list"], subcommands: [
            CommandSpec(
                "list", abstract: "Every ONU with its name, OLT, registration, firmware, uptime and RX level; filtered and sorted.",
                discussion: "Filters combine (all must hold). --olt names an OLT by MAC or name; one that matches no OLT is an error with the nearest one. --sort orders ascending (rx: weakest signal first); ONUs lacking the value go last. Dying-gasp ONUs are red and deregistered ones yellow on a terminal.",
                examples: ["fieldops mcms onu list --olt 70:b3:d5:52:31:27", "fieldops mcms onu list --state unknown --json",
                           "fieldops mcms onu list --rx-below -25 --sort rx --limit 20", "fieldops mcms onu list --name 'Storgata*' --with-alarms",
                           "fieldops mcms onu list --model AP-G2110 --firmware R4.1.0 --watch"],
                options: [
                    OptionSpec("olt", value: .dynamic(oltOrNameSource), valueName: "MAC", help: "Only ONUs of this OLT (MAC or name)."),
                    OptionSpec("state", value: .choice(states), help: "Only ONUs in this registration state."),
                    OptionSpec("rx-below", valueName: "DBM", help: "Only ONUs whose RX optical level is below DBM (e.g. -25)."),
                    OptionSpec("fec-uncorrectable-above", value: .integer, valueName: "N", help: "Only ONUs with more than N uncorrectable FEC errors."),
                    OptionSpec("model", valueName: "M", help: "Only this ONU model (e.g. AP-G2110)."),
                    OptionSpec("firmware", valueName: "V", help: "Only ONUs running this firmware version (active bank)."),
                    OptionSpec("name", valueName: "GLOB", help: "Only ONUs whose name matches GLOB (*, ?, [...]; case ignored)."),
                    .flag("with-alarms", help: "Only ONUs with at least one active alarm."),
                    OptionSpec("sort", value: .choice(ONUListQuery.SortKey.allCases.map(\.rawValue)), valueName: "KEY", help: "Order by name, rx, uptime, olt or state."),
                    OptionSpec("limit", value: .integer, valueName: "N", help: "At most N ONUs (after sorting)."),
                ] + WatchOptions.specs,
                action: InventoryCommands.onuList),
            CommandSpec("show", abstract: "Overview: status, firmware banks, optical, FEC and BIP, transceiver, UNI ports, traffic, alarms.",
                        discussion: "While watching, the RX level and the traffic are drawn as sparklines of the samples so far. --until takes a registration state (registered, !registered, dying-gasp, …) or a threshold on rx, tx, temperature, voltage, bias, fec-corrected, fec-uncorrectable, bip-errors, rx-rate, tx-rate, uptime or alarms. --sample DURATION reads the ONU every --interval for that long and prints the trends (with --json, every sample).",
                        examples: ["fieldops mcms onu show ALPHe30cadcf", "fieldops mcms onu show ALPHe30cadcf --json",
                                   "fieldops mcms onu show ALPHe30cadcf --watch",
                                   "fieldops mcms onu show ALPHe30cadcf --until registered --timeout 5m",
                                   "fieldops mcms onu show ALPHe30cadcf --until 'rx>-25' --interval 5s",
                                   "fieldops mcms onu show ALPHe30cadcf --sample 60s --json"],
                        options: WatchOptions.specs + [
                            OptionSpec("sample", value: .duration, valueName: "DURATION", help: "Sample every --interval for DURATION, then print the trends."),
                        ],
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
            CommandSpec("reset", abstract: "Reboot one ONU, or many with --ids, --ids-from or --olt (type the id or the count to confirm).",
                        discussion: "Each reset is GET the config → Reset Count + 1 → PUT, the rest of the document unchanged. Many ONUs run with bounded concurrency; the report lists each ONU's outcome (--report FILE appends it as JSON lines) and the exit code is 5 when any failed.",
                        examples: ["fieldops mcms onu reset ALPHe30cadcf", "fieldops mcms onu reset --olt 70:b3:d5:52:31:27 --report reset.jsonl",
                                   "fieldops mcms onu reset --ids-from onus.txt --concurrency 4 --yes"],
                        options: [
                            OptionSpec("ids", valueName: "ID,…", help: "Comma-separated ONU ids."),
                            OptionSpec("ids-from", value: .file, valueName: "FILE", help: "A file with one ONU id per line (- for stdin)."),
                            OptionSpec("olt", value: .dynamic(oltOrNameSource), valueName: "MAC", help: "Every ONU of this OLT (MAC or name)."),
                            OptionSpec("concurrency", value: .integer, valueName: "N", help: "ONUs in flight at once (default 8)."),
                            OptionSpec("report", value: .file, valueName: "FILE", help: "Append one JSON line per ONU here."),
                        ],
                        arguments: [ArgumentSpec("ID", help: "The ONU id (or use --ids, --ids-from, --olt).", value: .dynamic(onuSource), optional: true)],
                        action: ResetCommands.onuReset),
            CommandSpec("rename", abstract: "Set the ONU's friendly name (ONU.Name); the rest of the config is sent back unchanged.",
                        examples: ["fieldops mcms onu rename ALPHe30cadcf 'Storgata 12 lgh 2'", "fieldops mcms onu rename ALPHe30cadcf 'Storgata 12' --dry-run"],
                        options: [dryRunEdit],
                        arguments: [onuID, ArgumentSpec("NAME", help: "The new name.")], action: ConfigEditCommands.rename),
            CommandSpec("enable", abstract: "Put the ONU back in service (ONU.Enable true).",
                        examples: ["fieldops mcms onu enable ALPHe30cadcf"],
                        options: [dryRunEdit], arguments: [onuID], action: ConfigEditCommands.enable),
            CommandSpec("disable", abstract: "Take the ONU out of service (ONU.Enable false): the customer goes offline; type the id to confirm.",
                        examples: ["fieldops mcms onu disable ALPHe30cadcf", "fieldops mcms onu disable ALPHe30cadcf --dry-run"],
                        options: [dryRunEdit], arguments: [onuID], action: ConfigEditCommands.disable),
            CommandSpec("note", abstract: "Set the ONU's note (ONU.\"Custom Note\"), or remove it with --clear.",
                        examples: ["fieldops mcms onu note ALPHe30cadcf 'key at the caretaker, flat 2'", "fieldops mcms onu note ALPHe30cadcf --clear"],
                        options: [.flag("clear", help: "Remove the note (sets it to null)."), dryRunEdit],
                        arguments: [onuID, ArgumentSpec("TEXT", help: "The note.", optional: true)], action: ConfigEditCommands.note),
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

    static let dryRunEdit = OptionSpec.flag("dry-run", help: "Print the exact document change and send nothing.")

    static let firmwareOptions: [OptionSpec] = [
        OptionSpec("file", valueName: "NAME", help: "The firmware file name as the server lists it.", required: true),
        OptionSpec("version", valueName: "V", help: "The version of that file.", required: true),
    ]
}
