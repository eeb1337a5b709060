import FieldOpsCore

/// `fieldops mcms olt …`.
extension MCMSCommands {
    static func oltGroup() -> CommandSpec {
        CommandSpec(
            "olt", abstract: "OLTs: list, detail, alarms, logs, config and reset.", examples: ["fieldops mcms olt list"],
            subcommands: [
                CommandSpec(
                    "list", abstract: "Every OLT with ONU counts per registration state, traffic, temperature and uptime.",
                    examples: ["fieldops mcms olt list", "fieldops mcms olt list --json", "fieldops mcms olt list --watch"],
                    options: [chunkSize] + WatchOptions.specs, action: InventoryCommands.oltList),
                CommandSpec(
                    "show", abstract: "Status, uptime, traffic, environment, uplink and registration buckets with ONU names.",
                    discussion:
                        "While watching, the OLT's traffic is drawn as sparklines. --until takes up or down (the uplink) or a threshold on rx-rate, tx-rate, temperature, onus, uptime or a bucket's count ('registered>=100').",
                    examples: [
                        "fieldops mcms olt show 70:b3:d5:52:31:27", "fieldops mcms olt show 70:b3:d5:52:31:27 --watch --interval 5s",
                    ],
                    options: WatchOptions.specs, arguments: [oltMAC], action: DetailCommands.oltShow),
                CommandSpec(
                    "config", abstract: "The raw configuration document (pretty JSON; --json prints it compact and exact).",
                    examples: [
                        "fieldops mcms olt config 70:b3:d5:52:31:27", "fieldops mcms olt config 70:b3:d5:52:31:27 --json > olt.json",
                    ],
                    arguments: [oltMAC], action: DetailCommands.oltConfig),
                CommandSpec(
                    "alarms", abstract: "The OLT's active alarms.", examples: ["fieldops mcms olt alarms 70:b3:d5:52:31:27"],
                    arguments: [oltMAC], action: DetailCommands.oltAlarms),
                CommandSpec(
                    "logs", abstract: "The OLT's log, newest first.", examples: ["fieldops mcms olt logs 70:b3:d5:52:31:27 --limit 20"],
                    options: [DetailCommands.logLimit],
                    arguments: [oltMAC], action: DetailCommands.oltLogs),
                CommandSpec(
                    "reset", abstract: "Reboot the OLT (asks you to type its MAC; --yes off a terminal).",
                    examples: ["fieldops mcms olt reset 70:b3:d5:52:31:27"],
                    arguments: [oltMAC], action: ResetCommands.oltReset),
            ])
    }
}
