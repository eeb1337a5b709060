import FieldOpsCore

/// `mcms onu firmware status ID`: both banks, the pointer in config and in state, registration
/// and upgrade progress.
struct ONUFirmwareStatusCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "status", abstract: "Both firmware banks, the pointer in the config and in the ONU's state, registration and upgrade progress.",
        examples: ["fieldops mcms onu firmware status ALPHe30cadcf", "fieldops mcms onu firmware status ALPHe30cadcf --json"],
        arguments: [MCMSCommands.onuID])

    let id: String

    init(_ invocation: Invocation) throws { id = try invocation.onuID() }

    func run(_ context: CommandContext) async throws {
        let repository = try MCMSConnection(context).repository
        async let stateFetch = repository.onuState(id)
        async let configFetch = repository.onuConfig(id)
        async let oltFetch = repository.oltBuckets(macs: nil)
        let state = try await stateFetch
        let config = try await configFetch
        let registration = repository.registration(of: id, in: try await oltFetch)
        let banks = FirmwareBanks(config: config)
        let configPointer = FirmwareBankIndex(config[MCMSField.onu]?[MCMSField.fwBankPtr])
        let running = state?.activeBank
        let reported = state?.bankVersions ?? [nil, nil]
        let pending = configPointer != nil && running != nil && configPointer != running
        let upgrade = state?.upgrade

        if context.output.format == .json {
            context.output.emit(
                json: .object(
                    JSONObject([
                        ("id", .string(id)),
                        (
                            "pointer",
                            .object(
                                JSONObject([
                                    ("config", banks.pointer.map(JSONValue.string) ?? .null),
                                    ("state", state?.bankPointerText.map(JSONValue.string) ?? .null),
                                ]))
                        ),
                        (
                            "banks",
                            .array(
                                (0..<2).map { bank in
                                    .object(
                                        JSONObject([
                                            ("bank", .number(JSONNumber(bank))),
                                            ("file", banks.files[bank].map(JSONValue.string) ?? .null),
                                            ("version", banks.versions[bank].map(JSONValue.string) ?? .null),
                                            ("reported_version", reported[bank].map(JSONValue.string) ?? .null),
                                            ("running", .bool(running?.rawValue == bank)),
                                        ]))
                                })
                        ),
                        ("activation_pending", .bool(pending)),
                        ("registration", .string(registration.state.word)),
                        ("olt", registration.olt.map(JSONValue.string) ?? .null),
                        (
                            "upgrade",
                            upgrade.map { progress in
                                .object(
                                    JSONObject([
                                        ("status", .string(progress.status)),
                                        ("progress", progress.progress.map { .number(JSONNumber($0)) } ?? .null),
                                        ("failure", progress.failure.map(JSONValue.string) ?? .null),
                                    ]))
                            } ?? .null
                        ),
                    ])))
            return
        }
        var table = Table(columns: [.init("Bank"), .init("File (config)"), .init("Version (config)"), .init("Version (ONU)"), .init("")])
        for bank in 0..<2 {
            var marks: [String] = []
            if running?.rawValue == bank { marks.append("running") }
            if configPointer?.rawValue == bank { marks.append("pointer") }
            table.append([
                String(bank), Self.text(banks.files[bank]), Self.text(banks.versions[bank]), Self.text(reported[bank]),
                marks.joined(separator: ", "),
            ])
        }
        context.output.emit(table)
        var lines = [
            "pointer: config \(banks.pointer ?? "missing"), ONU \(state?.bankPointerText ?? "no state")"
                + (pending ? " (activation pending: the ONU has not booted bank \(banks.pointer ?? "?") yet)" : "")
        ]
        lines.append("registration: \(registration.state.word)" + (registration.olt.map { " on OLT \($0)" } ?? ""))
        lines.append("upgrade: " + (upgrade?.text ?? "no FW Upgrade block (idle, or an appliance that does not report one)"))
        context.output.stdout.write(lines.joined(separator: "\n") + "\n")
    }

    static func text(_ value: String?) -> String {
        guard let value else { return "?" }
        return value.isEmpty ? "(empty)" : value
    }
}

/// `mcms firmware files`: the server's ONU images.
struct FirmwareFilesCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "files", abstract: "Every ONU firmware file the server offers, with its version and the models it supports.",
        examples: [
            "fieldops mcms firmware files", "fieldops mcms firmware files --json", "fieldops mcms firmware files --all-profiles",
        ],
        options: Appliances.readSpecs)

    init(_ invocation: Invocation) {}

    func run(_ context: CommandContext) async throws {
        if let appliances = try Appliances.selected(context) {
            let outcomes = await appliances.each(context) { try await $0.repository.firmwareFiles() }
            let parts = outcomes.answered
            if !parts.isEmpty {
                if context.output.format == .json {
                    context.output.emit(json: ProfileColumn.records(parts.map { ($0.profile, Self.json($0.value)) }))
                } else {
                    let files = parts.flatMap(\.value)
                    let profiles = parts.flatMap { part in part.value.map { _ in part.profile } }
                    let table = ProfileColumn.table(
                        StyledTable(table: Self.table(files), styles: files.map { _ in nil }), profiles: profiles)
                    if files.isEmpty {
                        context.output.sayEmpty("no appliance lists ONU firmware files")
                    } else {
                        context.output.emit(table.table)
                    }
                }
            }
            try outcomes.conclude(what: "firmware files")
            return
        }
        let repository = try MCMSConnection(context).repository
        let files = try await repository.firmwareFiles()
        if context.output.format == .json {
            context.output.emit(json: Self.json(files))
            return
        }
        let table = Self.table(files)
        if files.isEmpty, context.output.stdout.isTerminal {
            context.output.note("the server lists no ONU firmware files")
            return
        }
        context.output.emit(table)
    }

    static func json(_ files: [FirmwareFile]) -> JSONValue {
        .array(
            files.map { file in
                .object(
                    JSONObject([
                        ("filename", .string(file.filename)), ("version", .string(file.version)),
                        ("models", .array(file.models.map(JSONValue.string))),
                    ]))
            })
    }

    static func table(_ files: [FirmwareFile]) -> Table {
        var table = Table(columns: [.init("File"), .init("Version"), .init("Models")])
        for file in files { table.append([file.filename, file.version, file.models.joined(separator: ", ")]) }
        return table
    }
}
