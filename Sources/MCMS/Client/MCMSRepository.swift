import FieldOpsCore

/// The MCMS reads and writes fieldops uses, typed at the edges and raw inside.
public struct MCMSRepository: Sendable {
    public let client: MCMSClient

    public init(client: MCMSClient) {
        self.client = client
    }

    // MARK: Fleet listings

    /// ONU-STATE documents, projected to what the listing shows unless `full`.
    public func onuStates(projection: String? = MCMSField.onuListProjection, query: String? = nil) async throws -> [ONUStateDocument] {
        var items: [HTTPRequest.QueryItem] = []
        if let projection { items.append(.init("projection", projection)) }
        if let query { items.append(.init("query", query)) }
        return try await list(.onuStates, query: items).map(ONUStateDocument.init)
    }

    /// The states of only these ONUs, projected: one list request per 200 ids (`query` on
    /// `_id`), sent at once. ONUs without a state are simply absent.
    public func onuStates(ids: [String], projection: String) async throws -> [ONUStateDocument] {
        let size = ActivationWatch.idsPerRequest
        let chunks = stride(from: 0, to: ids.count, by: size).map { Array(ids[$0..<min(ids.count, $0 + size)]) }
        func fetch(_ chunk: [String]) async throws -> [ONUStateDocument] {
            let query = JSONValue.object(JSONObject([(MCMSField.id, .object(JSONObject([("$in", .array(chunk.map(JSONValue.string)))])))]))
            return try await onuStates(projection: projection, query: query.jsonString())
        }
        guard let first = chunks.first else { return [] }
        guard chunks.count > 1 else { return try await fetch(first) }
        return try await withThrowingTaskGroup(of: (Int, [ONUStateDocument]).self) { group in
            for (index, chunk) in chunks.enumerated() {
                group.addTask { (index, try await fetch(chunk)) }
            }
            var parts = [[ONUStateDocument]](repeating: [], count: chunks.count)
            for try await (index, part) in group { parts[index] = part }
            return parts.flatMap { $0 }
        }
    }

    /// The registration buckets of these OLTs (every OLT when nil), in one projected list request.
    public func oltBuckets(macs: [String]?) async throws -> [OLTStateDocument] {
        var items: [HTTPRequest.QueryItem] = [.init("projection", MCMSField.bucketProjection)]
        if let macs {
            guard !macs.isEmpty else { return [] }
            let query = JSONValue.object(JSONObject([(MCMSField.id, .object(JSONObject([("$in", .array(macs.map(JSONValue.string)))])))]))
            items.append(.init("query", query.jsonString()))
        }
        return try await list(.oltStates, query: items).map(OLTStateDocument.init)
    }

    /// `ONU.Name` by id from the config documents, fetched with `projection` (seed).
    public func onuNames() async throws -> [String: String] {
        try await names(.onuConfigs, projection: MCMSField.onuNameProjection, section: MCMSField.onu)
    }

    /// `ONU.Name` of only these ONUs (`query` on `_id`), for a view of one OLT's ONUs; the whole
    /// projected list when there are too many ids for one URL.
    public func onuNames(ids: [String]) async throws -> [String: String] {
        guard !ids.isEmpty else { return [:] }
        guard ids.count <= 400 else { return try await onuNames() }
        let query = JSONValue.object(JSONObject([(MCMSField.id, .object(JSONObject([("$in", .array(ids.map(JSONValue.string)))])))]))
        return try await names(.onuConfigs, projection: MCMSField.onuNameProjection, section: MCMSField.onu, query: query.jsonString())
    }

    /// The ids of every ONU that has a config document, fetched with an `_id`-only projection.
    public func onuConfigIDs() async throws -> [String] {
        try await list(.onuConfigs, query: [.init("projection", MCMSField.idProjection)]).compactMap { $0[MCMSField.id]?.stringValue }
    }

    public func oltStates() async throws -> [OLTStateDocument] {
        try await list(.oltStates, query: []).map(OLTStateDocument.init)
    }

    /// Every device's `{"_id", "Alarms"}` document from one collection request
    /// (`.onuAlarmList` or `.oltAlarmList`), projected when `projection` is given.
    public func alarmDocuments(_ endpoint: MCMSEndpoint, projection: String? = nil) async throws -> [JSONValue] {
        try await list(endpoint, query: projection.map { [.init("projection", $0)] } ?? [])
    }

    public func oltNames() async throws -> [String: String] {
        try await names(.oltConfigs, projection: MCMSField.oltNameProjection, section: MCMSField.olt)
    }

    /// The four listings fetched at once and joined.
    public func inventory() async throws -> Inventory {
        async let states = onuStates()
        async let onuNames = onuNames()
        async let olts = oltStates()
        async let oltNames = oltNames()
        return try await Inventory(onuStates: states, onuNames: onuNames, oltStates: olts, oltNames: oltNames)
    }

    // MARK: One device

    /// The ONU's state, or nil when it has none (404): firmware writes then refuse.
    public func onuState(_ id: String) async throws -> ONUStateDocument? {
        do {
            return ONUStateDocument(try await client.getData(.onuState(id)))
        } catch MCMSError.notFound {
            return nil
        }
    }

    public func onuConfig(_ id: String) async throws -> JSONValue {
        try await client.getData(.onuConfig(id))
    }

    public func putONUConfig(_ id: String, _ document: JSONValue) async throws {
        try await client.put(.onuConfig(id), document: document)
    }

    public func oltState(_ mac: String) async throws -> OLTStateDocument {
        OLTStateDocument(try await client.getData(.oltState(mac)))
    }

    public func oltConfig(_ mac: String) async throws -> JSONValue {
        try await client.getData(.oltConfig(mac))
    }

    public func putOLTConfig(_ mac: String, _ document: JSONValue) async throws {
        try await client.put(.oltConfig(mac), document: document)
    }

    public func firmwareFiles() async throws -> [FirmwareFile] {
        FirmwareFile.list(from: try await client.getData(.onuFirmwareFiles))
    }

    public func alarms(_ endpoint: MCMSEndpoint) async throws -> JSONValue {
        try await client.getData(endpoint)
    }

    public func logs(_ endpoint: MCMSEndpoint, limit: Int?) async throws -> JSONValue {
        try await client.getData(endpoint, query: limit.map { [.init("limit", String($0))] } ?? [])
    }

    public func cpe(_ id: String) async throws -> CPEAnswer {
        try CPEAnswer(try await client.getBare(.cpe(id)), onuID: id)
    }

    /// The registration bucket and OLT of one ONU, from every OLT's buckets (seed).
    public func registration(of id: String, in olts: [OLTStateDocument]) -> (state: RegistrationState, olt: String?) {
        for olt in olts {
            for bucket in RegistrationState.bucketed where olt.onuIDs(in: bucket).contains(id) {
                return (bucket, olt.mac)
            }
        }
        return (.unknown, nil)
    }

    // MARK: Helpers

    private func list(_ endpoint: MCMSEndpoint, query: [HTTPRequest.QueryItem]) async throws -> [JSONValue] {
        let data = try await client.getData(endpoint, query: query)
        guard let array = data.arrayValue else {
            throw MCMSError.malformed(path: endpoint.displayPath, reason: "expected a list, found \(data.kindDescription)")
        }
        return array
    }

    private func names(_ endpoint: MCMSEndpoint, projection: String, section: String, query: String? = nil) async throws -> [String: String] {
        var items: [HTTPRequest.QueryItem] = [.init("projection", projection)]
        if let query { items.append(.init("query", query)) }
        let documents = try await list(endpoint, query: items)
        var names: [String: String] = [:]
        names.reserveCapacity(documents.count)
        for document in documents {
            guard let id = document[MCMSField.id]?.stringValue else { continue }
            names[id] = document[section]?[MCMSField.name]?.stringValue ?? ""
        }
        return names
    }
}
