import FieldOpsCore

/// `fieldops mcms onu …`.
extension MCMSCommands {
    static func onuGroup() -> CommandSpec {
        CommandSpec(
            "onu", abstract: "ONUs: list, detail, config changes, reset and firmware.", examples: ["fieldops mcms onu list"],
            subcommands: [
                CommandSpec(
                    "list", abstract: "Every ONU with its name, OLT, registration, firmware, uptime and RX level; filtered and sorted.",
                    discussion:
                        "Filters combine (all must hold). --olt names an OLT by MAC or name; one that matches no OLT is an error with the nearest one. --sort orders ascending (rx: weakest signal first); ONUs lacking the value go last. Dying-gasp ONUs are red and deregistered ones yellow on a terminal.",
                    examples: [
                        "fieldops mcms onu list --olt 70:b3:d5:52:31:27", "fieldops mcms onu list --state unknown --json",
                        "fieldops mcms onu list --rx-below -25 --sort rx --limit 20",
                        "fieldops mcms onu list --name 'Storgata*' --with-alarms",
                        "fieldops mcms onu list --model AP-G2110 --firmware R4.1.0 --watch",
                    ],
                    options: [
                        OptionSpec("olt", value: .dynamic(oltOrNameSource), valueName: "MAC", help: "Only ONUs of this OLT (MAC or name)."),
                        OptionSpec("state", value: .choice(states), help: "Only ONUs in this registration state."),
                        OptionSpec("rx-below", valueName: "DBM", help: "Only ONUs whose RX optical level is below DBM (e.g. -25)."),
                        OptionSpec(
                            "fec-uncorrectable-above", value: .integer(0...), valueName: "N",
                            help: "Only ONUs with more than N uncorrectable FEC errors."),
                        OptionSpec("model", valueName: "M", help: "Only this ONU model (e.g. AP-G2110)."),
                        OptionSpec("firmware", valueName: "V", help: "Only ONUs running this firmware version (active bank)."),
                        OptionSpec("name", valueName: "GLOB", help: "Only ONUs whose name matches GLOB (*, ?, [...]; case ignored)."),
                        .flag("with-alarms", help: "Only ONUs with at least one active alarm."),
                        OptionSpec(
                            "sort", value: .choice(ONUListQuery.SortKey.allCases.map(\.rawValue)), valueName: "KEY",
                            help: "Order by name, rx, uptime, olt or state."),
                        OptionSpec("limit", value: .integer(1...), valueName: "N", help: "At most N ONUs (after sorting)."),
                        chunkSize,
                    ] + WatchOptions.specs,
                    action: InventoryCommands.onuList),
                CommandSpec(
                    "show", abstract: "Overview: status, firmware banks, optical, FEC and BIP, transceiver, UNI ports, traffic, alarms.",
                    discussion:
                        "While watching, the RX level and the traffic are drawn as sparklines of the samples so far. --until takes a registration state (registered, !registered, dying-gasp, …) or a threshold on rx, tx, temperature, voltage, bias, fec-corrected, fec-uncorrectable, bip-errors, rx-rate, tx-rate, uptime or alarms. --sample DURATION reads the ONU every --interval for that long and prints the trends (with --json, every sample).",
                    examples: [
                        "fieldops mcms onu show ALPHe30cadcf", "fieldops mcms onu show ALPHe30cadcf --json",
                        "fieldops mcms onu show ALPHe30cadcf --watch",
                        "fieldops mcms onu show ALPHe30cadcf --until registered --timeout 5m",
                        "fieldops mcms onu show ALPHe30cadcf --until 'rx>-25' --interval 5s",
                        "fieldops mcms onu show ALPHe30cadcf --sample 60s --json",
                    ],
                    options: WatchOptions.specs + [
                        OptionSpec(
                            "sample", value: .duration, valueName: "DURATION",
                            help: "Sample every --interval for DURATION, then print the trends.")
                    ],
                    arguments: [onuID], action: DetailCommands.onuShow),
                CommandSpec(
                    "config", abstract: "The raw configuration document (pretty JSON; --json prints it compact and exact).",
                    examples: ["fieldops mcms onu config ALPHe30cadcf", "fieldops mcms onu config ALPHe30cadcf --json > onu.json"],
                    arguments: [onuID], action: DetailCommands.onuConfig),
                CommandSpec(
                    "alarms", abstract: "The ONU's active alarms.", examples: ["fieldops mcms onu alarms ALPHe30cadcf"],
                    arguments: [onuID], action: DetailCommands.onuAlarms),
                CommandSpec(
                    "logs", abstract: "The ONU's log, newest first.", examples: ["fieldops mcms onu logs ALPHe30cadcf --limit 20"],
                    options: [DetailCommands.logLimit],
                    arguments: [onuID], action: DetailCommands.onuLogs),
                CommandSpec(
                    "cpe", abstract: "DHCP leases of the customer equipment behind the ONU.",
                    examples: ["fieldops mcms onu cpe ALPHe30cadcf"],
                    arguments: [onuID], action: DetailCommands.onuCPE),
                CommandSpec(
                    "reset", abstract: "Reboot one ONU, or many with --ids, --ids-from or --olt (type the id or the count to confirm).",
                    discussion:
                        "Each reset is GET the config → Reset Count + 1 → PUT, the rest of the document unchanged. Many ONUs run with bounded concurrency; the report lists each ONU's outcome (--report FILE appends it as JSON lines) and the exit code is 5 when any failed.",
                    examples: [
                        "fieldops mcms onu reset ALPHe30cadcf", "fieldops mcms onu reset --olt 70:b3:d5:52:31:27 --report reset.jsonl",
                        "fieldops mcms onu reset --ids-from onus.txt --concurrency 4 --yes",
                    ],
                    options: [
                        OptionSpec("ids", valueName: "ID,…", help: "Comma-separated ONU ids."),
                        OptionSpec("ids-from", value: .file, valueName: "FILE", help: "A file with one ONU id per line (- for stdin)."),
                        OptionSpec("olt", value: .dynamic(oltOrNameSource), valueName: "MAC", help: "Every ONU of this OLT (MAC or name)."),
                        chunkSize,
                        OptionSpec(
                            "concurrency", value: .integer(1...256, default: ResetCommands.defaultConcurrency), valueName: "N",
                            help: "ONUs in flight at once."),
                        OptionSpec("report", value: .file, valueName: "FILE", help: "Append one JSON line per ONU here."),
                    ],
                    arguments: [
                        ArgumentSpec(
                            "ID", help: "The ONU id (or use --ids, --ids-from, --olt).", value: .dynamic(onuSource), optional: true)
                    ],
                    action: ResetCommands.onuReset),
                CommandSpec(
                    "rename", abstract: "Set the ONU's friendly name (ONU.Name); the rest of the config is sent back unchanged.",
                    examples: [
                        "fieldops mcms onu rename ALPHe30cadcf 'Storgata 12 lgh 2'",
                        "fieldops mcms onu rename ALPHe30cadcf 'Storgata 12' --dry-run",
                    ],
                    options: [dryRunEdit],
                    arguments: [onuID, ArgumentSpec("NAME", help: "The new name.")], action: ConfigEditCommands.rename),
                CommandSpec(
                    "enable", abstract: "Put the ONU back in service (ONU.Enable true).",
                    examples: ["fieldops mcms onu enable ALPHe30cadcf"],
                    options: [dryRunEdit], arguments: [onuID], action: ConfigEditCommands.enable),
                CommandSpec(
                    "disable",
                    abstract: "Take the ONU out of service (ONU.Enable false): the customer goes offline; type the id to confirm.",
                    examples: ["fieldops mcms onu disable ALPHe30cadcf", "fieldops mcms onu disable ALPHe30cadcf --dry-run"],
                    options: [dryRunEdit], arguments: [onuID], action: ConfigEditCommands.disable),
                CommandSpec(
                    "note", abstract: "Set the ONU's note (ONU.\"Custom Note\"), or remove it with --clear.",
                    examples: [
                        "fieldops mcms onu note ALPHe30cadcf 'key at the caretaker, flat 2'", "fieldops mcms onu note ALPHe30cadcf --clear",
                    ],
                    options: [.flag("clear", help: "Remove the note (sets it to null)."), dryRunEdit],
                    arguments: [onuID, ArgumentSpec("TEXT", help: "The note.", optional: true)], action: ConfigEditCommands.note),
                CommandSpec(
                    "firmware",
                    abstract: "Install firmware into the inactive bank, activate it and verify the ONU came back on it (Procedure 7).",
                    discussion:
                        "Reads the active bank from the ONU's state, writes the file and version into the other bank only, and points the bank pointer at it unless --stage-only. Without --version the server's file list says which version the file is. Then waits (--verify-timeout, default 10m) until the ONU's state shows the new bank active with the new version and it is back in its OLT's Registered bucket, showing the appliance's FW Upgrade progress as it goes; an ONU that registers again on the old bank \"fell back\", one that does not come back is \"not back\": both exit 1. Refuses when the active bank is unknown, the file is not on the server, or the ONU's model is not supported.",
                    examples: [
                        "fieldops mcms onu firmware ALPHe30cadcf --file ALPH-R4.3.1.bin --dry-run",
                        "fieldops mcms onu firmware ALPHe30cadcf --file ALPH-R4.3.1.bin --version R4.3.1 --verify-timeout 15m",
                        "fieldops mcms onu firmware ALPHe30cadcf --file ALPH-R4.3.1.bin --stage-only",
                    ],
                    options: firmwareOptions + [
                        .flag("stage-only", help: "Write the inactive bank but keep running the active one (nothing to verify)."),
                        .flag("dry-run", help: "Print the exact document change and send nothing."),
                    ] + VerifyOptions.specs,
                    arguments: [
                        ArgumentSpec(
                            "ID", help: "The ONU id (vendor and serial, e.g. ALPHe30cadcf).", value: .dynamic(onuSource), optional: true)
                    ],
                    subcommands: [
                        CommandSpec(
                            "rollback",
                            abstract:
                                "Point the ONU back at its other bank (the previous image) and verify it boots it; type the id to confirm.",
                            discussion:
                                "Only \"FW Bank Ptr\" changes; the rest of the config goes back byte for byte. The other bank is the one the config does not point at, so after a fall-back this points the config back at the bank the ONU runs. Refuses when that bank holds no file and version.",
                            examples: [
                                "fieldops mcms onu firmware rollback ALPHe30cadcf",
                                "fieldops mcms onu firmware rollback ALPHe30cadcf --dry-run",
                            ],
                            options: [.flag("dry-run", help: "Print the exact document change and send nothing.")] + VerifyOptions.specs,
                            arguments: [onuID], action: BankSwitchCommands.rollback),
                        CommandSpec(
                            "activate",
                            abstract:
                                "Boot a bank staged earlier (--stage-only): move the pointer to it and verify; type the id to confirm.",
                            discussion:
                                "Refuses when the other bank holds no image, or when the config already points at a bank the ONU has not booted (an activation is pending).",
                            examples: [
                                "fieldops mcms onu firmware activate ALPHe30cadcf",
                                "fieldops mcms onu firmware activate ALPHe30cadcf --no-verify",
                            ],
                            options: [.flag("dry-run", help: "Print the exact document change and send nothing.")] + VerifyOptions.specs,
                            arguments: [onuID], action: BankSwitchCommands.activate),
                        CommandSpec(
                            "status",
                            abstract:
                                "Both firmware banks, the pointer in the config and in the ONU's state, registration and upgrade progress.",
                            examples: [
                                "fieldops mcms onu firmware status ALPHe30cadcf", "fieldops mcms onu firmware status ALPHe30cadcf --json",
                            ],
                            arguments: [onuID], action: FirmwareStatusCommands.status),
                    ],
                    action: FirmwareCommands.single),
                CommandSpec(
                    "firmware-bulk",
                    abstract:
                        "Procedure 7 for many ONUs as a staged rollout: canary, waves, failure limit, per-OLT caps, verified, resumable.",
                    discussion:
                        "Selects ONUs with --ids, --ids-from or --olt, then keeps only those in --state (default registered: dying-gasp, deregistered and disabled ONUs are skipped with that reason) and of --model when given; ONUs whose model the file does not support, and ONUs already running the version, are skipped, never failed. The confirmation shows that split. --canary N upgrades and verifies N ONUs first, then asks on a terminal (--soak DURATION waits that long instead; --yes goes on when nothing failed). --waves takes cumulative shares of the ONUs to upgrade (1%,10%,100%); each wave starts once the previous one verified, and OLTs take turns within a wave. --max-failures N or P% halts the rollout when failures reach it: ONUs not yet started stay untouched and are reported \"not started\", in-flight ones finish and verify. --per-olt caps concurrent upgrades on one OLT, --rate N/min caps starts per minute, --concurrency is the global cap. Every activation is verified as with onu firmware (--no-verify to skip); --rollback-failed points each ONU that fell back or did not come back at its old bank again, verified. The report (JSON lines; fieldops mcms rollout status REPORT) has a plan line, one line per ONU (id, outcome upgraded|skipped|failed|activating|not-started, reason, banks before/after, wave, verify, back_after_s, rolled_back) and a summary line. --resume REPORT continues a halted, interrupted or crashed rollout: finished ONUs untouched, ONUs written but not verified are verified again, not rewritten; without --ids/--ids-from/--olt it takes the ONUs and waves from the report. Exits 5 when any ONU failed or the rollout halted.",
                    examples: [
                        "fieldops mcms onu firmware-bulk --file ALPH-R4.3.1.bin --olt 70:b3:d5:52:31:27 --dry-run",
                        "fieldops mcms onu firmware-bulk --file ALPH-R4.3.1.bin --ids-from fleet.txt --canary 5 --soak 10m --waves 1%,10%,50%,100% --max-failures 2% --per-olt 16 --rate 120/min --report run.jsonl --yes",
                        "fieldops mcms onu firmware-bulk --resume run.jsonl --yes",
                    ],
                    options: firmwareOptions + [
                        OptionSpec("ids", valueName: "ID,…", help: "Comma-separated ONU ids."),
                        OptionSpec("ids-from", value: .file, valueName: "FILE", help: "A file with one ONU id per line (- for stdin)."),
                        OptionSpec("olt", value: .dynamic(oltSource), valueName: "MAC", help: "Every ONU of this OLT."),
                        chunkSize,
                        OptionSpec(
                            "model", valueName: "M", help: "Only ONUs of this model (repeatable or comma-separated).", repeatable: true),
                        OptionSpec(
                            "state", value: .choice(states), help: "Only ONUs in this registration state (default registered; repeatable).",
                            repeatable: true),
                        OptionSpec(
                            "canary", value: .integer(1...), valueName: "N",
                            help: "Upgrade and verify N ONUs first, then confirm (or --soak) before the rest."),
                        OptionSpec(
                            "soak", value: .duration, valueName: "DURATION",
                            help: "After the canary verified, wait DURATION instead of asking; go on when nothing failed."),
                        OptionSpec(
                            "waves", valueName: "P%,…",
                            help: "Cumulative shares of the ONUs to upgrade, one wave each (e.g. 1%,10%,50%,100%)."),
                        OptionSpec("max-failures", valueName: "N|P%", help: "Halt when this many ONUs (or this share of them) failed."),
                        OptionSpec(
                            "per-olt", value: .integer(1...1024), valueName: "N", help: "At most N ONUs of one OLT upgrading at once."),
                        OptionSpec("rate", valueName: "N/min", help: "At most N ONUs started per minute."),
                        OptionSpec(
                            "concurrency", value: .integer(1...256, default: RolloutOptions.defaultConcurrency), valueName: "N",
                            help: "ONUs in flight at once."),
                        .flag(
                            "rollback-failed",
                            help: "Roll back each ONU that fell back or did not come back, where its other bank allows; verified."),
                        .flag("stage-only", help: "Write the inactive banks but do not activate them."),
                        .flag("dry-run", help: "Print the plan, the waves and a summary line; send nothing."),
                        OptionSpec("report", value: .file, valueName: "FILE", help: "Append the rollout's JSON lines here."),
                        OptionSpec(
                            "resume", value: .file, valueName: "FILE", help: "Continue the rollout whose report this is (appends to it)."),
                    ] + VerifyOptions.specs,
                    action: FirmwareBulkCommand.run),
            ])
    }

    static let dryRunEdit = OptionSpec.flag("dry-run", help: "Print the exact document change and send nothing.")

    static let firmwareOptions: [OptionSpec] = [
        OptionSpec("file", valueName: "NAME", help: "The firmware file name as the server lists it (fieldops mcms firmware files)."),
        OptionSpec("version", valueName: "V", help: "The version of that file (default: what the server lists for it)."),
    ]
}
