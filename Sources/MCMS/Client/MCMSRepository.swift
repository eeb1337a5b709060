import FieldOpsCore

/// The MCMS reads and writes fieldops uses, typed at the edges and raw inside.
///
/// Every collection read goes through `CollectionPager`: pages of `paging.pageSize` documents
/// sorted by `_id`, a few in flight, each decoded into only what the caller keeps.
public struct MCMSRepository: Sendable {
    public let client: MCMSClient
    public var paging: MCMSPaging

    public init(client: MCMSClient, paging: MCMSPaging = MCMSPaging()) {
        self.client = client
        self.paging = paging
    }

    // MARK: Fleet listings

    /// Every document of a collection, decoded page by page into what the caller keeps (nil
    /// leaves a document out), in `_id` order.
    func documents<Item: Sendable>(
        _ endpoint: MCMSEndpoint, projection: String? = nil, filter: JSONObject? = nil,
        decode: @escaping @Sendable (JSONValue) -> Item?
    ) async throws -> [Item] {
        try await CollectionPager(
            client: client, endpoint: endpoint, projection: projection, filter: filter,
            paging: paging, decode: decode
        ).collect()
    }

    /// ONU-STATE documents, projected to what the listing shows unless `projection` is nil.
    public func onuStates(projection: String? = MCMSField.onuListProjection, filter: JSONObject? = nil) async throws -> [ONUStateDocument] {
        try await documents(.onuStates, projection: projection, filter: filter) { ONUStateDocument($0) }
    }

    /// The rows of `onu list` as far as the ONU states give them (no name or registration yet):
    /// each page's documents become rows as it arrives, so the fleet's documents are never
    /// held at once.
    public func onuStateRows(projection: String = MCMSField.onuListProjection) async throws -> [ONURow] {
        try await CollectionPager(
            client: client, endpoint: .onuStates, projection: projection, filter: nil, paging: paging,
            read: projection == MCMSField.onuListProjection ? ONURow.read(state:) : nil
        ) { ONURow(state: ONUStateDocument($0)) }.collect()
    }

    /// The same rows handed over a page at a time, as they arrive, for a listing written page
    /// by page; no more than a few pages are asked for while `consume` is busy.
    func forEachONUStatePage(_ consume: (consuming [ONURow]) async throws -> Void) async throws {
        try await CollectionPager(
            client: client, endpoint: .onuStates, projection: MCMSField.onuListProjection, filter: nil,
            paging: paging, read: ONURow.read(state:)
        ) { ONURow(state: ONUStateDocument($0)) }.forEachPage(consume)
    }

    /// The states of only these ONUs, projected: one list request per 200 ids (`query` on
    /// `_id`), sent at once. ONUs without a state are simply absent.
    public func onuStates(ids: [String], projection: String) async throws -> [ONUStateDocument] {
        let size = ActivationWatch.idsPerRequest
        let chunks = stride(from: 0, to: ids.count, by: size).map { Array(ids[$0..<min(ids.count, $0 + size)]) }
        func fetch(_ chunk: [String]) async throws -> [ONUStateDocument] {
            try await onuStates(projection: projection, filter: Self.idFilter(chunk))
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

    /// The registration buckets of these OLTs (every OLT when nil), projected.
    public func oltBuckets(macs: [String]?) async throws -> [OLTStateDocument] {
        if let macs, macs.isEmpty { return [] }
        return try await documents(.oltStates, projection: MCMSField.bucketProjection, filter: macs.map(Self.idFilter)) {
            OLTStateDocument($0)
        }
    }

    /// `ONU.Name` by id from the config documents, fetched with `projection` (seed).
    public func onuNames() async throws -> [String: String] {
        try await names(.onuConfigs, projection: MCMSField.onuNameProjection, section: MCMSField.onu)
    }

    /// `ONU.Name` of every ONU with a config, page by page in `_id` order: the order the state
    /// pages come in, so a listing joins the two by merging, without a dictionary or a sort.
    func forEachONUNamePage(_ consume: ([(id: String, name: String)]) async throws -> Void) async throws {
        try await CollectionPager(
            client: client, endpoint: .onuConfigs, projection: MCMSField.onuNameProjection, filter: nil,
            paging: paging, read: Self.readName(section: MCMSField.onu), decode: Self.decodeName(section: MCMSField.onu)
        ).forEachPage(consume)
    }

    /// `ONU.Name` of only these ONUs (`query` on `_id`), for a view of one OLT's ONUs; the whole
    /// projected list when there are too many ids for one URL.
    public func onuNames(ids: [String]) async throws -> [String: String] {
        guard !ids.isEmpty else { return [:] }
        guard ids.count <= 400 else { return try await onuNames() }
        return try await names(.onuConfigs, projection: MCMSField.onuNameProjection, section: MCMSField.onu, filter: Self.idFilter(ids))
    }

    /// The ids of every ONU that has a config document, fetched with an `_id`-only projection.
    public func onuConfigIDs() async throws -> [String] {
        try await documents(.onuConfigs, projection: MCMSField.idProjection) { $0[MCMSField.id]?.stringValue }
    }

    public func oltStates() async throws -> [OLTStateDocument] {
        try await documents(.oltStates) { OLTStateDocument($0) }
    }

    /// Every device's `{"_id", "Alarms"}` document of a collection (`.onuAlarmList` or
    /// `.oltAlarmList`), projected when `projection` is given; devices without an active alarm
    /// are left out, since every caller reads only the alarms.
    public func alarmDocuments(_ endpoint: MCMSEndpoint, projection: String? = nil) async throws -> [JSONValue] {
        try await documents(endpoint, projection: projection) { document in
            (document[MCMSField.alarms]?.arrayValue?.isEmpty ?? true) ? nil : document
        }
    }

    public func oltNames() async throws -> [String: String] {
        try await names(.oltConfigs, projection: MCMSField.oltNameProjection, section: MCMSField.olt)
    }

    /// The four listings fetched at once and joined.
    public func inventory() async throws -> Inventory {
        async let rows = onuStateRows()
        async let onuNames = onuNames()
        async let olts = oltStates()
        async let oltNames = oltNames()
        return try await Inventory(stateRows: rows, onuNames: onuNames, oltStates: olts, oltNames: oltNames)
    }

    /// `{"_id": {"$in": ids}}`.
    static func idFilter(_ ids: [String]) -> JSONObject {
        JSONObject([(MCMSField.id, .object(JSONObject([("$in", .array(ids.map(JSONValue.string)))])))])
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

    /// A config document's `_id` and `<section>.Name` ("" when it has none).
    static func decodeName(section: String) -> @Sendable (JSONValue) -> (id: String, name: String)? {
        { document in
            document[MCMSField.id]?.stringValue.map { (id: $0, name: document[section]?[MCMSField.name]?.stringValue ?? "") }
        }
    }

    /// `decodeName` read straight from a page's text.
    static func readName(
        section: String
    ) -> @Sendable (inout JSONReader) throws(JSONReader.Declined) -> (id: String?, item: (id: String, name: String)?) {
        { (reader) throws(JSONReader.Declined) in
            var id: String?
            var name: String?
            let isObject = try reader.object { (reader, key) throws(JSONReader.Declined) in
                if key == "_id" {
                    id = try reader.string()
                } else if key.matches(section) {
                    _ = try reader.object { (reader, key) throws(JSONReader.Declined) in
                        if key == "Name" { name = try reader.string() }
                    }
                }
            }
            guard isObject, let id else { return (id: nil, item: nil) }
            return (id: id, item: (id: id, name: name ?? ""))
        }
    }

    private func names(_ endpoint: MCMSEndpoint, projection: String, section: String, filter: JSONObject? = nil) async throws -> [String:
        String]
    {
        let pager = CollectionPager(
            client: client, endpoint: endpoint, projection: projection, filter: filter, paging: paging,
            read: Self.readName(section: section), decode: Self.decodeName(section: section))
        // Straight into the dictionary, page by page: no list of 100,000 pairs beside it.
        var names: [String: String] = [:]
        try await pager.forEachPage { page in
            for (id, name) in page { names[id] = name }
        }
        return names
    }
}
