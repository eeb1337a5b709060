import FieldOpsCore

/// `onu show|config|alarms|logs|cpe` and `olt show`.
enum DetailCommands {
    static func id(_ context: CommandContext, _ name: String = "ID") throws -> String {
        guard let id = context.invocation.value(name), !id.isEmpty else { throw FieldOpsError.usage("missing \(name)") }
        return id
    }

    @Sendable static func onuShow(_ context: CommandContext) async throws {
        let onu = try id(context)
        let repository = try MCMSConnection(context).repository
        async let state = repository.onuState(onu)
        async let config = repository.onuConfig(onu)
        async let olts = repository.oltStates()
        async let oltNames = repository.oltNames()
        let registration = repository.registration(of: onu, in: try await olts)
        let stateDocument = try await state
        let mac = stateDocument?.oltMAC ?? registration.olt
        let names = try await oltNames
        let detail = ONUDetail(id: onu, state: stateDocument, config: try await config, registration: registration.state,
                               oltName: mac.flatMap { names[$0] })
        if context.format == .json {
            context.emit(json: detail.json)
        } else {
            context.stdout.write(detail.view.render(format: context.format, color: context.terminal.colorEnabled))
        }
    }

    /// The document as received: pretty for people, compact and byte-faithful with `--json`.
    @Sendable static func onuConfig(_ context: CommandContext) async throws {
        let config = try await MCMSConnection(context).repository.onuConfig(try id(context))
        context.stdout.write(config.jsonString(context.format == .json ? .compact : .pretty) + "\n")
    }

    @Sendable static func onuAlarms(_ context: CommandContext) async throws {
        let document = try await MCMSConnection(context).repository.alarms(.onuAlarms(try id(context)))
        if context.format == .json {
            context.emit(json: document[MCMSField.alarms] ?? .array([]))
        } else {
            context.emit(EventRendering.alarmTable(document))
        }
    }

    @Sendable static func onuLogs(_ context: CommandContext) async throws {
        let limit = try context.invocation.value("limit").map { text in
            guard let limit = Int(text), limit > 0 else { throw FieldOpsError.usage("--limit must be a positive number, not \(text)") }
            return limit
        } ?? 50
        let entries = try await MCMSConnection(context).repository.logs(.onuLogs(try id(context)), limit: limit)
        if context.format == .json {
            context.emit(json: entries)
        } else {
            context.emit(EventRendering.logTable(entries))
        }
    }

    @Sendable static func onuCPE(_ context: CommandContext) async throws {
        let answer = try await MCMSConnection(context).repository.cpe(try id(context))
        if context.format == .json {
            context.emit(json: .array(answer.leases))
        } else {
            context.emit(EventRendering.cpeTable(answer.leases))
        }
    }

    @Sendable static func oltShow(_ context: CommandContext) async throws {
        let mac = try id(context, "MAC")
        let repository = try MCMSConnection(context).repository
        async let state = repository.oltState(mac)
        async let config = repository.oltConfig(mac)
        async let onuNames = repository.onuNames()
        let name = try await config[MCMSField.olt]?[MCMSField.name]?.stringValue ?? ""
        let detail = OLTDetail(mac: mac, state: try await state, name: name, onuNames: try await onuNames)
        if context.format == .json {
            context.emit(json: detail.json)
        } else {
            context.stdout.write(detail.view.render(format: context.format, color: context.terminal.colorEnabled))
        }
    }
}
