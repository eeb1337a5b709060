import FieldOpsCore
import FoundationEssentials

/// `mcms onu find TERM`: which appliance, OLT and port an ONU is on, across the MCMS profiles.
///
/// First the local caches (what each profile's last `onu list` saw: instant, no network, and
/// said with their age), then every appliance asked at once to confirm (`--cached` skips it). A
/// whole id is one request per appliance; a serial, MAC or name reads the appliance's ONU names
/// (one projected collection) and then the state of each match. An appliance that cannot be
/// reached keeps its cached answer, marked so, and the command exits 5.
struct ONUFindCommand: FieldOpsCommand {
    static let definition = CommandSpec(
        "find",
        abstract: "Which appliance, OLT and port an ONU is on: by id, serial, MAC or part of its name, across every MCMS profile.",
        discussion:
            "TERM is a whole ONU id (ALPH0067dba8, any case), its serial digits (0067dba8), a MAC (an ONU whose id is its MAC), or part of an ONU's name (a glob with *, ?, [...]), case ignored. Without --profiles it asks every MCMS profile (with -p, that one). The local caches answer first, on stderr with their age; the appliances then confirm it live, and the table says where each ONU is now. Several matches are all listed; none is exit 1. Up to \(parallel) appliances are asked at once (--max-parallel).",
        examples: [
            "fieldops mcms onu find ALPH0067dba8", "fieldops mcms onu find 'Sjøgata 7' --cached",
            "fieldops mcms onu find 0067dba8 --profiles 'site-*' --json",
        ],
        options: [
            .flag("cached", help: "Answer from the local caches only (as old as each profile's last onu list)."),
            OptionSpec(
                "limit", value: .integer(1...), valueName: "N", help: "At most N matches per appliance are confirmed (default 50)."),
            Appliances.profilesOption, Appliances.allProfilesOption,
            OptionSpec(
                "max-parallel", value: .integer(1...64), valueName: "N",
                help: "Ask at most N appliances at a time (default \(parallel))."),
        ],
        arguments: [ArgumentSpec("TERM", help: "An ONU id, serial, MAC or part of a name.", value: .dynamic(MCMSCommands.onuSource))])

    static let defaultLimit = 50
    /// Appliances asked at once unless `--max-parallel` says otherwise: a lookup is a request or
    /// two per appliance, so a NOC's appliances are asked together.
    static let parallel = 32

    let search: ONUSearch
    let cachedOnly: Bool
    let limit: Int

    init(_ invocation: Invocation) throws {
        search = ONUSearch(try invocation.required("TERM"))
        cachedOnly = invocation.flag("cached")
        limit = invocation.integer("limit") ?? Self.defaultLimit
    }

    func run(_ context: CommandContext) async throws {
        let appliances = try Self.appliances(context)
        let now = Date()
        let search = self.search
        // The caches first: instant, and all there is offline.
        var cached: [Found] = []
        var uncached: [String] = []
        for profile in appliances.profiles {
            let cache = DeviceCache(directory: context.cacheDirectory(for: profile))
            guard let written = cache.modified(.onu) else {
                uncached.append(profile.name)
                continue
            }
            let olts = Dictionary(cache.load(.olt).map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            let candidates = search.cacheNeedle.map { cache.entries(.onu, containing: $0) } ?? cache.entries(.onu)
            for entry in candidates where search.matches(id: entry.id, name: entry.name) {
                cached.append(
                    Found(
                        profile: profile.name, id: entry.id, name: entry.name, oltMAC: entry.olt, oltName: entry.olt.flatMap { olts[$0] },
                        seen: .cached(written)))
            }
        }
        if cachedOnly {
            if !uncached.isEmpty {
                context.output.note(
                    "no cache yet for \(uncached.joined(separator: ", ")): list its ONUs once (fieldops -p \(ShellQuote.word(uncached[0])) mcms onu list)"
                )
            }
            try emit(cached, now: now, context: context)
            return
        }
        if !cached.isEmpty, context.output.stderr.isTerminal, !context.output.quiet {
            for found in cached {
                context.output.stderr.line(
                    "cached: \(found.id) \(found.name.isEmpty ? "" : "(\(found.name)) ")on \(found.profile) \(found.seen.describe(now: now)); asking the appliance…"
                )
            }
        }
        let limit = self.limit
        let outcomes = await appliances.each(context) { connection in
            try await Self.lookUp(search, on: connection, limit: limit)
        }
        var found: [Found] = []
        for (profile, result) in outcomes.entries {
            switch result {
            case .success(let matches):
                found += matches
                for stale in cached where stale.profile == profile && !matches.contains(where: { $0.id == stale.id }) {
                    context.output.note("\(stale.id) is no longer on \(profile) (its cache of \(stale.seen.describe(now: now)) had it)")
                }
            case .failure:
                // Unreachable: the cached answer is the best there is, marked as such.
                found += cached.filter { $0.profile == profile }
            }
        }
        // With no answer and nothing cached, the appliances' failure is the message, not "no match".
        if !found.isEmpty || !outcomes.answered.isEmpty { try emit(found, now: now, context: context) }
        try outcomes.conclude(what: "ONU \(search.typed)")
    }

    /// `--profiles`/`--all-profiles`; else the profile `-p` names; else every MCMS profile.
    static func appliances(_ context: CommandContext) throws -> Appliances {
        if let chosen = try Appliances.selected(context, parallel: parallel) { return chosen }
        var reading = MCMSReadOptions()
        reading.fanOut = true
        let profiles =
            context.invocation.value("profile") != nil || context.environment["FIELDOPS_PROFILE"].map({ !$0.isEmpty }) == true
            ? [try context.profile(backend: "mcms")]
            : try context.profiles(backend: "mcms", patterns: [], all: true)
        return Appliances(profiles: profiles, maxParallel: context.invocation.integer("max-parallel") ?? parallel, reading: reading)
    }

    /// The appliance's own answer: the matching ONUs with their OLT and port.
    @Sendable static func lookUp(_ search: ONUSearch, on connection: MCMSConnection, limit: Int) async throws -> [Found] {
        let repository = connection.repository
        let profile = connection.profile.name
        async let oltNames = repository.oltNames()
        var matches: [(id: String, name: String)] = []
        if let id = search.wholeID {
            // Its config and state at once: one round trip to each appliance.
            async let state = repository.onuState(id)
            let config: JSONValue
            do {
                config = try await repository.onuConfig(id)
            } catch MCMSError.notFound {
                _ = try? await state
                return []
            }
            let olts = try await oltNames
            let document = try await state
            return [
                Found(
                    profile: profile, id: id, name: config[MCMSField.onu]?[MCMSField.name]?.stringValue ?? "",
                    oltMAC: document?.oltMAC, oltName: document?.oltMAC.flatMap { olts[$0] }, ponPort: document?.ponPort,
                    onuIDOnPort: document?.onuIDOnPort, seen: .live)
            ]
        } else {
            let names = try await repository.onuNames()
            matches = names.filter { search.matches(id: $0.key, name: $0.value) }.map { ($0.key, $0.value) }.sorted { $0.id < $1.id }
            if matches.count > limit {
                connection.output.note(
                    "\(matches.count) ONUs on \(profile) match \(search.typed); the first \(limit) are confirmed (--limit)")
                matches.removeSubrange(limit...)
            }
        }
        let states = try await withThrowingTaskGroup(of: (String, ONUStateDocument?).self) { group in
            for match in matches { group.addTask { (match.id, try await repository.onuState(match.id)) } }
            var states: [String: ONUStateDocument] = [:]
            for try await (id, state) in group { states[id] = state }
            return states
        }
        let olts = matches.isEmpty ? [:] : try await oltNames
        return matches.map { match in
            let state = states[match.id]
            return Found(
                profile: profile, id: match.id, name: match.name, oltMAC: state?.oltMAC, oltName: state?.oltMAC.flatMap { olts[$0] },
                ponPort: state?.ponPort, onuIDOnPort: state?.onuIDOnPort, seen: .live)
        }
    }

    func emit(_ found: [Found], now: Date, context: CommandContext) throws {
        let found = found.sorted { ($0.profile, $0.id) < ($1.profile, $1.id) }
        if found.isEmpty {
            throw FieldOpsError(
                "no ONU matches \(search.typed)" + (cachedOnly ? " in the local caches" : ""),
                hint: cachedOnly ? "ask the appliances: fieldops mcms onu find \(ShellQuote.word(search.typed))" : nil)
        }
        var table = Table(columns: [
            ProfileColumn.column, .init("ID", fit: .whole), .init("Name"), .init("OLT"),
            .init("Port", fit: .optional(rank: 1)), .init("Seen", fit: .optional(rank: 2)),
        ])
        for item in found {
            table.append([
                item.profile, item.id, item.name, InventoryRendering.oltLabel(name: item.oltName, mac: item.oltMAC),
                item.port, item.seen.describe(now: now),
            ])
        }
        context.output.emitResult(json: .array(found.map(\.json)), empty: nil) {
            table.render(format: context.output.format, color: context.output.terminal.colorEnabled, fit: context.output.tableFit)
        }
    }

    /// One ONU found: where it is and how that is known.
    struct Found: Sendable {
        enum Seen: Sendable {
            case live
            /// From the profile's cache, written then.
            case cached(Date)

            func describe(now: Date) -> String {
                switch self {
                case .live: return "live"
                case .cached(let written):
                    return "cached, "
                        + LocalCopyNotice.age(
                            savedAt: Int64(written.timeIntervalSince1970 * 1000), now: Int64(now.timeIntervalSince1970 * 1000))
                }
            }
        }

        var profile: String
        var id: String
        var name: String
        var oltMAC: String?
        var oltName: String?
        var ponPort: String?
        var onuIDOnPort: String?
        var seen: Seen

        var port: String {
            [ponPort.map { "port \($0)" }, onuIDOnPort.map { "ONU id \($0)" }].compactMap { $0 }.joined(separator: ", ")
        }

        var json: JSONValue {
            var members: [(String, JSONValue)] = [
                ("profile", .string(profile)), ("id", .string(id)), ("name", .string(name)),
                ("olt_mac", oltMAC.map(JSONValue.string) ?? .null), ("olt_name", oltName.map(JSONValue.string) ?? .null),
                ("pon_port", ponPort.map(JSONValue.string) ?? .null), ("onu_id_on_port", onuIDOnPort.map(JSONValue.string) ?? .null),
            ]
            switch seen {
            case .live: members.append(("seen", .string("live")))
            case .cached(let written):
                members.append(("seen", .string("cache")))
                members.append(("cached_at", .string(Timestamp.isoUTC(milliseconds: Int64(written.timeIntervalSince1970 * 1000)))))
            }
            return .object(JSONObject(members))
        }
    }
}

/// What `onu find` looks for: a whole id, a serial, a MAC, or a part of a name.
struct ONUSearch: Sendable {
    let typed: String
    /// The id in the service's spelling, when `typed` is a whole ONU id (one GET finds it).
    let wholeID: String?
    private let lowered: String
    /// Bytes every cache line of a match contains (an id, serial or MAC as the cache spells
    /// it): the caches are searched for them rather than read whole. Nil for a name.
    let cacheNeedle: String?
    private let mac: String?
    private let glob: Glob

    init(_ typed: String) {
        self.typed = typed
        wholeID = Self.isWholeID(typed) ? DeviceID.onu(typed) : nil
        lowered = typed.lowercased()
        let mac = DeviceID.olt(typed)
        self.mac =
            mac.count == 17 && mac.split(separator: ":").count == 6 && mac.allSatisfy({ $0 == ":" || $0.isHexDigit })
            ? mac.lowercased() : nil
        glob = Glob.name(typed)
        let hex = typed.count == 8 && typed.allSatisfy(\.isHexDigit)
        cacheNeedle = wholeID ?? self.mac ?? (hex ? lowered : nil)
    }

    /// True when the ONU `id` named `name` is what was typed: the id itself, the serial at its
    /// end, a MAC equal to it, part of the id, or the name by part or glob.
    func matches(id: String, name: String) -> Bool {
        let lowerID = id.lowercased()
        if let wholeID { return lowerID == wholeID.lowercased() }
        if let mac { return lowerID == mac || lowerID.filter { $0 != ":" && $0 != "-" } == mac.filter { $0 != ":" } }
        return lowerID.contains(lowered) || glob.matches(name)
    }

    /// Four letters of vendor and eight hex digits of serial (`ALPH0067dba8`, any case).
    private static func isWholeID(_ text: String) -> Bool {
        text.count == 12 && text.unicodeScalars.allSatisfy(\.isASCII) && text.prefix(4).allSatisfy(\.isLetter)
            && text.dropFirst(4).allSatisfy(\.isHexDigit)
    }
}
