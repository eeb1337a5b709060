import FieldOpsCore

extension ONUPoint {
    /// The point of a document read as a tree (the pager's fallback when the fast reader
    /// declines a page): the same fields as `read(state:)`.
    init?(tree: JSONValue) {
        guard let id = tree[MCMSField.id]?.stringValue else { return nil }
        self.init(id: id)
        let olt = tree[MCMSField.olt]
        self.olt = olt?[MCMSField.macAddress]?.stringValue
        port = olt?[MCMSField.ponPort]?.numberValue?.int64.flatMap { Int(exactly: $0) }
        let stats = tree[MCMSField.stats]
        rx = Self.centi(stats?[MCMSField.rxOptical]?.numberValue)
        tx = Self.centi(stats?[MCMSField.txOptical]?.numberValue)
        fecCorrected = Self.counter(stats?[MCMSField.fecCorrected]?.numberValue)
        fecUncorrectable = Self.counter(stats?[MCMSField.fecUncorrectable]?.numberValue)
        bip = Self.counter(stats?[MCMSField.bipErrors]?.numberValue)
        rxRate = Self.counter(stats?[MCMSField.rxRate]?.numberValue)
        txRate = Self.counter(stats?[MCMSField.txRate]?.numberValue)
        let onu = tree[MCMSField.onu]
        if let bank = FirmwareBankIndex(onu?[MCMSField.fwBankPtr]) {
            firmware = onu?[MCMSField.fwBankVersions]?[bank.rawValue]?.stringValue
        }
    }
}

/// Takes one sample of an appliance with the listing reads the fleet commands make — the ONU
/// states page by page (projected to what is kept), the OLT states (registration buckets,
/// rates), the ONU and OLT names, and the alarm lists — and no request per device.
struct HistorySampler {
    let connection: MCMSConnection

    func sample(at now: Int64) async throws -> HistorySample {
        let repository = connection.repository
        async let olts = repository.oltStates()
        async let onuNames = repository.onuNames()
        async let oltNames = repository.oltNames()
        async let onuAlarms = repository.alarmDocuments(.onuAlarmList)
        async let oltAlarms = repository.alarmDocuments(.oltAlarmList)
        let points = try await CollectionPager(
            client: repository.client, endpoint: .onuStates, projection: ONUPoint.projection, filter: nil,
            paging: repository.paging, read: ONUPoint.read(state:)
        ) { ONUPoint(tree: $0) }.collect()
        var sample = HistorySample(at: now)
        let oltDocuments = try await olts
        var registration: [String: RegistrationState] = [:]
        for document in oltDocuments {
            for state in RegistrationState.bucketed {
                for id in document.onuIDs(in: state) { registration[id] = state }
            }
        }
        sample.onus = points.map { point in
            var point = point
            point.registration = registration[point.id] ?? .unknown
            return point
        }
        sample.olts = oltDocuments.compactMap(OLTPoint.init)
        sample.names = try await onuNames.merging(try await oltNames) { first, _ in first }
        // Alarms are history too, but a sample without them is still a sample.
        do {
            let names = sample.names
            let alarms =
                try await onuAlarms.flatMap { FleetAlarm.alarms(in: $0, kind: .onu, names: names) }
                + oltAlarms.flatMap { FleetAlarm.alarms(in: $0, kind: .olt, names: names) }
            sample.alarms = alarms.map(AlarmSighting.init)
        } catch let error as CancellationError {
            throw error
        } catch {
            connection.output.note("profile \(connection.profile.name): alarms not recorded this time: \(error)")
            sample.alarms = nil
        }
        return sample
    }
}
