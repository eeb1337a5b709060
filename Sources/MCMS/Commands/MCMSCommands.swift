import FieldOpsCore

/// The `fieldops mcms …` command tree. Each command is a `FieldOpsCommand` whose definition sits
/// beside its run, one file per command or small family; this file only arranges them and holds
/// the arguments and options several of them share.
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
    static let dryRunEdit = OptionSpec.flag("dry-run", help: "Print the exact document change and send nothing.")

    static func group() -> CommandSpec {
        CommandSpec(
            "mcms", abstract: "PON network management: ONUs and OLTs on an MCMS server.",
            discussion:
                "Log in first with `fieldops -p PROFILE auth login` (session cookie and CSRF token, kept in the keyring). Registration states come from the OLTs' buckets; friendly names from the configuration documents. dashboard, alarms, onu list|show and olt list|show take --watch: refreshed every --interval (2s) full screen with changes highlighted on a terminal, one JSON object per refresh when piped; --until CONDITION ends the watch with exit 0 once it holds (exit 1 after --until-timeout).",
            examples: [
                "fieldops -p lab-pon mcms dashboard", "fieldops mcms onu list --state dying-gasp",
                "fieldops mcms alarms --severity critical,major --watch",
            ],
            subcommands: [
                DashboardCommand.spec,
                FleetAlarmsCommand.spec,
                RecordCommand.spec,
                CommandSpec(
                    "onu", abstract: "ONUs: list, detail, config changes, reset and firmware.", examples: ["fieldops mcms onu list"],
                    subcommands: [
                        ONUListCommand.spec, ONUShowCommand.spec, ONUFindCommand.spec, DeviceHistoryCommand<ONUDevice>.spec,
                        ONUDriftCommand.spec, DeviceConfigCommand<ONUDevice>.spec,
                        DeviceAlarmsCommand<ONUDevice>.spec, DeviceLogsCommand<ONUDevice>.spec, ONUCPECommand.spec,
                        FleetWrite.spec(ONUResetCommand.self, kind: .onu, several: true, verb: "reset"),
                        FleetWrite.spec(ONURenameCommand.self, kind: .onu, several: false, verb: "rename"),
                        FleetWrite.spec(ONUEnableCommand.self, kind: .onu, several: false, verb: "enable"),
                        FleetWrite.spec(ONUDisableCommand.self, kind: .onu, several: false, verb: "disable"),
                        FleetWrite.spec(ONUNoteCommand.self, kind: .onu, several: false, verb: "note"),
                        FleetWrite.spec(ONUFirmwareCommand.self, kind: .onu, several: false, verb: "upgrade"),
                        FleetWrite.spec(FirmwareBulkCommand.self, kind: .onu, several: false, verb: "upgrade"),
                    ]),
                CommandSpec(
                    "olt", abstract: "OLTs: list, detail, alarms, logs, config and reset.", examples: ["fieldops mcms olt list"],
                    subcommands: [
                        OLTListCommand.spec, OLTShowCommand.spec, DeviceHistoryCommand<OLTDevice>.spec, DeviceConfigCommand<OLTDevice>.spec,
                        DeviceAlarmsCommand<OLTDevice>.spec, DeviceLogsCommand<OLTDevice>.spec,
                        FleetWrite.spec(OLTResetCommand.self, kind: .olt, several: false, verb: "reset"),
                    ]),
                CommandSpec(
                    "firmware", abstract: "The server's ONU firmware images.", examples: ["fieldops mcms firmware files"],
                    subcommands: [FirmwareFilesCommand.spec]),
                CommandSpec(
                    "rollout", abstract: "Staged firmware rollouts (firmware-bulk) read from their reports.",
                    examples: ["fieldops mcms rollout status run.jsonl"], subcommands: [RolloutStatusCommand.spec]),
            ])
    }
}
