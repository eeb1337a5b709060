import FieldOpsCore

/// `onu list --profiles …`: every appliance's listing read at once (`ONUPages`) and written as
/// one, each row with its profile.
///
/// The pages stream: each is written as it arrives, whichever appliance it is from, so no
/// appliance's listing is held while another is still being read. `--sort` orders the whole
/// network (`--sort rx --limit 20` is the 20 weakest signals of every appliance): with `--limit`
/// only the best `limit` rows so far are kept, without it every row (the order needs them), as
/// a one-appliance sorted listing does. `--json` is one document of every appliance's records.
struct FleetONUListing {
    let appliances: Appliances
    let filters: ONUListFilters
    let context: CommandContext

    private struct Page: Sendable {
        var profile: Int
        var rows: [ONURow]
    }

    func run() async throws {
        let (filters, context, appliances) = (self.filters, self.context, self.appliances)
        let profiles = appliances.profiles.map(\.name)
        let sort = filters.sort
        let limit = filters.limit
        let kept = ONURowWriter.isOneDocument(context) ? HeldStream(context.output.stdout) : nil
        let trend = profiles.contains { RXTrend.recorded(dataDirectory: context.paths.dataDirectory(for: $0)) }
        var output = ONURowWriter(
            context: context, widthRows: sort != nil ? .max : MCMSPaging.defaultPageSize, stream: kept, profileColumn: true, trend: trend)
        let (pages, sink) = AsyncStream.makeStream(of: Page.self)
        let index = Dictionary(uniqueKeysWithValues: profiles.enumerated().map { ($1, $0) })
        let producing = Task(executorPreference: MainThreadExecutor.current) { () -> Outcomes<ONUPages.End> in
            let outcomes = await appliances.each(context) { connection in
                let profile = index[connection.profile.name] ?? 0
                let end = try await ONUPages(connection: connection, filters: filters, context: context, oltMayBeElsewhere: true)
                    .read { rows in sink.yield(Page(profile: profile, rows: rows)) }
                if end.oltAbsent, let olt = filters.olt {
                    // Not an error here: the OLT may be another appliance's.
                    throw FieldOpsError(
                        ServiceWording.notListed("OLT with MAC or name \(olt)", profile: connection.profile.name))
                }
                return end
            }
            sink.finish()
            return outcomes
        }
        var held: [(profile: Int, row: ONURow)] = []
        var written = 0
        for await page in pages {
            if let sort {
                held += page.rows.lazy.map { (page.profile, $0) }
                // With a limit, only the best rows so far are kept: sorted and cut now and then.
                if let limit, held.count > 2 * limit + MCMSPaging.defaultPageSize {
                    held = Array(ONUListQuery.sorted(held, by: sort, row: \.row).prefix(limit))
                }
                continue
            }
            var rows = page.rows
            if let limit {
                guard written < limit else { continue }
                if rows.count > limit - written { rows.removeSubrange((limit - written)...) }
            }
            written += rows.count
            try output.write(rows, profile: profiles[page.profile])
            output.flush()
        }
        let outcomes = await producing.value
        if let sort {
            var rows = ONUListQuery.sorted(held, by: sort, row: \.row)
            held = []
            if let limit, limit < rows.count { rows.removeSubrange(limit...) }
            // Runs of one appliance's rows, in the network's order.
            var start = rows.startIndex
            while start < rows.endIndex {
                let profile = rows[start].profile
                let end = rows[start...].firstIndex { $0.profile != profile } ?? rows.endIndex
                try output.write(rows[start..<end].map(\.row), profile: profiles[profile])
                start = end
            }
        }
        let answered = outcomes.answered
        if answered.isEmpty { try outcomes.conclude(what: filters.olt.map { "OLT \($0)" } ?? "the listing") }
        let nameMatched = answered.contains { $0.value.nameMatched }
        let nameGlob = filters.name
        output.finish(
            empty: Glob.emptyMessage(name: nameGlob, matchedAny: nameMatched || nameGlob == nil) {
                // The nearest name of every appliance's completion cache, as one appliance's is read.
                appliances.profiles.flatMap { DeviceCache(directory: context.cacheDirectory(for: $0)).load(.onu).map(\.name) }
            })
        kept?.release()
        try outcomes.conclude(what: filters.olt.map { "OLT \($0)" } ?? "the listing")
    }
}

extension FleetONUListing {
    /// `onu list --profiles … --watch`: each refresh, every appliance's filtered rows, merged
    /// (sorted and cut as one listing).
    static func watched(_ appliances: Appliances, filters: ONUListFilters, context: CommandContext) -> FleetRead<[ONURow]> {
        FleetRead(
            appliances, context: context, what: filters.olt.map { "OLT \($0)" } ?? "the listing",
            part: { connection in
                let rows = Collected()
                let end = try await ONUPages(connection: connection, filters: filters, context: context, oltMayBeElsewhere: true)
                    .read { rows.rows += $0 }
                if end.oltAbsent, let olt = filters.olt {
                    throw FieldOpsError(ServiceWording.notListed("OLT with MAC or name \(olt)", profile: connection.profile.name))
                }
                return rows.rows
            },
            merge: { parts in
                var rows = parts.flatMap { part in part.value.map { (profile: part.profile, row: $0) } }
                if let sort = filters.sort { rows = ONUListQuery.sorted(rows, by: sort, row: \.row) }
                if let limit = filters.limit, limit < rows.count { rows.removeSubrange(limit...) }
                let table = ProfileColumn.table(InventoryRendering.styledONUTable(rows.map(\.row)), profiles: rows.map(\.profile))
                let merged = rows
                return WatchFrame(
                    json: .array(merged.map { ProfileColumn.record(InventoryRendering.onuRecord($0.row), profile: $0.profile) }),
                    render: { format, color, fit in table.render(format: format, color: color, fit: fit) },
                    metrics: ["count": Double(rows.count)], emptyMessage: rows.isEmpty ? "no ONUs match" : nil)
            })
    }
}

/// The rows of one appliance's pages, gathered for a watch's refresh.
private final class Collected {
    var rows: [ONURow] = []
}
