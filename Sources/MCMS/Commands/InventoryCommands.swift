import FieldOpsCore

/// `mcms dashboard`, `mcms onu list`, `mcms olt list`: one join of the four fleet listings.
enum InventoryCommands {
    @Sendable static func onuList(_ context: CommandContext) async throws {
        let connection = try MCMSConnection(context)
        let inventory = try await connection.repository.inventory()
        remember(inventory, in: connection)
        let state = try context.invocation.value("state").map { word in
            guard let state = RegistrationState(rawValue: word) else {
                throw FieldOpsError.usage("unknown state \(word)", hint: "one of: " + MCMSCommands.states.joined(separator: ", "))
            }
            return state
        }
        let rows = inventory.onus(olt: context.invocation.value("olt"), state: state)
        if context.format == .json {
            context.emit(json: InventoryRendering.onuJSON(rows))
        } else {
            context.emit(InventoryRendering.onuTable(rows))
        }
    }

    @Sendable static func oltList(_ context: CommandContext) async throws {
        let connection = try MCMSConnection(context)
        let repository = connection.repository
        async let states = repository.oltStates()
        async let names = repository.oltNames()
        let inventory = try await Inventory(onuStates: [], onuNames: [:], oltStates: states, oltNames: names)
        try? connection.cache.store(.olt, entries: inventory.olts.map { ($0.mac, $0.name) })
        if context.format == .json {
            context.emit(json: InventoryRendering.oltJSON(inventory.olts))
        } else {
            context.emit(InventoryRendering.oltTable(inventory.olts))
        }
    }

    /// Alarm counts come from each OLT's alarm list: one request per OLT, where per-ONU alarms
    /// would be one request per ONU.
    @Sendable static func dashboard(_ context: CommandContext) async throws {
        let connection = try MCMSConnection(context)
        let repository = connection.repository
        let inventory = try await repository.inventory()
        remember(inventory, in: connection)
        let severities = try await withThrowingTaskGroup(of: [String].self) { group in
            for olt in inventory.olts where olt.hasState {
                group.addTask {
                    let document = try await repository.alarms(.oltAlarms(olt.mac))
                    return (document[MCMSField.alarms]?.arrayValue ?? []).map { $0[MCMSField.severity]?.stringValue ?? "UNKNOWN" }
                }
            }
            var all: [String] = []
            for try await severities in group { all += severities }
            return all
        }
        let dashboard = Dashboard(inventory: inventory, alarmSeverities: severities)
        if context.format == .json {
            context.emit(json: InventoryRendering.dashboardJSON(dashboard))
        } else {
            context.stdout.write(InventoryRendering.dashboardView(dashboard).render(format: context.format, color: context.terminal.colorEnabled))
        }
    }

    /// Keeps the listing for shell completion; a cache that cannot be written is not an error.
    static func remember(_ inventory: Inventory, in connection: MCMSConnection) {
        do {
            try connection.cache.store(.onu, entries: inventory.onus.map { ($0.id, $0.name) })
            try connection.cache.store(.olt, entries: inventory.olts.map { ($0.mac, $0.name) })
        } catch {
            connection.context.trace("completion cache not updated: \(error)")
        }
    }
}
