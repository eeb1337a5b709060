import FieldOpsCore

/// ONU or OLT: what `config`, `alarms` and `logs` need to be one command for both kinds.
protocol DeviceKind: Sendable {
    /// The group's name (`onu`, `olt`).
    static var group: String { get }
    /// How help names the kind (`ONU`, `OLT`).
    static var title: String { get }
    /// The id argument (`ID` or `MAC`) and an id for the examples.
    static var argument: ArgumentSpec { get }
    static var exampleID: String { get }
    static func config(_ id: String, repository: MCMSRepository) async throws -> JSONValue
    static func alarms(_ id: String) -> MCMSEndpoint
    static func logs(_ id: String) -> MCMSEndpoint
    /// The id in the service's spelling, from any case typed (`DeviceID`).
    static func canonical(_ typed: String) -> String
}

enum ONUDevice: DeviceKind {
    static let group = "onu"
    static let title = "ONU"
    static var argument: ArgumentSpec { MCMSCommands.onuID }
    static let exampleID = "ALPHe30cadcf"
    static func config(_ id: String, repository: MCMSRepository) async throws -> JSONValue { try await repository.onuConfig(id) }
    static func alarms(_ id: String) -> MCMSEndpoint { .onuAlarms(id) }
    static func logs(_ id: String) -> MCMSEndpoint { .onuLogs(id) }
    static func canonical(_ typed: String) -> String { DeviceID.onu(typed) }
}

enum OLTDevice: DeviceKind {
    static let group = "olt"
    static let title = "OLT"
    static var argument: ArgumentSpec { MCMSCommands.oltMAC }
    static let exampleID = "70:b3:d5:52:31:27"
    static func config(_ id: String, repository: MCMSRepository) async throws -> JSONValue { try await repository.oltConfig(id) }
    static func alarms(_ id: String) -> MCMSEndpoint { .oltAlarms(id) }
    static func logs(_ id: String) -> MCMSEndpoint { .oltLogs(id) }
    static func canonical(_ typed: String) -> String { DeviceID.olt(typed) }
}

/// `onu config ID`, `olt config MAC`: the document as received — pretty for people, compact and
/// byte-faithful with `--json`.
struct DeviceConfigCommand<Device: DeviceKind>: FieldOpsCommand {
    static var definition: CommandSpec {
        CommandSpec(
            "config", abstract: "The raw configuration document (pretty JSON; --json prints it compact and exact).",
            examples: [
                "fieldops mcms \(Device.group) config \(Device.exampleID)",
                "fieldops mcms \(Device.group) config \(Device.exampleID) --json > \(Device.group).json",
            ],
            arguments: [Device.argument])
    }

    let id: String

    init(_ invocation: Invocation) throws { id = Device.canonical(try invocation.required(Device.argument.name)) }

    func run(_ context: CommandContext) async throws {
        let config = try await Device.config(id, repository: MCMSConnection(context).repository)
        context.output.stdout.write(config.jsonString(context.output.format == .json ? .compact : .pretty) + "\n")
    }
}

/// `onu alarms ID`, `olt alarms MAC`: the device's active alarms.
struct DeviceAlarmsCommand<Device: DeviceKind>: FieldOpsCommand {
    static var definition: CommandSpec {
        CommandSpec(
            "alarms", abstract: "The \(Device.title)'s active alarms.",
            examples: ["fieldops mcms \(Device.group) alarms \(Device.exampleID)"], arguments: [Device.argument])
    }

    let id: String

    init(_ invocation: Invocation) throws { id = Device.canonical(try invocation.required(Device.argument.name)) }

    func run(_ context: CommandContext) async throws {
        let document = try await MCMSConnection(context).repository.alarms(Device.alarms(id))
        let alarms = document[MCMSField.alarms]?.arrayValue ?? []
        context.output.emitResult(json: .array(alarms), empty: alarms.isEmpty ? "no active alarms" : nil) {
            EventRendering.styledAlarmTable(document).render(format: context.output.format, color: context.output.terminal.colorEnabled)
        }
    }
}

/// `onu logs ID`, `olt logs MAC`: the device's log, newest first.
struct DeviceLogsCommand<Device: DeviceKind>: FieldOpsCommand {
    static var definition: CommandSpec {
        CommandSpec(
            "logs", abstract: "The \(Device.title)'s log, newest first.",
            examples: ["fieldops mcms \(Device.group) logs \(Device.exampleID) --limit 20"],
            options: [OptionSpec("limit", value: .integer(1..., default: 50), valueName: "N", help: "At most N entries.")],
            arguments: [Device.argument])
    }

    let id: String
    let limit: Int

    init(_ invocation: Invocation) throws {
        id = Device.canonical(try invocation.required(Device.argument.name))
        limit = try invocation.required(integer: "limit")
    }

    func run(_ context: CommandContext) async throws {
        let entries = try await MCMSConnection(context).repository.logs(Device.logs(id), limit: limit)
        context.output.emitResult(json: entries, empty: (entries.arrayValue ?? []).isEmpty ? "no log entries" : nil) {
            EventRendering.logTable(entries).render(format: context.output.format, color: context.output.terminal.colorEnabled)
        }
    }
}

/// `onu cpe ID`: the DHCP leases of the customer equipment behind the ONU.
struct ONUCPECommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "cpe", abstract: "DHCP leases of the customer equipment behind the ONU.", examples: ["fieldops mcms onu cpe ALPHe30cadcf"],
        arguments: [MCMSCommands.onuID])

    let id: String

    init(_ invocation: Invocation) throws { id = try invocation.onuID() }

    func run(_ context: CommandContext) async throws {
        let answer = try await MCMSConnection(context).repository.cpe(id)
        context.output.emitResult(json: .array(answer.leases), empty: answer.leases.isEmpty ? "no DHCP leases" : nil) {
            EventRendering.cpeTable(answer.leases).render(format: context.output.format, color: context.output.terminal.colorEnabled)
        }
    }
}

extension Output {
    /// JSON with `--json`; otherwise the text, or for an empty result the message in table form
    /// (a terminal, or `-o table`) and nothing at all in plain (piped) form.
    func emitResult(json: JSONValue, empty: String?, text: () -> String) {
        if format == .json {
            emit(json: json)
        } else if let empty {
            sayEmpty(empty)
        } else {
            stdout.write(text())
        }
    }
}
