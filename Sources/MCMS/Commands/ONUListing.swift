import FieldOpsCore

/// The one-shot `mcms onu list`: joined, filtered and written page by page as the ONU states
/// arrive, so the first rows are on the screen long before a 100,000-ONU listing ends, and the
/// fleet is never held as rows.
///
/// What each page is joined with is fetched first, beside the first state pages: the OLT states
/// (registration buckets), the OLT names and, with `--with-alarms`, the alarmed ids. The config
/// names are read page by page beside the states (both in `_id` order) and merged with them. Every
/// joined row goes to the completion cache, which is put in place only when the listing
/// completed. Held until the end: a `--sort`ed listing (the order needs every row) and `--json`
/// (one document, never left half written: its text is made page by page as the rows come, in
/// memory); a listing that fails halfway in another form has printed the rows before the
/// failure, as kubectl's does.
struct ONUListing {
    let connection: MCMSConnection
    let filters: ONUListFilters
    let context: CommandContext

    func run() async throws {
        let options = self.filters
        // `--json` is one document: written page by page as the rows come, but into memory,
        // and out only once the listing is complete. A `--sort`ed listing holds its rows (the
        // order needs every one) and its table takes its widths from all of them.
        let sorting = options.sort != nil
        let kept = ONURowWriter.isOneDocument(context) ? HeldStream(context.output.stdout) : nil
        var output = ONURowWriter(
            context: context, widthRows: sorting ? .max : connection.paging.pageSize, stream: kept,
            trend: RXTrend.recorded(dataDirectory: connection.dataDirectory))
        // Rows of a sorted listing, page by page (no doubling array of the fleet's rows).
        var held: [[ONURow]] = []
        let pages = ONUPages(connection: connection, filters: options, context: context)
        let end = try await pages.read { rows in
            if sorting {
                held.append(rows)
                return
            }
            if kept == nil, context.output.stdout.isTerminal { connection.paging.progress?.finish() }
            try output.write(rows)
            output.flush()
        }
        connection.paging.progress?.finish()
        if let sort = end.query.sort {
            var rows = ONUListQuery.sorted(held.flatMap { $0 }, by: sort)
            held = []
            if let limit = end.query.limit, limit < rows.count { rows.removeSubrange(limit...) }
            try output.write(rows)
        }
        let cached = connection.cache
        output.finish(
            empty: Glob.emptyMessage(name: end.query.nameGlob, matchedAny: end.nameMatched) { cached.load(.onu).map(\.name) })
        kept?.release()
    }
}

/// The ONU rows of one appliance's listing, joined and filtered page by page as the states
/// arrive (what `ONUListing` writes, and each appliance of a listing across appliances streams).
/// An unsorted listing is cut to `--limit` here; every joined row goes to the completion cache,
/// put in place only when the listing completed.
struct ONUPages {
    let connection: MCMSConnection
    let filters: ONUListFilters
    let context: CommandContext
    /// `--olt` that names no OLT of this appliance lists nothing rather than failing (an
    /// appliance of a listing across several).
    var oltMayBeElsewhere = false

    /// What the listing ended with: the query it ran, and whether `--name` matched any ONU.
    struct End: Sendable {
        var query: ONUListQuery
        var nameMatched: Bool
        /// `--olt` named no OLT of this appliance (with `oltMayBeElsewhere`): nothing was listed.
        var oltAbsent = false
    }

    /// What every page is joined and filtered with.
    private struct Prepared: Sendable {
        var join: ONUJoin
        var query: ONUListQuery?
    }

    /// Reads the listing, handing each non-empty page of filtered rows to `deliver`.
    func read(_ deliver: (consuming [ONURow]) async throws -> Void) async throws -> End {
        let repository = connection.repository
        let options = self.filters
        let selector = options.olt.map { word in
            OLTSelector(
                word, profile: connection.profile.name,
                rerun: { [invocation = context.invocation] in
                    invocation.followUp(setting: "olt", to: $0)
                })
        }
        let elsewhere = oltMayBeElsewhere
        let prepared = Task(executorPreference: MainThreadExecutor.current) { () async throws -> Prepared in
            async let oltStates = repository.oltStates()
            async let oltNames = repository.oltNames()
            async let alarmed: Set<String>? =
                options.withAlarms ? try await InventoryCommands.alarmedDevices(repository, .onuAlarmList) : nil
            let join = ONUJoin(oltStates: try await oltStates, oltNames: try await oltNames)
            do {
                return Prepared(join: join, query: try options.query(olts: join.olts, withAlarms: try await alarmed, selector: selector))
            } catch let error as FieldOpsError where elsewhere && error.exitCode == .failure {
                return Prepared(join: join, query: nil)
            }
        }
        defer { prepared.cancel() }
        // The config names, read beside the states and merged with them as far as each state
        // page goes.
        let (namePages, namePager) = AsyncThrowingStream.makeStream(of: [(id: String, name: String)].self)
        let reading = Task(executorPreference: MainThreadExecutor.current) {
            do {
                try await repository.forEachONUNamePage { namePager.yield($0) }
                namePager.finish()
            } catch {
                namePager.finish(throwing: error)
            }
        }
        defer { reading.cancel() }
        var namesLeft = namePages.makeAsyncIterator()
        var namesEnded = false

        var written = 0
        var merge: ONURowMerge?
        var query = ONUListQuery()
        var absent = false
        var glob: Glob?
        // Whether `--name` matched any ONU at all, whatever the other filters: if not, the
        // empty listing names the nearest name.
        var nameMatched = false
        // A cache that cannot be written is not an error: the listing goes on without it.
        var cache = try? DeviceCache.Writer(cache: connection.cache, kind: .onu)
        // With a history (`mcms record`) each row gets its week: every ONU one, blank when unrecorded.
        let trends = RXTrend.all(dataDirectory: connection.dataDirectory)
        let output = context.output
        func remember(_ rows: [ONURow]) {
            guard let writer = cache else { return }
            do {
                for index in rows.indices { try writer.append(id: rows[index].id, name: rows[index].name, olt: rows[index].oltMAC) }
            } catch {
                writer.discard()
                cache = nil
                output.trace("completion cache not updated: \(error.summaryText)")
            }
        }

        /// One page of joined rows: filtered and cut to `--limit` in place (no copy of a row).
        func take(_ page: consuming [ONURow]) async throws {
            var rows = consume page
            remember(rows)
            if absent { return }
            if !nameMatched, let glob { nameMatched = rows.contains { glob.matches($0.name) } }
            if query.filters { rows.removeAll { !query.matches($0, glob: glob) } }
            if let trends {
                for index in rows.indices { rows[index].rxTrend = trends[rows[index].id] ?? RXTrend.none }
            }
            if query.sort == nil, let limit = query.limit, rows.count > limit - written {
                rows.removeSubrange(max(0, limit - written)...)
            }
            written += rows.count
            guard !rows.isEmpty else { return }
            try await deliver(rows)
        }
        func prepare() async throws {
            guard merge == nil else { return }
            let ready = try await prepared.value
            merge = ONURowMerge(join: ready.join)
            if let ready = ready.query { query = ready } else { absent = true }
            glob = query.nameGlob.map(Glob.name)
        }
        /// Adds the config names up to `id` (every one when nil) to the merge.
        func names(upTo id: String?) async throws {
            while !namesEnded {
                if let id, let last = merge?.lastName, !MCMSOrder.precedes(last, id) { return }
                guard let page = try await namesLeft.next() else {
                    namesEnded = true
                    return
                }
                merge?.add(page)
            }
        }

        try await repository.forEachONUStatePage { page in
            try await prepare()
            try await names(upTo: page.last?.id)
            // `consume`: the page handed on is the only reference, so the join completes its rows in
            // place (an implicit copy of the parameter made the merge copy every page).
            try await take(merge!.rows(consume page))
        }
        try await prepare()
        try await names(upTo: nil)
        try await take(merge!.rest())
        do {
            try cache?.commit()
            if let olts = merge?.join.olts {
                try connection.cache.store(.olt, entries: olts.lazy.map { (id: $0.mac, name: $0.name) })
            }
        } catch {
            output.trace("completion cache not updated: \(error.summaryText)")
        }
        return End(query: query, nameMatched: nameMatched, oltAbsent: absent)
    }
}
