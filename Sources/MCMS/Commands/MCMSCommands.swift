import FieldOpsCore

/// The `fieldops mcms …` command tree (the `onu` and `olt` groups in `MCMSCommands+ONU/OLT`).
/// Actions live in one file per area.
enum MCMSCommands {
    static let onuSource = CompletionSource("onu")
    static let oltSource = CompletionSource("olt")
    static let oltOrNameSource = CompletionSource("olt-or-name")

    static let onuID = ArgumentSpec("ID", help: "The ONU id (vendor and serial, e.g. ALPHe30cadcf).", value: .dynamic(onuSource))
    static let oltMAC = ArgumentSpec("MAC", help: "The OLT id, its MAC address (e.g. 70:b3:d5:52:31:27).", value: .dynamic(oltSource))
    static let states = RegistrationState.allCases.map(\.word)
    /// The page size of every collection read of a listing command (kubectl's `--chunk-size`).
    /// No declared default: without the option the profile's `chunk_size` decides, then 500.
    static let chunkSize = OptionSpec(
        MCMSPaging.option, value: .integer(MCMSPaging.minimumPageSize...MCMSPaging.maximumPageSize), valueName: "N",
        help: "Read collections N documents per request (default \(MCMSPaging.defaultPageSize), or the profile's chunk_size).")

    static func group() -> CommandSpec {
        CommandSpec(
            "mcms", abstract: "PON network management: ONUs and OLTs on an MCMS server.",
            discussion:
                "Log in first with `fieldops -p PROFILE auth login` (session cookie and CSRF token, kept in the keyring). Registration states come from the OLTs' buckets; friendly names from the configuration documents. dashboard, alarms, onu list|show and olt list|show take --watch: refreshed every --interval (2s) full screen with changes highlighted on a terminal, one JSON object per refresh when piped; --until CONDITION ends the watch with exit 0 once it holds (exit 1 after --timeout).",
            examples: [
                "fieldops -p lab-pon mcms dashboard", "fieldops mcms onu list --state dying-gasp",
                "fieldops mcms alarms --severity critical,major --watch",
            ],
            subcommands: [
                CommandSpec(
                    "dashboard",
                    abstract: "ONU and OLT counts, registration breakdown, total traffic and health (every ONU's and OLT's alarms).",
                    discussion:
                        "--until takes a threshold on onus, olts, alarms, critical, major, minor, warning, low-optical, offline-olts or a registration state's count ('dying-gasp==0'). While watching, the alarm count is drawn as a sparkline.",
                    examples: [
                        "fieldops mcms dashboard --json", "fieldops mcms dashboard --watch",
                        "fieldops mcms dashboard --watch --until 'critical==0' --timeout 10m",
                    ],
                    options: [chunkSize] + WatchOptions.specs, action: InventoryCommands.dashboard),
                CommandSpec(
                    "alarms", abstract: "Every active alarm of every ONU and OLT, most severe and newest first.",
                    discussion:
                        "Two collection requests (all ONU alarms, all OLT alarms) and the names. Each alarm shows its severity, time, device kind, name and id. On a terminal critical alarms are red and major ones yellow. --until takes a threshold on count, critical, major, minor, warning or info.",
                    examples: [
                        "fieldops mcms alarms", "fieldops mcms alarms --severity critical,major --kind onu",
                        "fieldops mcms alarms --olt 70:b3:d5:52:31:27 --json", "fieldops mcms alarms --watch --until 'critical==0'",
                    ],
                    options: [
                        OptionSpec(
                            "severity", valueName: "S[,S]",
                            help: "Only these severities: critical, major, minor, warning, info (comma-separated or repeated).",
                            repeatable: true),
                        OptionSpec(
                            "olt", value: .dynamic(oltOrNameSource), valueName: "MAC", help: "Only this OLT (MAC or name) and its ONUs."),
                        OptionSpec("kind", value: .choice(FleetAlarm.Kind.allCases.map(\.rawValue)), help: "Only ONU or only OLT alarms."),
                        chunkSize,
                    ] + WatchOptions.specs,
                    action: AlarmCommands.fleet),
                onuGroup(),
                oltGroup(),
                CommandSpec(
                    "firmware", abstract: "The server's ONU firmware images.", examples: ["fieldops mcms firmware files"],
                    subcommands: [
                        CommandSpec(
                            "files", abstract: "Every ONU firmware file the server offers, with its version and the models it supports.",
                            examples: ["fieldops mcms firmware files", "fieldops mcms firmware files --json"],
                            action: FirmwareStatusCommands.files)
                    ]),
                CommandSpec(
                    "rollout", abstract: "Staged firmware rollouts (firmware-bulk) read from their reports.",
                    examples: ["fieldops mcms rollout status run.jsonl"],
                    subcommands: [
                        CommandSpec(
                            "status",
                            abstract:
                                "Per wave: done, failed, in flight and not started; --watch follows a rollout while it writes the report.",
                            discussion:
                                "Reads only the local report file, never the appliance. --watch prints again whenever the report changes and ends when the rollout writes its summary line (with --json, one compact object per change).",
                            examples: [
                                "fieldops mcms rollout status run.jsonl", "fieldops mcms rollout status run.jsonl --watch",
                                "fieldops mcms rollout status run.jsonl --json",
                            ],
                            options: [
                                .flag("watch", short: "w", help: "Follow the report until the rollout finishes."),
                                OptionSpec(
                                    "interval", value: .duration, valueName: "DURATION",
                                    help: "How often to read the report while watching (default 2s)."),
                            ],
                            arguments: [ArgumentSpec("REPORT", help: "The --report file of a firmware-bulk rollout.", value: .file)],
                            action: RolloutCommands.status)
                    ]),
            ])
    }
}
